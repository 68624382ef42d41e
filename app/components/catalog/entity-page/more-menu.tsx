import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/components/shell/root-data";
import { Link } from "~/components/ui/link";
import { TOOLTIP_DELAY } from "~/components/ui/tooltip";
import type { EntityPageView } from "~/lib/catalog/entity-page/entity-page-view";

/** The transient 'Copied!' stays this long (Backstage's copy feedback). */
const COPIED_FOR_MS = TOOLTIP_DELAY.copy;

/** The URL of this page with one query parameter added (?unregister, ?inspect). */
export function withParam(pathname: string, search: string, param: string): string {
  const params = new URLSearchParams(search);
  params.delete("unregister");
  params.delete("inspect");
  params.set(param, "");
  return `${pathname}?${params.toString().replace(new RegExp(`${param}=(&|$)`), `${param}$1`)}`;
}

/**
 * The header's 'more' menu, a <details> so it opens without JavaScript:
 * Unregister entity and Inspect entity are links that open the dialogs
 * through the URL; Copy entity URL needs the clipboard, so it appears only
 * once JavaScript runs; extra items come from catalog.entityPage.menu.items.
 */
export function MoreMenu({ menu }: { menu: EntityPageView["menu"] }) {
  const t = useTranslation();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    setHydrated(true);
    return () => clearTimeout(timer.current);
  }, []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
    timer.current = setTimeout(() => setCopied("no"), COPIED_FOR_MS);
  };
  // The router's pathname is below the base path already; Link adds it back.
  const base = location.pathname;
  const itemClass = "block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
  const unregisterTitle =
    menu.unregisterReason === "permission" ? t("entityPage.menu.unregisterNotAllowed") : menu.unregisterReason === "config" ? t("entityPage.menu.unregisterDisabled") : undefined;
  return (
    <details className="relative" data-testid="entity-more-menu">
      <summary className="cursor-pointer list-none rounded p-1 text-2xl leading-none hover:bg-black/10" aria-label={t("entityPage.menu.label")} title={t("entityPage.menu.label")}>
        <span aria-hidden="true">⋮</span>
      </summary>
      <ul role="menu" className="absolute right-0 z-40 mt-1 w-56 rounded bg-white py-1 text-slate-900 shadow-lg dark:bg-slate-900 dark:text-slate-100">
        {menu.unregister === "enabled" ? (
          <li role="none">
            <Link role="menuitem" to={withParam(base, location.search, "unregister")} className={itemClass}>
              {t("entityPage.menu.unregister")}
            </Link>
          </li>
        ) : menu.unregister === "disabled" ? (
          <li role="none">
            <span role="menuitem" aria-disabled="true" title={unregisterTitle} className={`${itemClass} cursor-not-allowed text-slate-400 dark:text-slate-500`}>
              {t("entityPage.menu.unregister")}
            </span>
          </li>
        ) : null}
        <li role="none">
          <Link role="menuitem" to={withParam(base, location.search, "inspect")} className={itemClass}>
            {t("entityPage.menu.inspect")}
          </Link>
        </li>
        {hydrated ? (
          <li role="none">
            <button type="button" role="menuitem" onClick={copy} className={itemClass}>
              {t("entityPage.menu.copyUrl")}
            </button>
            <span role="status" className="block px-4 text-sm font-semibold text-emerald-700 empty:hidden dark:text-emerald-300">
              {copied === "yes" ? t("entityPage.menu.copied") : copied === "failed" ? t("entityPage.menu.copyFailed") : ""}
            </span>
          </li>
        ) : null}
        {menu.items.map((item) => (
          <li role="none" key={`${item.title}-${item.href}`}>
            <Link role="menuitem" to={item.href} className={itemClass}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
