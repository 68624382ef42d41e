import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { DropdownMenu, type MenuEntry } from "~/components/ui/menu";
import { TOOLTIP_DELAY } from "~/components/ui/tooltip";
import { prefetchEntityDialogs } from "~/components/catalog/entity-dialogs";
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
 * The header's 'more' menu, the kit's DropdownMenu (a <details> until
 * scripts run): Unregister entity and Inspect entity are links that open the
 * dialogs through the URL; Copy entity URL needs the clipboard, so it is
 * offered only once JavaScript runs, and says how it went beside the
 * button (the menu closes on the click); extra items come from
 * catalog.entityPage.menu.items.
 */
export function MoreMenu({ menu }: { menu: EntityPageView["menu"] }) {
  const t = useTranslation();
  const location = useLocation();
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

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
  const unregisterTitle = menu.unregisterReason === "permission" ? t("entityPage.menu.unregisterNotAllowed") : menu.unregisterReason === "config" ? t("entityPage.menu.unregisterDisabled") : undefined;
  const entries: MenuEntry[] = [
    ...(menu.unregister === "enabled"
      ? [{ kind: "link", label: t("entityPage.menu.unregister"), to: withParam(base, location.search, "unregister") } as const]
      : menu.unregister === "disabled"
        ? [{ kind: "disabled", label: t("entityPage.menu.unregister"), title: unregisterTitle } as const]
        : []),
    { kind: "link", label: t("entityPage.menu.inspect"), to: withParam(base, location.search, "inspect") },
    { kind: "action", label: t("entityPage.menu.copyUrl"), onSelect: () => void copy() },
    ...menu.items.map((item) => ({ kind: "link", label: item.title, to: item.href }) as const),
  ];
  return (
    // The dialogs' chunks start loading as the pointer or the focus reaches the menu (app/components/catalog/entity-dialogs.tsx).
    <div className="flex items-center gap-2" onPointerEnter={prefetchEntityDialogs} onFocus={prefetchEntityDialogs}>
      <span role="status" className="text-sm font-semibold empty:hidden">
        {copied === "yes" ? t("entityPage.menu.copied") : copied === "failed" ? t("entityPage.menu.copyFailed") : ""}
      </span>
      <DropdownMenu
        label={t("entityPage.menu.label")}
        button={<span aria-hidden="true">⋮</span>}
        buttonClassName="rounded p-1 text-2xl leading-none hover:bg-black/10"
        groups={[{ entries }]}
        testId="entity-more-menu"
      />
    </div>
  );
}
