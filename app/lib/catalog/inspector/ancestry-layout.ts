import type { AncestryNode } from "../entity-dialogs";

// A layered layout of an entity's ancestry for a plain SVG: the entity on the
// bottom layer, its parents on the layer above, their parents above those
// (Backstage's bottom-to-top ancestry direction). Ancestry is a short chain in
// practice (entity, its Location, the root Location), so a few lines of
// arithmetic do what a graph library would; the margins are Backstage's graph
// defaults (node margin 50, rank margin 50).

export const NODE_WIDTH = 260;
export const NODE_HEIGHT = 44;
export const NODE_MARGIN = 50;
export const RANK_MARGIN = 50;

export type PlacedNode = { entityRef: string; layer: number; x: number; y: number };
export type PlacedEdge = { from: PlacedNode; to: PlacedNode };
export type AncestryLayout = { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[] };

export function layoutAncestry(rootEntityRef: string, items: AncestryNode[]): AncestryLayout {
  const byRef = new Map(items.map((item) => [item.entityRef, item]));
  // Each node sits one layer above the nearest child that leads to it.
  const layers = new Map<string, number>([[rootEntityRef, 0]]);
  for (let frontier = [rootEntityRef]; frontier.length > 0;) {
    const next: string[] = [];
    for (const ref of frontier) {
      for (const parent of byRef.get(ref)?.parentEntityRefs ?? []) {
        if (layers.has(parent) || !byRef.has(parent)) continue;
        layers.set(parent, layers.get(ref)! + 1);
        next.push(parent);
      }
    }
    frontier = next;
  }
  const depth = Math.max(...layers.values());
  const rows: string[][] = Array.from({ length: depth + 1 }, () => []);
  for (const [ref, layer] of layers) rows[layer].push(ref);
  const widest = Math.max(...rows.map((row) => row.length));
  const width = widest * NODE_WIDTH + (widest + 1) * NODE_MARGIN;
  const height = (depth + 1) * NODE_HEIGHT + (depth + 2) * RANK_MARGIN;

  const placed = new Map<string, PlacedNode>();
  rows.forEach((row, layer) => {
    // Centre each row; the top row is the oldest ancestor.
    const rowWidth = row.length * NODE_WIDTH + (row.length - 1) * NODE_MARGIN;
    const left = (width - rowWidth) / 2;
    const y = RANK_MARGIN + (depth - layer) * (NODE_HEIGHT + RANK_MARGIN);
    row.forEach((entityRef, index) => placed.set(entityRef, { entityRef, layer, x: left + index * (NODE_WIDTH + NODE_MARGIN), y }));
  });
  const edges: PlacedEdge[] = [];
  for (const [ref, node] of placed) {
    for (const parent of byRef.get(ref)?.parentEntityRefs ?? []) {
      const from = placed.get(parent);
      if (from) edges.push({ from, to: node });
    }
  }
  return { width, height, nodes: [...placed.values()], edges };
}
