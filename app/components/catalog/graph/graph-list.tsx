import { useTranslation } from "~/components/shell/root-data";
import { Link } from "~/components/ui/link";
import { entityRoute } from "~/lib/catalog/entity-route";
import { graphTree, type GraphTreeItem } from "~/lib/catalog/graph/graph-tree";
import type { CatalogGraph, GraphNode } from "~/lib/catalog/graph/graph-walk";

/** What a node reads as: its title, else its name. */
export function nodeTitle(node: Pick<GraphNode, "title" | "name">): string {
  return node.title ?? node.name;
}

/** The page of a node's entity; none for a missing one. */
export function nodeHref(node: GraphNode): string | undefined {
  return node.missing ? undefined : entityRoute(node.id);
}

/**
 * The graph as a server-rendered nested list of links: what a reader without
 * JavaScript sees, and a list view beside the drawing for everyone else.
 */
export function GraphList({ graph, label }: { graph: Pick<CatalogGraph, "nodes">; label: string }) {
  return (
    <ul aria-label={label} data-testid="graph-list" className="space-y-1">
      {graphTree(graph).map((item) => (
        <GraphListItem key={item.node.id} item={item} />
      ))}
    </ul>
  );
}

function GraphListItem({ item }: { item: GraphTreeItem }) {
  const t = useTranslation();
  const { node } = item;
  const href = nodeHref(node);
  return (
    <li data-graph-node={node.id}>
      <span className="inline-flex flex-wrap items-baseline gap-2">
        {item.relation ? <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{`${item.relation} →`}</span> : null}
        {href ? (
          <Link to={href} className="font-medium text-brand-600 hover:underline dark:text-brand-100">
            {nodeTitle(node)}
          </Link>
        ) : (
          <span className="font-medium text-slate-600 dark:text-slate-300" title={t("catalogGraph.missingHint")}>
            {nodeTitle(node)}
          </span>
        )}
        <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">{node.kind}</span>
        {node.missing ? <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">{t("catalogGraph.missing")}</span> : null}
      </span>
      {item.children.length > 0 ? (
        <ul className="mt-1 space-y-1 border-l border-slate-200 pl-4 dark:border-slate-700">
          {item.children.map((child) => (
            <GraphListItem key={child.node.id} item={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
