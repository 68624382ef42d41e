import { afterEach, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../tests/support/databases";
import { openDatabase, type AtriumDatabase } from "./client.server";
import { insertValues } from "./insert-values.server";
import { migrateToLatest } from "./migrate.server";

describe.each(TEST_ENGINES)("insertValues on %s", (engine) => {
  let config: TestDatabaseConfig;
  let database: AtriumDatabase | undefined;

  afterEach(async () => {
    await database?.destroy();
    await dropTestDatabase(config);
  });

  async function open() {
    config = testDatabaseConfig(engine);
    database = await openDatabase(config as never, process.cwd());
    await migrateToLatest(database);
    return database.db;
  }

  it("stores every row's listed columns as given, a missing value as NULL, in one statement of many rows", async () => {
    const db = await open();
    const rows = Array.from({ length: 700 }, (_, index) => ({
      entity_id: `id-${index}`,
      key: index % 2 ? "spec.owner" : "metadata.tags",
      value: index === 3 ? null : `Value "${index}" ü`.toLowerCase(),
      original_value: index === 3 ? undefined : `Value "${index}" ü`,
    }));
    expect(await db.transaction().execute((trx) => insertValues(trx, "catalog_search", ["entity_id", "key", "value", "original_value"], rows))).toEqual([]);
    const stored = await db.selectFrom("catalog_search").selectAll().orderBy("entity_id").execute();
    expect(stored).toHaveLength(700);
    expect(stored.find((row) => row.entity_id === "id-3")).toEqual({ entity_id: "id-3", key: "spec.owner", value: null, original_value: null });
    expect(stored.find((row) => row.entity_id === "id-698")).toEqual({ entity_id: "id-698", key: "metadata.tags", value: 'value "698" ü', original_value: 'Value "698" ü' });
  });

  it("appends the suffix as written: a conflicting row is skipped and RETURNING names the rows that went in", async () => {
    const db = await open();
    const row = (id: string, ref: string) => ({
      entity_id: id,
      entity_ref: ref,
      kind: "component",
      namespace: "default",
      name: ref.split("/")[1],
      body: "{}",
      hash: "h",
      etag: "e",
      orphan: 0,
      updated_at: 1,
    });
    const columns = ["entity_id", "entity_ref", "kind", "namespace", "name", "body", "hash", "etag", "orphan", "updated_at"] as const;
    const suffix = 'ON CONFLICT ("entity_ref") DO NOTHING RETURNING "entity_id"';
    await db.transaction().execute((trx) => insertValues(trx, "catalog_entities", columns, [row("a", "component:default/first")], suffix));
    const inserted = await db
      .transaction()
      .execute((trx) => insertValues<"catalog_entities", { entity_id: string }>(trx, "catalog_entities", columns, [row("b", "component:default/first"), row("c", "component:default/second")], suffix));
    expect(inserted).toEqual([{ entity_id: "c" }]);
    const stored = await db.selectFrom("catalog_entities").select(["entity_id", "entity_ref", "spec_owner", "stitch_ticket"]).orderBy("entity_id").execute();
    expect(stored.map((entity) => ({ ...entity, stitch_ticket: Number(entity.stitch_ticket) }))).toEqual([
      { entity_id: "a", entity_ref: "component:default/first", spec_owner: null, stitch_ticket: 0 },
      { entity_id: "c", entity_ref: "component:default/second", spec_owner: null, stitch_ticket: 0 },
    ]);
  });

  it("fails on a row that breaks a constraint, and its transaction commits none of the rows before it", async () => {
    const db = await open();
    const rows = [
      { entity_id: "first", key: "kind", value: "component", original_value: "Component" },
      { entity_id: "second", key: null as unknown as string, value: "x", original_value: "x" },
    ];
    await expect(db.transaction().execute((trx) => insertValues(trx, "catalog_search", ["entity_id", "key", "value", "original_value"], rows))).rejects.toThrow(/null/i);
    expect(await db.selectFrom("catalog_search").selectAll().execute()).toEqual([]);
  });

  it("returns at once for no rows, sending no statement without values", async () => {
    const db = await open();
    expect(await db.transaction().execute((trx) => insertValues(trx, "catalog_search", ["entity_id", "key"], []))).toEqual([]);
  });
});
