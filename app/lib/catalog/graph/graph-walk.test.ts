import { describe, expect, it } from "vitest";
import { PAGE_DEFAULTS, type GraphQuery } from "./graph-query";
import { graphTree } from "./graph-tree";
import { walkCatalogGraph, type GraphEntity } from "./graph-walk";

// A catalog in memory: entities by ref key, each with its relations.
function catalogOf(spec: Record<string, Array<[string, string]>>) {
  const entities = new Map<string, GraphEntity>();
  for (const [ref, relations] of Object.entries(spec)) {
    const [kind, rest] = ref.split(":");
    const name = rest.split("/")[1];
    entities.set(ref, { kind, metadata: { name, namespace: "default", title: name.toUpperCase() }, relations: relations.map(([type, targetRef]) => ({ type, targetRef })) });
  }
  const reads: string[][] = [];
  const withRelations: boolean[] = [];
  const fetch = async (keys: string[], options: { relations: boolean }) => {
    reads.push(keys);
    withRelations.push(options.relations);
    return keys.map((key) => entities.get(key) ?? null);
  };
  return { fetch, reads, withRelations };
}

const query = (overrides: Partial<GraphQuery>): GraphQuery => ({ ...PAGE_DEFAULTS, rootEntityRefs: ["component:default/a"], ...overrides });

