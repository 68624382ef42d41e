import type { ReactNode } from "react";

/** A titled card of the entity page; `id` names it for tests and deep links. */
export function InfoCard({ title, id, children, actions }: { title: ReactNode; id: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = `card-${id}-title`;
  return (
    <section aria-labelledby={headingId} data-card={id} className="rounded bg-white shadow dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}
