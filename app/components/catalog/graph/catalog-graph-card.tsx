import { InfoCard } from "~/components/catalog/entity-page/info-card";
import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import type { CatalogGraphCardView } from "~/lib/catalog/graph/catalog-graph-card";
import { GraphView } from "./graph-view";

/** The entity's direct relations as a graph (a list without JavaScript), with a link to the catalog graph page. */
export function CatalogGraphCard({ view }: { view: CatalogGraphCardView }) {
  const t = useTranslation();
  const root = view.graph.nodes.find((node) => node.depth === 0);
  const actions = (
    <Link to={view.link} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
      {t("catalogGraph.viewGraph")}
    </Link>
  );
  return (
    <InfoCard id="catalog-graph" title={t("catalogGraph.cardTitle")} actions={actions}>
      {view.graph.truncated ? <p className="mb-2 text-sm text-amber-800 dark:text-amber-200">{t("catalogGraph.truncated", { max: view.graph.nodes.length })}</p> : null}
      <GraphView graph={view.graph} direction={view.direction} label={root ? root.title : ""} height="400px" />
    </InfoCard>
  );
}