describe("walking the catalog graph", () => {
  const chain = catalogOf({
    "component:default/a": [
      ["dependsOn", "component:default/b"],
      ["ownedBy", "group:default/team"],
    ],
    "component:default/b": [
      ["dependencyOf", "component:default/a"],
      ["dependsOn", "component:default/c"],
    ],
    "component:default/c": [["dependencyOf", "component:default/b"]],
    "group:default/team": [["ownerOf", "component:default/a"]],
  });

  it("reads one batch per depth level and stops at maxDepth", async () => {
    const graph = await walkCatalogGraph(query({ maxDepth: 1 }), chain.fetch);
    expect(graph.nodes.map((node) => [node.id, node.depth])).toEqual([
      ["component:default/a", 0],
      ["component:default/b", 1],
      ["group:default/team", 1],
    ]);
    expect(chain.reads.slice(-2)).toEqual([["component:default/a"], ["component:default/b", "group:default/team"]]);
    // The last level's relations are not read: unidirectional, they could draw nothing.
    expect(chain.withRelations.slice(-2)).toEqual([true, false]);
    expect(graph.truncated).toBe(false);
    await walkCatalogGraph(query({ maxDepth: 1, unidirectional: false }), chain.fetch);
    expect(chain.withRelations.slice(-2)).toEqual([true, true]);
  });

  it("merges a relation and its opposite into one edge in the primary's direction", async () => {
    const graph = await walkCatalogGraph(query({ maxDepth: 1 }), chain.fetch);
    expect(graph.edges.map((edge) => [edge.from, edge.to, edge.relations])).toEqual([
      ["component:default/a", "component:default/b", ["dependsOn", "dependencyOf"]],
      ["group:default/team", "component:default/a", ["ownerOf", "ownedBy"]],
    ]);
    const separate = await walkCatalogGraph(query({ maxDepth: 1, mergeRelations: false, unidirectional: false }), chain.fetch);
    expect(separate.edges.map((edge) => `${edge.from} ${edge.relations[0]} ${edge.to}`).sort()).toEqual([
      "component:default/a dependsOn component:default/b",
      "component:default/a ownedBy group:default/team",
      "component:default/b dependencyOf component:default/a",
      "group:default/team ownerOf component:default/a",
    ]);
  });

  it("filters by relation type and by kind, roots always shown", async () => {
    const byRelation = await walkCatalogGraph(query({ relations: ["dependsOn"] }), chain.fetch);
    expect(byRelation.nodes.map((node) => node.id)).toEqual(["component:default/a", "component:default/b", "component:default/c"]);
    const byKind = await walkCatalogGraph(query({ rootEntityRefs: ["group:default/team"], kinds: ["component"] }), chain.fetch);
    expect(byKind.nodes.map((node) => node.id)).toEqual(["group:default/team", "component:default/a", "component:default/b", "component:default/c"]);
  });

  it("unidirectional keeps only edges leading away from the roots", async () => {
    const triangle = catalogOf({
      "component:default/a": [
        ["dependsOn", "component:default/b"],
        ["dependsOn", "component:default/c"],
      ],
      "component:default/b": [["dependsOn", "component:default/c"]],
      "component:default/c": [["dependsOn", "component:default/a"]],
    });
    const one = await walkCatalogGraph(query({ mergeRelations: false }), triangle.fetch);
    expect(one.edges.map((edge) => `${edge.from}>${edge.to}`)).toEqual(["component:default/a>component:default/b", "component:default/a>component:default/c"]);
    const both = await walkCatalogGraph(query({ mergeRelations: false, unidirectional: false }), triangle.fetch);
    expect(both.edges).toHaveLength(4);
  });

  it("ends cycles and ignores self-relations, at any depth", async () => {
    const cycle = catalogOf({
      "component:default/a": [
        ["dependsOn", "component:default/b"],
        ["dependsOn", "component:default/a"],
      ],
      "component:default/b": [["dependsOn", "component:default/a"]],
    });
    const graph = await walkCatalogGraph(query({ maxDepth: Infinity, unidirectional: false }), cycle.fetch);
    expect(graph.nodes.map((node) => node.id)).toEqual(["component:default/a", "component:default/b"]);
    expect(graph.edges.every((edge) => edge.from !== edge.to)).toBe(true);
    expect(cycle.reads).toHaveLength(2);
  });

  it("marks dangling refs and unparseable targets as missing or leaves them out", async () => {
    const dangling = catalogOf({
      "component:default/a": [
        ["dependsOn", "resource:default/gone"],
        ["dependsOn", "no-kind-here"],
      ],
    });
    const graph = await walkCatalogGraph(query({}), dangling.fetch);
    expect(graph.nodes).toEqual([
      { id: "component:default/a", kind: "component", title: "A", depth: 0 },
      { id: "resource:default/gone", kind: "resource", title: "gone", depth: 1, missing: true, via: { from: "component:default/a", relation: "dependsOn" } },
    ]);
    const missingRoot = await walkCatalogGraph(query({ rootEntityRefs: ["component:default/nowhere"] }), dangling.fetch);
    expect(missingRoot.nodes).toEqual([{ id: "component:default/nowhere", kind: "component", title: "nowhere", depth: 0, missing: true }]);
  });

  it("cuts a very wide fan-out at the node bound, and says so", async () => {
    const wide = catalogOf({
      "group:default/big": Array.from({ length: 5000 }, (_, index): [string, string] => ["ownerOf", `component:default/c${index}`]),
    });
    const graph = await walkCatalogGraph(query({ rootEntityRefs: ["group:default/big"] }), wide.fetch, { maxNodes: 500 });
    expect(graph.nodes).toHaveLength(500);
    expect(graph.truncated).toBe(true);
    expect(graph.nodes.filter((node) => node.missing)).toHaveLength(499);
    const edges = await walkCatalogGraph(query({ rootEntityRefs: ["group:default/big"] }), wide.fetch, { maxNodes: 500, maxEdges: 100 });
    expect(edges.edges).toHaveLength(100);
    expect(edges.truncated).toBe(true);
  });

  it("nests the nodes under the node that first reached them", async () => {
    const graph = await walkCatalogGraph(query({}), chain.fetch);
    const tree = graphTree(graph);
    expect(tree.map((item) => item.node.id)).toEqual(["component:default/a"]);
    expect(tree[0].children.map((item) => [item.node.id, item.relation])).toEqual([
      ["component:default/b", "dependsOn"],
      ["group:default/team", "ownedBy"],
    ]);
    expect(tree[0].children[0].children.map((item) => item.node.id)).toEqual(["component:default/c"]);
  });
});
