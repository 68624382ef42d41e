import { tmpdir } from "node:os";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../../tests/support/catalog";
import { TEST_ENGINES, testDatabaseConfig } from "../../../../tests/support/databases";
import { fillLargeCatalog } from "../../../../tests/support/large-catalog";
import { queryPlan } from "../../../../tests/support/query-plans";
import { openDatabase } from "../../db/client.server";
import { migrateToLatest } from "../../db/migrate.server";
import { configRootsQuery } from "../store/roots.server";
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
  const fixture = useIngestedCatalog(engine, [...groups, ...components], ["Component", "Group"]);

  beforeAll(async () => {
    // Plans with statistics and a visibility map, as a catalog that has been running has them.
    await sql.raw(engine === "pg" ? "VACUUM ANALYZE" : "ANALYZE").execute(fixture.db);
  });

  const plan = (query: Parameters<typeof queryPlan>[2]) => queryPlan(fixture.db, engine, query);
  const services = { filter: parseFilterParams(["kind=component,spec.type=service"]), orderFields: [] };

  it("reads the first filtered page as a range of the (kind, spec_type, entity_id) index", async () => {
    const text = await plan(pageQuery(fixture.db, services, { limit: 20 }));
    if (engine === "sqlite") {
      expect(text).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_type \(kind=\? AND spec_type=\?\)/);
    } else {
      expect(text).toMatch(/Index Only Scan using catalog_entities_kind_type/);
    }
  });

  it("reads a page filtered by kind alone as a range of the (kind, entity_id) index", async () => {
    const kindOnly = { filter: parseFilterParams(["kind=component"]), orderFields: [] };
    for (const options of [{ limit: 20 }, { limit: 20, after: ["0190"] }]) {
      const text = await plan(pageQuery(fixture.db, kindOnly, options));
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
    const text = await plan(pageQuery(fixture.db, services, { limit: 20, after: ["0190"] }));
    if (engine === "sqlite") expect(text).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_type \(kind=\? AND spec_type=\? AND entity_id>\?\)/);
    else expect(text).toMatch(/Index Only Scan using catalog_entities_kind_type/);
  });

  // SQLite: a full-text page in uid order reads the trigram index's rows in
  // rowid order, which is uid order (store/full-text.server.ts), and stops
  // when the page is full: the index gives the order (FTS5's plan number 64,
  // its rows by rowid; 128 descending), with no sort of the matches, and
  // from a cursor it seeks to the boundary (">" and "<" in its plan string,
  // a lower and an upper rowid bound). PostgreSQL: at this size it would choose the trigram index
  // either way; at 100,000 entities it walked catalog_fts in uid order
  // instead, unless the subquery is fenced. This guards the shapes.
  it("reads a full-text page in uid order from the trigram index, in the index's order", async () => {
    const spec = { fullTextFilter: { term: "svc-1", fields: ["metadata.name", "metadata.title"] }, orderFields: [] };
    const pages = [
      { options: { limit: 20 }, order: 64, bound: "" },
      { options: { limit: 20, after: ["0190"] }, order: 64, bound: ">" },
      { options: { limit: 20, after: ["0190"], isPrevious: true }, order: 64 | 128, bound: "<" },
    ];
    for (const { options, order, bound } of pages) {
      const text = await plan(pageQuery(fixture.db, spec, options));
      if (engine === "sqlite") {
        const [, index, constraints] = text.match(/SCAN catalog_fts VIRTUAL TABLE INDEX (\d+):(M\S*)/) ?? [];
        expect(Number(index) & (64 | 128), text).toBe(order);
        expect(constraints.replace(/[^<>]/g, ""), text).toBe(bound);
        // The page's ids come before "SCAN p": no sort among them.
        expect(text.slice(0, text.indexOf("SCAN p")), text).not.toMatch(/TEMP B-TREE/);
        expect(text).toMatch(/SEARCH e USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      } else {
        expect(text).toMatch(/Bitmap Index Scan on catalog_fts_value/);
        // Not a walk of the full-text rows in uid order, filtering each by the LIKE.
        expect(text).not.toMatch(/Index Scan using catalog_fts_entity/);
      }
    }
  });

  it("finds full-text matches in another order through the trigram index, then orders only those", async () => {
    const spec = { fullTextFilter: { term: "svc-1", fields: ["metadata.name", "metadata.title"] }, orderFields: [{ field: "metadata.name", order: "asc" as const }] };
    const text = await plan(pageQuery(fixture.db, spec, { limit: 20 }));
    if (engine === "sqlite") expect(text).toMatch(/SCAN catalog_fts VIRTUAL TABLE INDEX 0:M/);
    else expect(text).toMatch(/Bitmap Index Scan on catalog_fts_value/);
  });

  // Every worker and replica runs this at its start.
  it("finds the config roots through their own index, never reading every entity", async () => {
    const text = await plan(configRootsQuery(fixture.db));
    if (engine === "sqlite") expect(text).toMatch(/SEARCH catalog_entities USING INDEX catalog_entities_roots \(root_source=\?\)/);
    else expect(text).toMatch(/Index Scan using catalog_entities_roots/);
  });
});

// A page's rows are read by key for its ids. Ordered by e.entity_id (as the
// outer query was), SQLite chose on a 300,000-entity catalog to walk the
// whole entity table in key order, probing the page's ids, to spare sorting
// 21 rows: 30 ms for any full-text page, 1 ms once ordered by the page's own
// column. Smaller catalogs did not show that plan; this guards the shape.
describe("the rows of a page on a large SQLite catalog", () => {
  it("are read by key for the page's ids, never by walking the entity table", async () => {
    const database = await openDatabase(testDatabaseConfig("sqlite") as never, tmpdir());
    try {
      await migrateToLatest(database);
      await fillLargeCatalog(database.db, 20_000);
      await sql`ANALYZE`.execute(database.db);
      const spec = { fullTextFilter: { term: "ser", fields: ["metadata.name", "metadata.title"] }, orderFields: [] };
      for (const options of [{ limit: 20 }, { limit: 20, after: ["uid-3"] }, { limit: 20, isPrevious: true, after: ["uid-9"] }]) {
        const text = await queryPlan(database.db, "sqlite", pageQuery(database.db, spec, options));
        expect(text).toMatch(/SCAN p\nSEARCH e USING INDEX sqlite_autoindex_catalog_entities_1 \(entity_id=\?\)/);
      }
    } finally {
      await database.destroy();
    }
  });
});
