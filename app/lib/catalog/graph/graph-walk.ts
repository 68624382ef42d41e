import { parseEntityRef } from "../entity-ref";
import type { GraphQuery } from "./graph-query";
import { relationPair } from "./relation-pairs";

// The catalog graph as data, independent of where entities come from: a
// breadth-first walk from the roots, one batched read per depth level, bounded
// in nodes and edges, so cycles, self-relations, dangling refs and entities
// with thousands of relations neither hang nor blow up a page.

/** What the walk needs of an entity: the fields a by-refs read asks for. */
export type GraphEntity = {
  kind: string;
  metadata: { name: string; namespace?: string; title?: string };
  relations?: Array<{ type: string; targetRef: string }>;
};

// Nodes and edges travel to the browser with the page: only what is drawn.
export type GraphNode = {
  /** The ref key, lower case: kind:namespace/name. */
  id: string;
  kind: string;
  /** The entity's title, else its name (from the ref for a missing one). */
  title: string;
  /** Levels from the nearest root (0 for a root). */
  depth: number;
  /** Named by a relation (or asked for as a root) but not in the catalog, or not readable. */
  missing?: true;
  /** The node and relation the walk first reached this one through (none for a root). */
  via?: { from: string; relation: string };
};

export type GraphEdge = { from: string; to: string; relations: string[] };

export type CatalogGraph = {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Set when the node or edge bound cut the walk short. */
  truncated: boolean;
};

export const MAX_NODES = 500;
/** A bound on edges too: 500 nodes related all to all would be 250,000 of them. */
export const MAX_EDGES = 2000;

/**
 * Reads entities by ref key, in order; null for what is missing or not
 * readable. Without `relations` the answer may leave them out: the walk asks
 * so for a level whose relations cannot matter.
 */
export type FetchEntities = (keys: string[], options: { relations: boolean }) => Promise<Array<GraphEntity | null>>;

type Options = { maxNodes?: number; maxEdges?: number };

function refKey(ref: string): string | undefined {
  try {
    const { kind, namespace, name } = parseEntityRef(ref);
    return `${kind}:${namespace}/${name}`.toLocaleLowerCase("en-US");
  } catch {
    return undefined;
  }
}

function kindOfKey(key: string): string {
  return key.slice(0, key.indexOf(":"));
}

/** The relations of an entity the query follows, to refs that parse; self-relations are left out. */
function followed(entity: GraphEntity, selfKey: string, query: Pick<GraphQuery, "relations" | "kinds">) {
  const result: Array<{ type: string; target: string }> = [];
  for (const relation of entity.relations ?? []) {
    if (query.relations && !query.relations.includes(relation.type)) continue;
    const target = refKey(relation.targetRef);
    if (!target || target === selfKey) continue;
    if (query.kinds && !query.kinds.includes(kindOfKey(target))) continue;
    result.push({ type: relation.type, target });
  }
  return result;
}

function nodeOf(key: string, entity: GraphEntity | null, depth: number, via: GraphNode["via"]): GraphNode {
  const title = entity?.metadata.title;
  return {
    id: key,
    kind: entity?.kind ?? key.slice(0, key.indexOf(":")),
    title: typeof title === "string" && title ? title : (entity?.metadata.name ?? key.slice(key.indexOf("/") + 1)),
    depth,
    ...(entity ? {} : { missing: true as const }),
    ...(via ? { via } : {}),
  };
}

/**
 * Walks the relations from the query's roots to its depth. Each level is one
 * call of `fetchEntities` with every ref first reached on that level; a node
 * is visited once however many paths lead to it (cycles end there). When the
 * node bound is reached the walk stops adding nodes and says so.
 */
export async function walkCatalogGraph(query: GraphQuery, fetchEntities: FetchEntities, options: Options = {}): Promise<CatalogGraph> {
  const maxNodes = options.maxNodes ?? MAX_NODES;
  const maxEdges = options.maxEdges ?? MAX_EDGES;
  const nodes = new Map<string, GraphNode>();
  const entities = new Map<string, GraphEntity>();
  let truncated = false;

  let frontier = [...new Set(query.rootEntityRefs.flatMap((ref) => refKey(ref) ?? []))];
  if (frontier.length > maxNodes) {
    frontier = frontier.slice(0, maxNodes);
    truncated = true;
  }
  let reachedVia = new Map<string, NonNullable<GraphNode["via"]>>();
  for (let depth = 0; frontier.length > 0; depth++) {
    // The last level's relations lead nowhere new; unidirectional, they draw no edge either.
    const lastLevel = depth >= query.maxDepth || nodes.size + frontier.length >= maxNodes;
    const found = await fetchEntities(frontier, { relations: !(lastLevel && query.unidirectional) });
    const next: string[] = [];
    frontier.forEach((key, index) => {
      const entity = found[index] ?? null;
      nodes.set(key, nodeOf(key, entity, depth, reachedVia.get(key)));
      if (entity) entities.set(key, entity);
    });
    if (depth >= query.maxDepth) break;
    const queued = new Map<string, NonNullable<GraphNode["via"]>>();
    for (const key of frontier) {
      const entity = entities.get(key);
      if (!entity) continue;
      for (const { type, target } of followed(entity, key, query)) {
        if (nodes.has(target) || queued.has(target)) continue;
        if (nodes.size + queued.size >= maxNodes) {
          truncated = true;
          break;
        }
        queued.set(target, { from: key, relation: type });
        next.push(target);
      }
    }
    frontier = next;
    reachedVia = queued;
  }

  const { edges, cut } = graphEdges(nodes, entities, query, maxEdges);
  return { nodes: [...nodes.values()], edges, truncated: truncated || cut };
}

/** An edge's identity: its ends and its relations. */
export function edgeId(edge: GraphEdge): string {
  return `${edge.from} ${edge.relations.join("/")} ${edge.to}`;
}

/**
 * The edges between the nodes shown. Unidirectional keeps only relations that
 * lead away from the roots (to a deeper level), as Backstage draws each
 * entity from where it was reached; otherwise every relation between shown
 * nodes counts. Merged, a relation and its opposite are one edge in the
 * primary relation's direction, labelled with both.
 */
export function graphEdges(
  nodes: ReadonlyMap<string, GraphNode>,
  entities: ReadonlyMap<string, GraphEntity>,
  query: Pick<GraphQuery, "relations" | "kinds" | "mergeRelations" | "unidirectional">,
  maxEdges = MAX_EDGES,
): { edges: GraphEdge[]; cut: boolean } {
  const edges = new Map<string, GraphEdge>();
  for (const [key, entity] of entities) {
    const source = nodes.get(key);
    if (!source) continue;
    for (const { type, target } of followed(entity, key, query)) {
      const targetNode = nodes.get(target);
      if (!targetNode) continue;
      if (query.unidirectional && targetNode.depth <= source.depth) continue;
      let edge: GraphEdge;
      if (query.mergeRelations) {
        const pair = relationPair(type);
        const forward = pair[0] === type;
        const from = forward ? key : target;
        const to = forward ? target : key;
        edge = { from, to, relations: [...pair] };
      } else {
        edge = { from: key, to: target, relations: [type] };
      }
      const id = edgeId(edge);
      if (edges.has(id)) continue;
      if (edges.size >= maxEdges) return { edges: [...edges.values()], cut: true };
      edges.set(id, edge);
    }
  }
  return { edges: [...edges.values()], cut: false };
}
