import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../../tests/support/catalog";
import { TEST_ENGINES } from "../../../../tests/support/databases";
import { queryPlan } from "../../../../tests/support/query-plans";
import { pageQuery } from "../query/entities-query.server";
import { indexRequest, parseIndexQuery } from "./index-query";

// The index's default views must stay ranges of an index at a million
// entities (the page's target is p95 < 60 ms, docs/benchmarks.md): its filter, in name
// order, reads the (kind, spec_type, name, entity_id) or (kind, name, entity_id) index
// and never sorts every match.

const groups = Array.from({ length: 40 }, (_, i) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: `team-${i}` }, spec: { type: "team", children: [] } }));
const components = Array.from({ length: 60 }, (_, i) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: `svc-${i}` },
  spec: { type: i % 3 ? "service" : "library", lifecycle: "production", owner: `team-${i % 40}` },
}));
const visitor = { ownershipEntityRefs: [], starredEntityRefs: [] };

describe.each(TEST_ENGINES)("the catalog index's page plans on %s", (engine) => {
  const fixture = useIngestedCatalog(engine, [...groups, ...components], ["Component", "Group"]);
  beforeAll(async () => {
    await sql.raw(engine === "pg" ? "VACUUM ANALYZE" : "ANALYZE").execute(fixture.db);
  });

  const planOf = (search: string) => {
    const request = indexRequest(parseIndexQuery(new URLSearchParams(search)).query, visitor, []);
    if ("cursor" in request) throw new Error("a first page was expected");
    return queryPlan(fixture.db, engine, pageQuery(fixture.db, { filter: request.filter, orderFields: request.orderFields ?? [] }, { limit: 20 }));
  };

  it("reads components of a type, in name order, as a range of (kind, spec_type, name, entity_id)", async () => {
    const plan = await planOf("filters[kind]=component&filters[type]=service");
    if (engine === "sqlite") {
      expect(plan).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_type_name \(kind=\? AND spec_type=\?\)/);
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    } else {
      expect(plan).toMatch(/Index Only Scan using catalog_entities_kind_type_name/);
      expect(plan).not.toMatch(/Sort Key: .*name/);
    }
  });

  it("reads the default view, every component in name order, as a range of (kind, name, entity_id)", async () => {
    const plan = await planOf("");
    if (engine === "sqlite") {
      expect(plan).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_name \(kind=\?\)/);
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    } else {
      expect(plan).toMatch(/Index Only Scan using catalog_entities_kind_name/);
      expect(plan).not.toMatch(/Sort Key: .*name/);
    }
  });

  it("still reads a uid-ordered page of a kind, as Backstage's API clients ask, as a range of (kind, entity_id)", async () => {
    const plan = await queryPlan(fixture.db, engine, pageQuery(fixture.db, { filter: { kind: "component" }, orderFields: [] }, { limit: 20 }));
    if (engine === "sqlite") expect(plan).toMatch(/SEARCH e USING COVERING INDEX catalog_entities_kind_uid \(kind=\?\)/);
    else expect(plan).toMatch(/Index Only Scan using catalog_entities_kind_uid/);
  });
});
