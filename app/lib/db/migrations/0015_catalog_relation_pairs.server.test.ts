import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getEntityByKey } from "~/lib/catalog/query/entities-query.server";
import { TEST_ENGINES, useDatabaseMigratedTo } from "../../../../tests/support/databases";
import { migrateToLatest } from "../migrate.server";

// A catalog written before 0015 (each relation as two rows, one per
// direction) reads the same after it, from one row per relation.

const entities = [
  { id: "e1", ref: "component:default/web", kind: "Component", name: "Web" },
  { id: "e2", ref: "group:default/team-a", kind: "Group", name: "Team-A" },
  { id: "e3", ref: "group:default/org", kind: "Group", name: "org" },
  { id: "e4", ref: "component:default/solo", kind: "Component", name: "solo" },
];

/** The rows 0001's writer stored: [origin, source, type, target, target as shown]. */
const relationRows = [
  ["e1", "component:default/web", "ownedBy", "group:default/team-a", "group:default/Team-A"],
  ["e1", "group:default/team-a", "ownerOf", "component:default/web", "component:default/Web"],
  // team-a names its parent, and org its children: the same edges from two entities.
  ["e2", "group:default/team-a", "childOf", "group:default/org", "group:default/org"],
  ["e2", "group:default/org", "parentOf", "group:default/team-a", "group:default/Team-A"],
  ["e3", "group:default/org", "parentOf", "group:default/team-a", "group:default/Team-A"],
  ["e3", "group:default/team-a", "childOf", "group:default/org", "group:default/org"],
  // An entity that owns itself: both rows start at it.
  ["e4", "component:default/solo", "ownedBy", "component:default/solo", "component:default/solo"],
  ["e4", "component:default/solo", "ownerOf", "component:default/solo", "component:default/solo"],
];

describe.each(TEST_ENGINES)("migration 0015_catalog_relation_pairs on %s", (engine) => {
  const fixture = useDatabaseMigratedTo(engine, "0014_catalog_final_entities");

  it("keeps every entity's relations in both directions, from one row per relation", async () => {
    const { database } = fixture;
    const db = database.db;
    for (const entity of entities) {
      const body = JSON.stringify({ apiVersion: "backstage.io/v1alpha1", kind: entity.kind, metadata: { name: entity.name, namespace: "default" }, spec: {} });
      const [kind, rest] = entity.ref.split(":");
      await sql`INSERT INTO catalog_entities (entity_id, entity_ref, kind, namespace, name, body, hash, etag, updated_at)
        VALUES (${entity.id}, ${entity.ref}, ${kind}, 'default', ${rest.split("/")[1]}, ${body}, 'h', ${`etag-${entity.id}`}, 0)`.execute(db);
    }
    for (const [origin, source, type, target, display] of relationRows) {
      await sql`INSERT INTO catalog_relations (originating_entity_id, source_ref, type, target_ref, target_display) VALUES (${origin}, ${source}, ${type}, ${target}, ${display})`.execute(db);
    }
    await migrateToLatest(database);

    const relationsOf = async (ref: string) => JSON.parse((await getEntityByKey(db, ref))!).relations;
    expect(await relationsOf("group:default/team-a")).toEqual([
      { type: "childOf", targetRef: "group:default/org" },
      { type: "ownerOf", targetRef: "component:default/Web" },
    ]);
    expect(await relationsOf("group:default/org")).toEqual([{ type: "parentOf", targetRef: "group:default/Team-A" }]);
    expect(await relationsOf("component:default/web")).toEqual([{ type: "ownedBy", targetRef: "group:default/Team-A" }]);
    expect(await relationsOf("component:default/solo")).toEqual([
      { type: "ownedBy", targetRef: "component:default/solo" },
      { type: "ownerOf", targetRef: "component:default/solo" },
    ]);
    const stored = await db.selectFrom("catalog_relations").select(["originating_entity_id", "type", "reverse_type"]).orderBy("originating_entity_id").orderBy("type").execute();
    expect(stored).toEqual([
      { originating_entity_id: "e1", type: "ownedBy", reverse_type: "ownerOf" },
      { originating_entity_id: "e2", type: "childOf", reverse_type: "parentOf" },
      { originating_entity_id: "e3", type: "parentOf", reverse_type: "childOf" },
      { originating_entity_id: "e4", type: "ownedBy", reverse_type: null },
      { originating_entity_id: "e4", type: "ownerOf", reverse_type: null },
    ]);
  });
});
