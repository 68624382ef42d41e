import type { CatalogGraph, GraphNode } from "./graph-walk";

// The graph as a nested list, for readers without JavaScript (and for screen
// readers with it): each root, under it the entities the walk reached from
// it, and so on. Every node appears once, under the node that first reached
// it, so a cycle ends where it closes.

export type GraphTreeItem = { node: GraphNode; relation?: string; children: GraphTreeItem[] };

export function graphTree(graph: Pick<CatalogGraph, "nodes">): GraphTreeItem[] {
  const items = new Map(graph.nodes.map((node) => [node.id, { node, relation: node.via?.relation, children: [] as GraphTreeItem[] }]));
  const roots: GraphTreeItem[] = [];
  for (const item of items.values()) {
    const parent = item.node.via ? items.get(item.node.via.from) : undefined;
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}
