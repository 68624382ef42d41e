import type { ReactNode } from "react";
import { useTranslation } from "./root-data";

export type EmptyStateKind = "field" | "info" | "content" | "data";

/**
 * Backstage's EmptyState: a page or card with nothing to show yet, saying
 * what is missing and offering the way to add it (`action`).
 */
export function EmptyState({ title, description, missing = "info", action }: { title: ReactNode; description?: ReactNode; missing?: EmptyStateKind; action?: ReactNode }) {
  const t = useTranslation();
  return (
    <section data-empty-state={missing} className="flex flex-col items-start gap-3 rounded border border-dashed border-slate-300 bg-white p-8 dark:border-slate-700 dark:bg-slate-900">
      <p className="text-sm tracking-wide text-slate-500 uppercase dark:text-slate-400">{t(`uiKit.emptyState.${missing}`)}</p>
      <h2 className="text-2xl font-semibold">{title}</h2>
      {description ? <div className="max-w-2xl text-slate-700 dark:text-slate-300">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </section>
  );
}
