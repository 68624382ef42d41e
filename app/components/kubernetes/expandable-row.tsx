import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/root-data";

/**
 * One object of a cluster card, as Backstage's accordions show it: its
 * status bar on a 12-column grid, and a toggle at the bar's end that opens
 * the details below. The toggle is a `<details>`'s summary, so it works
 * without JavaScript; it holds only the chevron and its name, because the
 * bar's own link (the object's drawer) may not sit inside a summary, which is
 * itself a control (axe's nested-interactive).
 */
export function ExpandableRow({ summary, children, testId, name, open = false }: { summary: ReactNode; children: ReactNode; testId: string; name: string; open?: boolean }) {
  const t = useTranslation();
  return (
    <div data-row={testId} className="relative rounded border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div className="grid grid-cols-12 items-center gap-2 py-3 pl-4 pr-12">{summary}</div>
      <details open={open}>
        <summary className="absolute right-2 top-2 flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded text-slate-600 hover:bg-black/10 dark:text-slate-300 dark:hover:bg-white/10 [&::-webkit-details-marker]:hidden">
          {/* Its own details only: an open row around this one must not turn it. */}
          <span aria-hidden="true" className="[details[open]>summary>&]:rotate-180">
            ▾
          </span>
          <span className="sr-only">{t("kubernetes.rows.details", { name })}</span>
        </summary>
        <div className="border-t border-slate-200 p-4 dark:border-slate-700">{children}</div>
      </details>
    </div>
  );
}

/** A row without details (a service, an ingress): the same 12-column bar. */
export function StaticRow({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div data-row={testId} className="grid grid-cols-12 items-center gap-2 rounded border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      {children}
    </div>
  );
}

/** The name cell of a row: the object's link over its kind. */
export function NameCell({ name, kind }: { name: ReactNode; kind: string }) {
  return (
    <div className="col-span-12 flex flex-col sm:col-span-4">
      {name}
      <span className="text-xs text-slate-600 dark:text-slate-400">{kind}</span>
    </div>
  );
}
