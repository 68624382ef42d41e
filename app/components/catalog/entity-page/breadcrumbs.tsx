import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/root-data";

/** More than this many items collapse to the first and the last two, the middle behind a '…' toggle (a <details>: no JavaScript needed). */
export const BREADCRUMBS_MAX_ITEMS = 3;

export function Breadcrumbs({ items, label }: { items: Array<{ key: string; node: ReactNode }>; label: string }) {
  const t = useTranslation();
  if (items.length === 0) return null;
  const collapsed = items.length > BREADCRUMBS_MAX_ITEMS;
  const head = collapsed ? items.slice(0, 1) : items;
  const hidden = collapsed ? items.slice(1, -2) : [];
  const tail = collapsed ? items.slice(-2) : [];
  const separator = (
    <span aria-hidden="true" className="px-1 text-white/60">
      /
    </span>
  );
  return (
    <nav aria-label={label} className="text-sm text-white/90">
      <ol className="flex flex-wrap items-center">
        {head.map((item, index) => (
          <li key={item.key} className="flex items-center">
            {index > 0 ? separator : null}
            {item.node}
          </li>
        ))}
        {collapsed ? (
          <li className="flex items-center">
            {separator}
            <details className="group">
              <summary className="cursor-pointer list-none rounded px-1 hover:bg-white/20" aria-label={t("entityPage.showAllBreadcrumbs")}>
                <span className="group-open:hidden">…</span>
              </summary>
              <ol className="flex flex-wrap items-center">
                {hidden.map((item, index) => (
                  <li key={item.key} className="flex items-center">
                    {index > 0 ? separator : null}
                    {item.node}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ) : null}
        {tail.map((item) => (
          <li key={item.key} className="flex items-center">
            {separator}
            {item.node}
          </li>
        ))}
      </ol>
    </nav>
  );
}
