import { describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../../tests/support/catalog";
import { TEST_ENGINES } from "../../../../tests/support/databases";
import type { Entity } from "../entity";
import { parseFilterParams } from "./predicate";
import { INTERNAL_CREDENTIALS } from "../../auth/credentials";

/** These tests read and write as Atrium itself, which every permission allows. */
const SYSTEM = { credentials: INTERNAL_CREDENTIALS };

// Queries on both engines over one small catalog: filters, ordering, cursor
// paging both ways, counts, full-text, facets and by-refs.

const TYPES = ["service", "website", "library"];
const components = Array.from({ length: 25 }, (_, i) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: {
    name: `svc-${String(i).padStart(2, "0")}`,
    ...(i % 5 === 0 ? {} : { title: `Service ${i % 7}` }),
    tags: i % 2 ? ["java", "payments"] : ["java"],
    labels: { language: i % 2 ? "java" : "Java" },
    annotations: i === 3 ? { "backstage.io/techdocs-ref": "dir:." } : {},
  },
  spec: { type: TYPES[i % 3], lifecycle: i < 20 ? "production" : "experimental", owner: i % 4 === 0 ? "team-b" : "team-a" },
}));
const groups = ["team-a", "team-b"].map((name) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name }, spec: { type: "team", children: [] } }));

