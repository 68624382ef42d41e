import type { ReactNode } from "react";
import { useTranslation } from "./root-data";
import { Link } from "./link";

export type PageLinks = { first?: string; previous?: string; next?: string; last?: string };

/**
 * Paging as links (state in the URL, so it works without JavaScript and can
 * be shared). Each arrow carries its tooltip (its title) and accessible
 * name; an arrow with nowhere to go is shown disabled. `children` is the
 * summary beside the arrows ('1-10 of 42', a page size select).
 */
export function Pagination({ links, label, children }: { links: PageLinks; label?: string; children?: ReactNode }) {
  const t = useTranslation();
  return (
    <nav aria-label={label ?? t("uiKit.pagination.label")} className="mt-3 flex flex-wrap items-center justify-end gap-4 text-sm">
      {children}
      <span className="flex items-center gap-1">
        <PageLink to={links.first} label={t("uiKit.pagination.first")} symbol="«" />
        <PageLink to={links.previous} label={t("uiKit.pagination.previous")} symbol="‹" />
        <PageLink to={links.next} label={t("uiKit.pagination.next")} symbol="›" />
        {"last" in links ? <PageLink to={links.last} label={t("uiKit.pagination.last")} symbol="»" /> : null}
      </span>
    </nav>
  );
}

/** One paging arrow: a link with its tooltip, or a disabled marker when `to` is undefined. */
export function PageLink({ to, label, symbol }: { to?: string; label: string; symbol: ReactNode }) {
  const look = "grid h-8 w-8 place-items-center rounded text-lg";
  if (!to) {
    return (
      <span role="link" aria-disabled="true" aria-label={label} title={label} className={`${look} text-slate-400 dark:text-slate-600`}>
        {symbol}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} title={label} className={`${look} hover:bg-black/10 dark:hover:bg-white/10`}>
      {symbol}
    </Link>
  );
}
