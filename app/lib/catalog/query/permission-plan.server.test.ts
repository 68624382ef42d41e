import { beforeAll, describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../../tests/support/catalog";
import { TEST_ENGINES } from "../../../../tests/support/databases";
import { queryPlan } from "../../../../tests/support/query-plans";
import { createPermissionService } from "../../permission/permission-service.server";
import { decisionToFilter } from "../permission/filters";
import { catalogEntityReadPermission } from "../permission/permissions";
import { parsePermissionConfig } from "../../permission/policy-config";
import { userCredentials } from "../../auth/credentials";
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
  const fixture = useIngestedCatalog(engine, [...groups, ...components], ["Component", "Group"]);
  let spec: QuerySpec;

  beforeAll(async () => {
    const permission = decisionToFilter(createPermissionService(policy).decide(ada, catalogEntityReadPermission));
    expect(permission).toEqual({ "relations.ownedBy": { $in: ["user:default/ada", "group:default/team-a"] } });
    spec = { orderFields: [], permission };
  });

  const plan = (query: Parameters<typeof queryPlan>[2]) => queryPlan(fixture.db, engine, query);

  /**
   * No full pass over entities or relations: SQLite's SCAN (of the table or
   * of a whole index), PostgreSQL's Seq Scan; the relations must be entered
   * through their target index, where the caller's ownership refs lead, and
   * their reverse edges (relation-edges.server.ts) through the source index.
   */
  function expectNoEntityScan(text: string) {
    if (engine === "sqlite") {
      expect(text).not.toMatch(/^SCAN (e|r)\b/m);
      expect(text).toMatch(/SEARCH r USING INDEX catalog_relations_target/);
      expect(text).toMatch(/SEARCH r USING INDEX catalog_relations_source/);
    } else {
      expect(text).not.toMatch(/Seq Scan on catalog_(entities|relations)/);
      expect(text).toMatch(/Index Scan on catalog_relations_target/);
      expect(text).toMatch(/Index Scan on catalog_relations_source/);
    }
  }

  it("counts through the relations index, not a scan of every entity", async () => {
    const text = await plan(baseQuery(fixture.db, spec).select((eb) => eb.fn.countAll().as("count")));
    expectNoEntityScan(text);
  });

  it("reads a page through the relations index", async () => {
    const text = await plan(baseQuery(fixture.db, spec).select(["e.entity_id", "e.body"]).orderBy("e.entity_id").limit(200));
    expectNoEntityScan(text);
  });

  it("counts a facet through the relations index", async () => {
    const text = await plan(
      baseQuery(fixture.db, spec)
        .innerJoin("catalog_search as s", (join) => join.onRef("s.entity_id", "=", "e.entity_id").on("s.key", "=", "kind"))
        .select(["s.original_value as value", (eb) => eb.fn.countAll().as("count")])
        .groupBy("s.original_value"),
    );
    expectNoEntityScan(text);
  });
});
