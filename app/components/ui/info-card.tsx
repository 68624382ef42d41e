import type { ReactNode } from "react";
import { Link } from "./link";

/**
 * A titled card, as Backstage's InfoCard: a title, an optional subheader and
 * actions, and an optional deep link at the bottom. `id` names it for tests
 * and for the heading the section is labelled by.
 */
export function InfoCard({
  title,
  id,
  subheader,
  actions,
  deepLink,
  children,
}: {
  title: ReactNode;
  id: string;
  subheader?: ReactNode;
  actions?: ReactNode;
  deepLink?: { title: string; link: string };
  children: ReactNode;
}) {
  const headingId = `card-${id}-title`;
  return (
    <section aria-labelledby={headingId} data-card={id} className="flex flex-col rounded bg-white shadow dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {subheader ? <p className="text-sm text-slate-600 dark:text-slate-400">{subheader}</p> : null}
        </div>
        {actions}
      </div>
      <div className="flex-1 p-4">{children}</div>
      {deepLink ? (
        <div className="flex justify-end border-t border-slate-200 px-4 py-2 dark:border-slate-800">
          <Link to={deepLink.link} className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300">
            {deepLink.title} →
          </Link>
        </div>
      ) : null}
    </section>
  );
}
