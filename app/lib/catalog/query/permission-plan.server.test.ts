import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CompiledQuery, sql, type Kysely } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../../tests/support/databases";
import { configSchema } from "../../config/schema";
import { openDatabase, type AtriumDatabase } from "../../db/client.server";
import { migrateToLatest } from "../../db/migrate.server";
import type { Database } from "../../db/schema";
import { createPermissionService } from "../../permission/permission-service.server";
import { catalogEntityReadPermission } from "../../permission/permissions";
import { parsePermissionConfig } from "../../permission/policy-config";
import { userCredentials } from "../../auth/credentials";
import { createCatalog } from "../catalog.server";
import { baseQuery, type QuerySpec } from "./entities-query.server";

// A conditional read must stay an indexed query on a catalog of a million
// entities: these tests read the plans of the queries a restricted user
// causes (count, page, facet) and fail on a full scan of catalog_entities.
// PostgreSQL would rightly scan tables this small, so it plans with
// sequential scans disabled: a scan that remains is one no index can avoid.

const groups = ["team-a", "team-b"].map((name) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name }, spec: { type: "team", children: [] } }));
const components = Array.from({ length: 40 }, (_, i) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: `svc-${i}` },
  spec: { type: "service", lifecycle: "production", owner: i % 2 ? "team-a" : "team-b" },
}));

const policy = parsePermissionConfig({
  enabled: true,
  policy: { roles: [{ name: "owners", members: ["*"], permissions: [{ permission: "catalog.entity.read", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } } }] }] },
});
const ada = userCredentials({ userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada", "group:default/team-a"], provider: "custom" });

describe.each(TEST_ENGINES)("query plans of a conditional read on %s", (engine) => {
  let dir: string;
  let dbConfig: TestDatabaseConfig;
  let database: AtriumDatabase;
  let spec: QuerySpec;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-plan-"));
    writeFileSync(path.join(dir, "all.yaml"), [...groups, ...components].map((document) => JSON.stringify(document)).join("\n---\n"));
    dbConfig = testDatabaseConfig(engine);
    database = await openDatabase(dbConfig as never, dir);
    await migrateToLatest(database);
    const config = configSchema.parse({
      app: { baseUrl: "http://localhost:7007" },
      catalog: { locations: [{ type: "file", target: "./all.yaml" }], rules: [{ allow: ["Component", "Group", "Location"] }], processingInterval: false },
    });
    const catalog = createCatalog({ db: database.db, config, rootDir: dir, logger: pino({ level: "silent" }) });
    await catalog.start();
    await catalog.stop();
    await catalog.engine.drain();
    const permission = createPermissionService(policy).entityFilter(ada, catalogEntityReadPermission);
    expect(permission).toEqual({ "relations.ownedBy": { $in: ["user:default/ada", "group:default/team-a"] } });
    spec = { orderFields: [], permission };
  });
  afterAll(async () => {
    await database.destroy();
    await dropTestDatabase(dbConfig);
    rmSync(dir, { recursive: true, force: true });
  });

  async function plan(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile();
    const db = database.db as Kysely<Database>;
    if (engine === "sqlite") {
      const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
      return result.rows.map((row) => row.detail).join("\n");
    }
    return db.connection().execute(async (connection) => {
      await sql`SET enable_seqscan = off`.execute(connection);
      try {
        const result = await connection.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
        return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      } finally {
        await sql`RESET enable_seqscan`.execute(connection);
      }
    });
  }

  /**
   * No full pass over entities or relations: SQLite's SCAN (of the table or
   * of a whole index), PostgreSQL's Seq Scan; the relations must be entered
   * through their target index, where the caller's ownership refs lead.
   */
  function expectNoEntityScan(text: string) {
    if (engine === "sqlite") {
      expect(text).not.toMatch(/^SCAN (e|r)\b/m);
      expect(text).toMatch(/SEARCH r USING INDEX catalog_relations_target/);
    } else {
      expect(text).not.toMatch(/Seq Scan on catalog_(entities|relations)/);
      expect(text).toMatch(/Index Scan on catalog_relations_target/);
    }
  }

  it("counts through the relations index, not a scan of every entity", async () => {
    const text = await plan(baseQuery(database.db, spec).select((eb) => eb.fn.countAll().as("count")));
    expectNoEntityScan(text);
  });

  it("reads a page through the relations index", async () => {
    const text = await plan(baseQuery(database.db, spec).select(["e.entity_id", "e.body"]).orderBy("e.entity_id").limit(200));
    expectNoEntityScan(text);
  });

  it("counts a facet through the relations index", async () => {
    const text = await plan(
      baseQuery(database.db, spec)
        .innerJoin("catalog_search as s", (join) => join.onRef("s.entity_id", "=", "e.entity_id").on("s.key", "=", "kind"))
        .select(["s.original_value as value", (eb) => eb.fn.countAll().as("count")])
        .groupBy("s.original_value"),
    );
    expectNoEntityScan(text);
  });
});
