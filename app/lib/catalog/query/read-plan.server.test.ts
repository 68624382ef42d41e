import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../../tests/support/databases";
import { queryPlan } from "../../../../tests/support/query-plans";
import { configSchema } from "../../config/schema";
import { openDatabase, type AtriumDatabase } from "../../db/client.server";
import { migrateToLatest } from "../../db/migrate.server";
import { createCatalog } from "../catalog.server";
import { pageQuery } from "./entities-query.server";
import { parseFilterParams } from "./predicate";

// The plans of the catalog's hot reads. Uids are time-ordered, so uid order
// is ingestion order, and a catalog lists its groups before its components:
// a page of services ordered by uid must range over the (kind, spec_type,
// entity_id) index, never walk the primary key filtering every earlier row.

const groups = Array.from({ length: 60 }, (_, i) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: `team-${i}` }, spec: { type: "team", children: [] } }));
const components = Array.from({ length: 60 }, (_, i) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: `svc-${i}`, title: `Service ${i}` },
  spec: { type: i % 3 ? "service" : "library", lifecycle: "production", owner: `team-${i % 60}` },
}));

describe.each(TEST_ENGINES)("query plans of catalog reads on %s", (engine) => {
  let dir: string;
  let dbConfig: TestDatabaseConfig;
  let database: AtriumDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-read-plan-"));
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
    // Plans with statistics and a visibility map, as a catalog that has been running has them.
    await sql.raw(engine === "pg" ? "VACUUM ANALYZE" : "ANALYZE").execute(database.db);
  });
  afterAll(async () => {
    await database.destroy();
    await dropTestDatabase(dbConfig);
    rmSync(dir, { recursive: true, force: true });
  });

  const plan = (query: Parameters<typeof queryPlan>[2]) => queryPlan(database.db, engine, query);
  const services = { filter: parseFilterParams(["kind=component,spec.type=service"]), orderFields: [] };

  it("reads the first filtered page as a range of the (kind, spec_type, entity_id) index", async () => {
    const text = await plan(pageQuery(database.db, services, { limit: 20 }));
    if (engine === "sqlite") {
      expect(text).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_type \(kind=\? AND spec_type=\?\)/);
    } else {
      expect(text).toMatch(/Index Only Scan using catalog_entities_kind_type/);
    }
  });

  it("reads a page filtered by kind alone as a range of the (kind, entity_id) index", async () => {
    const kindOnly = { filter: parseFilterParams(["kind=component"]), orderFields: [] };
    for (const options of [{ limit: 20 }, { limit: 20, after: ["0190"] }]) {
      const text = await plan(pageQuery(database.db, kindOnly, options));
      if (engine === "sqlite") {
        expect(text).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_uid \(kind=\?/);
        // Only the outer query sorts its page; the ids come in index order.
        expect(text.match(/USE TEMP B-TREE/g)?.length ?? 0).toBeLessThanOrEqual(1);
      } else {
        expect(text).toMatch(/Index Only Scan using catalog_entities_kind_uid/);
      }
    }
  });

  it("reads a cursor page as a range of the same index", async () => {
    const text = await plan(pageQuery(database.db, services, { limit: 20, after: ["0190"] }));
    if (engine === "sqlite") expect(text).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_type \(kind=\? AND spec_type=\? AND entity_id>\?\)/);
    else expect(text).toMatch(/Index Only Scan using catalog_entities_kind_type/);
  });

  // At this size PostgreSQL would choose the trigram index either way; at
  // 100,000 entities it walked catalog_fts in uid order instead, unless the
  // subquery is fenced (store/full-text.server.ts). This guards the shape.
  it("finds full-text matches through the trigram index, then orders only those", async () => {
    const spec = { fullTextFilter: { term: "svc-1", fields: ["metadata.name", "metadata.title"] }, orderFields: [] };
    const text = await plan(pageQuery(database.db, spec, { limit: 20 }));
    if (engine === "sqlite") {
      expect(text).toMatch(/SCAN catalog_fts VIRTUAL TABLE INDEX 0:M/);
    } else {
      expect(text).toMatch(/Bitmap Index Scan on catalog_fts_value/);
      // Not a walk of the full-text rows in uid order, filtering each by the LIKE.
      expect(text).not.toMatch(/Index Scan using catalog_fts_entity/);
    }
  });
});
