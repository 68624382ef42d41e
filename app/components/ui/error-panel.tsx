import type { ReactNode } from "react";
import { useTranslation } from "./root-data";

/** An error's name and message, with its stack behind a toggle (a <details>, so it works without JavaScript). */
export function ErrorPanel({ title, error, children }: { title?: ReactNode; error: { name: string; message: string; stack?: string }; children?: ReactNode }) {
  const t = useTranslation();
  return (
    <section role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h2 className="font-semibold">{title ?? `${error.name}: ${error.message}`}</h2>
      {title ? (
        <p className="mt-1">
          <span className="font-mono">{error.name}</span>: {error.message}
        </p>
      ) : null}
      {children}
      {error.stack ? (
        <details className="group mt-3">
          <summary className="cursor-pointer text-sm">
            <span className="group-open:hidden">{t("errorPage.showMoreDetails")}</span>
            <span className="hidden group-open:inline">{t("errorPage.showLessDetails")}</span>
          </summary>
          <pre className="mt-2 overflow-auto text-xs whitespace-pre-wrap">{error.stack}</pre>
        </details>
      ) : null}
    </section>
  );
}
