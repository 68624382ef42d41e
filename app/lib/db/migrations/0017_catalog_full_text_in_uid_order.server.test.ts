import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getEntityByKey, queryPage, type QuerySpec } from "~/lib/catalog/query/entities-query.server";
import { useDatabaseMigratedTo } from "../../../../tests/support/databases";
import { migrateToLatest } from "../migrate.server";

// A SQLite catalog written before 0017, whose rows are not in uid order (as
// two processes writing at once could leave them), and whose full-text rows
// are one per search row: after the migration its rowids follow its uids,
// every index is back, and a full-text page in uid order reads the new index.

const entities = [
  { id: "0c", name: "gamma-svc", tags: ["blue"] },
  { id: "0a", name: "alpha-svc", tags: ["red", "blue"] },
  { id: "0d", name: "delta-lib", tags: [] },
  { id: "0b", name: "beta-svc", tags: ["blue"] },
];

describe("migration 0017_catalog_full_text_in_uid_order on sqlite", () => {
  const fixture = useDatabaseMigratedTo("sqlite", "0016_catalog_roots_index");

  it("puts the entities' rows in uid order and indexes them a row each", async () => {
    const { database } = fixture;
    const db = database.db;
    for (const entity of entities) {
      const body = JSON.stringify({ apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: entity.name, namespace: "default", tags: entity.tags }, spec: {} });
      await sql`INSERT INTO catalog_entities (entity_id, entity_ref, kind, namespace, name, body, hash, etag, updated_at)
        VALUES (${entity.id}, ${`component:default/${entity.name}`}, 'component', 'default', ${entity.name}, ${body}, 'h', ${`etag-${entity.id}`}, 0)`.execute(db);
      const rows = [["metadata.name", entity.name], ...entity.tags.map((tag) => ["metadata.tags", tag])];
      for (const [key, value] of rows) {
        const { insertId } = await sql`INSERT INTO catalog_search (entity_id, key, value, original_value) VALUES (${entity.id}, ${key}, ${value}, ${value})`.execute(db);
        await sql`INSERT INTO catalog_fts (rowid, value) VALUES (${Number(insertId)}, ${value})`.execute(db);
      }
    }
    const indexesBefore = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'catalog_entities' ORDER BY name`.execute(db);

    await migrateToLatest(database);

    const inRowidOrder = await sql<{ entity_id: string }>`SELECT entity_id FROM catalog_entities ORDER BY rowid`.execute(db);
    expect(inRowidOrder.rows.map((row) => row.entity_id)).toEqual(["0a", "0b", "0c", "0d"]);
    const indexesAfter = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'catalog_entities' ORDER BY name`.execute(db);
    expect(indexesAfter.rows).toEqual(indexesBefore.rows);
    expect(JSON.parse((await getEntityByKey(db, "component:default/beta-svc"))!).metadata.uid).toBe("0b");

    const page = async (term: string, fields: string[], after?: string[]) => {
      const spec: QuerySpec = { fullTextFilter: { term, fields }, orderFields: [] };
      const result = await queryPage(db, spec, { limit: 2, after, totalItems: 0, fromCursor: Boolean(after) });
      return result.items.map((item) => JSON.parse(item).metadata.name);
    };
    expect(await page("svc", ["metadata.name"])).toEqual(["alpha-svc", "beta-svc"]);
    expect(await page("svc", ["metadata.name"], ["0b"])).toEqual(["gamma-svc"]);
    expect(await page("blue", ["metadata.tags"])).toEqual(["alpha-svc", "beta-svc"]);
    // A tag alone, not the tags joined: "red\nblue" does not hold "d-b".
    expect(await page("red", ["metadata.tags"])).toEqual(["alpha-svc"]);
    expect(await page("d-b", ["metadata.tags"])).toEqual([]);
    expect(await page("blue", ["metadata.name"])).toEqual([]);
  });
});
