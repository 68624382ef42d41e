import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/components/ui/root-data";
import type { Direction } from "~/lib/catalog/graph/graph-query";
import type { CatalogGraph } from "~/lib/catalog/graph/graph-walk";
import { GraphList } from "./graph-list";

// The drawing (@xyflow/react, dagre, their CSS) is a chunk of its own, loaded
// only after hydration on a page that shows a graph: the server and readers
// without JavaScript get the nested list, and no other page pays for it.
const GraphFlow = lazy(() => import("./graph-flow"));

export function GraphView({ graph, direction, label, height }: { graph: CatalogGraph; direction: Direction; label: string; height: string }) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const list = <GraphList graph={graph} label={t("catalogGraph.listLabel", { entity: label })} />;
  if (!hydrated || graph.nodes.length === 0) return list;
  return (
    <div>
      <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">{t("catalogGraph.loadingGraph")}</p>}>
        <GraphFlow graph={graph} direction={direction} label={t("catalogGraph.graphLabel", { entity: label })} height={height} />
      </Suspense>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-slate-600 dark:text-slate-400">{t("catalogGraph.listSummary")}</summary>
        <div className="mt-2">{list}</div>
      </details>
    </div>
  );
}
