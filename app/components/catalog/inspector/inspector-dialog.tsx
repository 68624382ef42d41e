import { Link, useLocation } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import type { Entity } from "~/lib/catalog/entity";
import { INSPECT_PARAM, INSPECTOR_TABS, withSearchParams, type InspectorTabData } from "~/lib/catalog/entity-dialogs";
import { AncestryTab } from "./ancestry-tab";
import { ColocatedTab } from "./colocated-tab";
import { OverviewTab } from "./overview-tab";
import { RawTab } from "./raw-tab";
import { UrlDialog } from "~/components/ui/dialog";

/**
 * The entity inspector (docs/decisions/014-unregister-and-inspector.md): its tabs are links that set ?inspect=tab
 * on the same page, so each tab is a shareable link rendered on the server.
 */
export function InspectorDialog({ data, entity }: { data: InspectorTabData; entity: Entity }) {
  const t = useTranslation();
  const location = useLocation();
  return (
    <UrlDialog title={t("entityDialogs.inspector.title")} closeTo={withSearchParams(location, { [INSPECT_PARAM]: null })} testId="entity-inspector">
      <nav aria-label={t("entityDialogs.inspector.tabsLabel")} className="-mt-1 mb-4 border-b border-slate-200 dark:border-slate-700">
        <ul className="flex flex-wrap gap-1">
          {INSPECTOR_TABS.map((tab) => {
            const selected = tab === data.tab;
            return (
              <li key={tab}>
                {/* Same-page links that change one parameter: no scroll to the top. */}
                <Link
                  to={withSearchParams(location, { [INSPECT_PARAM]: tab })}
                  preventScrollReset
                  replace
                  aria-current={selected ? "page" : undefined}
                  className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-semibold uppercase tracking-wide ${
                    selected
                      ? "border-brand-600 text-brand-700 dark:border-brand-300 dark:text-brand-300"
                      : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
                  }`}
                >
                  {t(`entityDialogs.inspector.tabs.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section data-testid={`inspector-tab-${data.tab}`}>
        {data.tab === "overview" ? <OverviewTab entity={entity} presentations={data.presentations} /> : null}
        {data.tab === "ancestry" ? <AncestryTab data={data} /> : null}
        {data.tab === "colocated" ? <ColocatedTab data={data} /> : null}
        {data.tab === "json" || data.tab === "yaml" ? <RawTab tab={data.tab} text={data.text} /> : null}
      </section>
    </UrlDialog>
  );
}
