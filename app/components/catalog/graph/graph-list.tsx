import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { entityRoute } from "~/lib/catalog/entity-route";
import { graphTree, type GraphTreeItem } from "~/lib/catalog/graph/graph-tree";
import type { CatalogGraph, GraphNode } from "~/lib/catalog/graph/graph-walk";

/** The page of a node's entity; none for a missing one. */
export function nodeHref(node: GraphNode): string | undefined {
  return node.missing ? undefined : entityRoute(node.id);
}

/**
 * The graph as a server-rendered nested list of links: what a reader without
 * JavaScript sees, and a list view beside the drawing for everyone else.
 */
export function GraphList({ graph, label }: { graph: Pick<CatalogGraph, "nodes">; label: string }) {
  const t = useTranslation();
  const context = { basePath: useBasePath(), missingHint: t("catalogGraph.missingHint"), missing: t("catalogGraph.missing") };
  return (
    // The styles sit once on the list, not on each of up to 500 items: the page's HTML stays small.
    <ul
      aria-label={label}
      data-testid="graph-list"
      className="space-y-1 [&_[data-kind]]:rounded [&_[data-kind]]:bg-slate-100 [&_[data-kind]]:px-1.5 [&_[data-kind]]:text-xs dark:[&_[data-kind]]:bg-slate-800 [&_[data-missing]]:rounded [&_[data-missing]]:bg-amber-100 [&_[data-missing]]:px-1.5 [&_[data-missing]]:text-xs [&_[data-missing]]:text-amber-900 dark:[&_[data-missing]]:bg-amber-900 dark:[&_[data-missing]]:text-amber-100 [&_[data-relation]]:font-mono [&_[data-relation]]:text-xs [&_[data-relation]]:text-slate-500 dark:[&_[data-relation]]:text-slate-400 [&_a]:font-medium [&_a]:text-brand-600 hover:[&_a]:underline dark:[&_a]:text-brand-100 [&_li>span]:inline-flex [&_li>span]:flex-wrap [&_li>span]:items-baseline [&_li>span]:gap-2 [&_ul]:mt-1 [&_ul]:space-y-1 [&_ul]:border-l [&_ul]:border-slate-200 [&_ul]:pl-4 dark:[&_ul]:border-slate-700"
    >
      {graphTree(graph).map((item) => (
        <GraphListItem key={item.node.id} item={item} context={context} />
      ))}
    </ul>
  );
}

type ListContext = { basePath: string; missingHint: string; missing: string };

// Plain anchors, not the router's Link: up to 500 of them, and each Link costs
// a few hooks on the server. The paths are our own entity routes, so the
// javascript: check of ui/link has nothing to catch here.
function GraphListItem({ item, context }: { item: GraphTreeItem; context: ListContext }) {
  const { node } = item;
  const href = nodeHref(node);
  return (
    <li data-graph-node={node.id}>
      <span>
        {item.relation ? <span data-relation="">{`${item.relation} →`}</span> : null}
        {href ? <a href={`${context.basePath}${href}`}>{node.title}</a> : <span title={context.missingHint}>{node.title}</span>}
        <span data-kind="">{node.kind}</span>
        {node.missing ? <span data-missing="">{context.missing}</span> : null}
      </span>
      {item.children.length > 0 ? (
        <ul>
          {item.children.map((child) => (
            <GraphListItem key={child.node.id} item={child} context={context} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
