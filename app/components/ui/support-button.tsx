import { DropdownMenu, type MenuGroup } from "./menu";
import { useRootData, useTranslation } from "./root-data";

/** Lists app.support.items, one group of links per item, in the kit's menu (a <details> until scripts run). */
export function SupportButton() {
  const t = useTranslation();
  const support = useRootData()?.config.support;
  const items = support?.items ?? [];
  const groups: MenuGroup[] =
    items.length === 0
      ? [{ heading: t("supportButton.notConfigured"), entries: [{ kind: "link", label: t("supportButton.notConfiguredLink"), to: support?.url ?? "https://backstage.io/docs/conf/" }] }]
      : items.map((item) => ({ heading: item.title, entries: item.links.map((link) => ({ kind: "link", label: link.title ?? link.url, to: link.url })) }));
  return <DropdownMenu label={t("supportButton.title")} buttonClassName="rounded border border-current px-3 py-1 text-sm font-medium" groups={groups} testId="support-menu" />;
}
