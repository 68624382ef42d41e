import { Graph, layout } from "@dagrejs/dagre";
import type { Direction } from "./graph-query";

// Places the graph's nodes with dagre, with Backstage's dependency graph
// defaults: node margin 50, edge margin 10, rank margin 50. Only the
// graph's lazy chunk imports this module, so dagre never ships with pages
// that show no graph.

export const LAYOUT_DEFAULTS = { nodeMargin: 50, edgeMargin: 10, rankMargin: 50, throttleMs: 250, ancestryDirection: "BT" } as const;

export type Size = { width: number; height: number };
export type Placed = { x: number; y: number };

/** Top-left positions by node id, for nodes of the given sizes. */
export function layoutGraph(nodes: ReadonlyArray<{ id: string; size: Size }>, edges: ReadonlyArray<{ from: string; to: string; label?: Size }>, direction: Direction): Map<string, Placed> {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: direction, nodesep: LAYOUT_DEFAULTS.nodeMargin, edgesep: LAYOUT_DEFAULTS.edgeMargin, ranksep: LAYOUT_DEFAULTS.rankMargin });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: node.size.width, height: node.size.height });
  edges.forEach((edge, index) => {
    if (edge.from === edge.to || !graph.hasNode(edge.from) || !graph.hasNode(edge.to)) return;
    graph.setEdge(edge.from, edge.to, { width: edge.label?.width ?? 0, height: edge.label?.height ?? 0, labelpos: "c" }, String(index));
  });
  layout(graph);
  const placed = new Map<string, Placed>();
  for (const node of nodes) {
    const label = graph.node(node.id);
    placed.set(node.id, { x: label.x - node.size.width / 2, y: label.y - node.size.height / 2 });
  }
  return placed;
}