describe.each(TEST_ENGINES)("entity queries on %s", (engine) => {
  const fixture = useIngestedCatalog(engine, [...groups, ...components], ["Component", "Group"]);

  const names = (items: Array<Partial<Entity>>) => items.map((item) => item.metadata?.name);
  const query = (filter: string[], extra: object = {}) => fixture.catalog.entities.queryEntities({ filter: parseFilterParams(filter), limit: 100, ...extra }, SYSTEM);

  it("ANDs the pairs of one filter, ORs filters, and matches case-insensitively", async () => {
    expect((await query(["kind=Component,spec.type=SERVICE,spec.lifecycle=experimental"])).totalItems).toBe(2);
    expect((await query(["kind=group", "spec.type=website"])).totalItems).toBe(2 + 8);
    expect((await query(["kind=component,spec.type=service,spec.type=library"])).totalItems).toBe(17);
  });

  it("treats a key alone as 'exists' and reaches annotations, tags and relations", async () => {
    expect(names((await query(["metadata.annotations.backstage.io/techdocs-ref"])).items)).toEqual(["svc-03"]);
    expect((await query(["kind=component,metadata.title"])).totalItems).toBe(20);
    expect((await query(["metadata.tags=payments"])).totalItems).toBe(12);
    expect((await query(["relations.ownedBy=group:default/team-b"])).totalItems).toBe(7);
  });

  it("reads a relation from both its ends: the entity's relations, filters, prefixes, order and facets", async () => {
    // Each component's spec writes ownedBy; its group shows the reverse, ownerOf, from the same stored relation.
    const [teamB] = (await fixture.catalog.entities.entitiesByRefs({ entityRefs: ["group:default/team-b"] }, SYSTEM)).items;
    expect(teamB?.relations?.filter((relation) => relation.type === "ownerOf").map((relation) => relation.targetRef)).toEqual(
      ["00", "04", "08", "12", "16", "20", "24"].map((n) => `component:default/svc-${n}`),
    );
    const [svc04] = (await fixture.catalog.entities.entitiesByRefs({ entityRefs: ["component:default/svc-04"] }, SYSTEM)).items;
    expect(svc04?.relations).toEqual([{ type: "ownedBy", targetRef: "group:default/team-b" }]);
    const stored = await fixture.db.selectFrom("catalog_relations").select(["type", "reverse_type"]).distinct().execute();
    expect(stored).toEqual([{ type: "ownedBy", reverse_type: "ownerOf" }]);
    const { n } = await fixture.db
      .selectFrom("catalog_relations")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(25);

    expect(names((await query(["relations.ownerOf=component:default/svc-04"])).items)).toEqual(["team-b"]);
    expect((await query(["kind=group,relations.ownerOf"])).totalItems).toBe(2);
    const prefixed = await fixture.catalog.entities.queryEntities({ query: { "relations.ownerOf": { $hasPrefix: "Component:default/svc-2" } }, limit: 100 }, SYSTEM);
    expect(names(prefixed.items).sort()).toEqual(["team-a", "team-b"]);
    expect((await query(["relations.ownerOf=component:default/nope"])).totalItems).toBe(0);

    // Each group sorts by the first component it owns: team-b owns svc-00.
    const groupsInOrder = await fixture.catalog.entities.queryEntities({ filter: parseFilterParams(["kind=group"]), orderFields: [{ field: "relations.ownerOf", order: "asc" }], limit: 10 }, SYSTEM);
    expect(names(groupsInOrder.items)).toEqual(["team-b", "team-a"]);

    const { facets } = await fixture.catalog.entities.facets({ facets: ["relations.ownedBy", "relations.ownerOf"], filter: parseFilterParams(["spec.lifecycle=experimental"]) }, SYSTEM);
    expect(facets["relations.ownedBy"]).toEqual([
      { value: "group:default/team-a", count: 3 },
      { value: "group:default/team-b", count: 2 },
    ]);
    const owners = await fixture.catalog.entities.facets({ facets: ["relations.ownerOf"], filter: parseFilterParams(["kind=group"]) }, SYSTEM);
    expect(owners.facets["relations.ownerOf"]).toHaveLength(25);
    expect(owners.facets["relations.ownerOf"]).toContainEqual({ value: "component:default/svc-04", count: 1 });
    expect(facets["relations.ownerOf"]).toEqual([]);
  });

  it("evaluates predicates with $not, $in, $hasPrefix and $exists", async () => {
    const result = await fixture.catalog.entities.queryEntities(
      {
        query: { $all: [{ kind: "component" }, { $not: { "spec.owner": "team-a" } }, { "metadata.name": { $hasPrefix: "SVC-1" } }] },
        limit: 100,
      },
      SYSTEM,
    );
    expect(names(result.items).sort()).toEqual(["svc-12", "svc-16"]);
    expect((await fixture.catalog.entities.queryEntities({ query: { "spec.type": { $in: ["website", "library"] }, "metadata.title": { $exists: false } } }, SYSTEM)).totalItems).toBe(3);
  });

  it("pages forward and back through every item with stable totals", async () => {
    const orderFields = [{ field: "metadata.title", order: "desc" as const }];
    const first = await fixture.catalog.entities.queryEntities({ filter: parseFilterParams(["kind=component"]), orderFields, limit: 7 }, SYSTEM);
    expect(first.totalItems).toBe(25);
    expect(first.pageInfo.prevCursor).toBeUndefined();
    const pages = [first];
    while (pages.at(-1)!.pageInfo.nextCursor) pages.push(await fixture.catalog.entities.queryEntities({ cursor: pages.at(-1)!.pageInfo.nextCursor!, limit: 7 }, SYSTEM));
    const all = pages.flatMap((page) => names(page.items));
    expect(pages).toHaveLength(4);
    expect(new Set(all).size).toBe(25);
    expect(pages.every((page) => page.totalItems === 25)).toBe(true);
    // Entities without a title come last, whatever the direction.
    expect(all.slice(-5).sort()).toEqual(["svc-00", "svc-05", "svc-10", "svc-15", "svc-20"]);
    const titles = pages.flatMap((page) => page.items.map((item) => item.metadata?.title)).slice(0, 20);
    expect(titles).toEqual([...titles].sort().reverse());

    const back = await fixture.catalog.entities.queryEntities({ cursor: pages[2].pageInfo.prevCursor!, limit: 7 }, SYSTEM);
    expect(names(back.items)).toEqual(names(pages[1].items));
    const backToStart = await fixture.catalog.entities.queryEntities({ cursor: back.pageInfo.prevCursor!, limit: 7 }, SYSTEM);
    expect(names(backToStart.items)).toEqual(names(first.items));
    expect(backToStart.pageInfo.prevCursor).toBeUndefined();
    expect(backToStart.pageInfo.nextCursor).toBeDefined();
  });

  it("orders by uid by default and skips counting when asked", async () => {
    const result = await fixture.catalog.entities.queryEntities({ filter: parseFilterParams(["kind=component"]), limit: 25, totalItems: "exclude" }, SYSTEM);
    const uids = result.items.map((item) => item.metadata?.uid as string);
    expect(uids).toEqual([...uids].sort());
    expect(result.totalItems).toBe(0);
  });

  it("finds a full-text term as a substring of the named fields, or of the sort field", async () => {
    const byTitle = await fixture.catalog.entities.queryEntities({ fullTextFilter: { term: "VICE 3", fields: ["metadata.title"] }, limit: 100 }, SYSTEM);
    expect(names(byTitle.items).sort()).toEqual(["svc-03", "svc-17", "svc-24"]);
    // Only components: the root Location's generated name is random hex, which may hold "-2".
    const short = await fixture.catalog.entities.queryEntities({ filter: parseFilterParams(["kind=component"]), fullTextFilter: { term: "-2", fields: ["metadata.name"] }, limit: 100 }, SYSTEM);
    expect(short.totalItems).toBe(5);
    const bySortField = await fixture.catalog.entities.queryEntities({ fullTextFilter: { term: "svc-1" }, orderFields: [{ field: "metadata.name", order: "asc" }], limit: 100 }, SYSTEM);
    expect(names(bySortField.items)).toEqual(["svc-10", "svc-11", "svc-12", "svc-13", "svc-14", "svc-15", "svc-16", "svc-17", "svc-18", "svc-19"]);
    const onlyUid = await fixture.catalog.entities.queryEntities({ fullTextFilter: { term: "svc" }, limit: 100 }, SYSTEM);
    expect(onlyUid.totalItems).toBe(0);
  });

  it("counts facets by the value as written, within the filter", async () => {
    const { facets } = await fixture.catalog.entities.facets({ facets: ["metadata.labels.language", "metadata.tags", "spec.type"], filter: parseFilterParams(["spec.lifecycle=production"]) }, SYSTEM);
    expect(facets["metadata.labels.language"]).toEqual([
      { value: "Java", count: 10 },
      { value: "java", count: 10 },
    ]);
    expect(facets["metadata.tags"]).toEqual([
      { value: "java", count: 20 },
      { value: "payments", count: 10 },
    ]);
    expect(facets["spec.type"]).toEqual([
      { value: "library", count: 6 },
      { value: "service", count: 7 },
      { value: "website", count: 7 },
    ]);
    // Facet names match whatever their case, as in Backstage, and the answer keeps each spelling asked for, from the same cached counts.
    const spelled = await fixture.catalog.entities.facets({ facets: ["SPEC.TYPE", "Spec.Type"], filter: parseFilterParams(["spec.lifecycle=production"]) }, SYSTEM);
    expect(spelled.facets).toEqual({ "SPEC.TYPE": facets["spec.type"], "Spec.Type": facets["spec.type"] });
  });

  it("returns by-refs in request order with null for what is missing or filtered out", async () => {
    const result = await fixture.catalog.entities.entitiesByRefs(
      {
        entityRefs: ["component:default/svc-02", "component:default/nope", "Component:Default/SVC-01", "group:default/team-a"],
        fields: ["metadata.name"],
        filter: parseFilterParams(["kind=component"]),
      },
      SYSTEM,
    );
    expect(result.items).toEqual([{ metadata: { name: "svc-02" } }, null, { metadata: { name: "svc-01" } }, null]);
  });
});
