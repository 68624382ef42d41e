import { beforeAll, describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../../tests/support/catalog";
import { TEST_ENGINES } from "../../../../tests/support/databases";
import type { Entity } from "~/lib/catalog/entity";
import type { PermissionCondition, PermissionCriteria } from "~/lib/permission/criteria";
import { applyConditions, conditionsToFilter, MATCH_NOTHING } from "./filters";
import { ENTITIES } from "./test-fixtures";
import { INTERNAL_CREDENTIALS } from "~/lib/auth/credentials";

/** These tests read and write as Atrium itself, which every permission allows. */
const SYSTEM = { credentials: INTERNAL_CREDENTIALS };

// The promise the rules make: a condition applied to one entity in memory and
// the same condition compiled to SQL by the catalog select the same entities,
// on both engines. The entities are the catalog's own, relations and all.

const c = (rule: string, params: Record<string, unknown>): PermissionCondition => ({ resourceType: "catalog-entity", rule, params }) as PermissionCondition;

const CRITERIA: Array<PermissionCriteria<PermissionCondition>> = [
  c("IS_ENTITY_OWNER", { claims: ["group:default/team-a", "user:default/carol"] }),
  c("IS_ENTITY_OWNER", { claims: [] }),
  c("IS_ENTITY_KIND", { kinds: ["Component", "user"] }),
  c("HAS_ANNOTATION", { annotation: "backstage.io/orphan" }),
  c("HAS_ANNOTATION", { annotation: "github.com/project-slug", value: "ACME/payments" }),
  c("HAS_LABEL", { label: "tier" }),
  c("HAS_METADATA", { key: "tags", value: "java" }),
  c("HAS_METADATA", { key: "namespace", value: "default" }),
  c("HAS_SPEC", { key: "profile.email" }),
  c("HAS_SPEC", { key: "profile" }),
  c("HAS_SPEC", { key: "lifecycle", value: "production" }),
  { anyOf: [c("IS_ENTITY_OWNER", { claims: ["user:default/carol"] }), c("HAS_LABEL", { label: "open-refresh" })] },
  { allOf: [c("IS_ENTITY_KIND", { kinds: ["component"] }), { not: c("HAS_ANNOTATION", { annotation: "backstage.io/orphan" }) }] },
  { not: c("IS_ENTITY_OWNER", { claims: ["group:default/team-a"] }) },
];

const SAMPLE_KINDS = { kind: { $in: ["component", "api", "user"] } };

describe.each(TEST_ENGINES)("permission conditions in memory and in SQL on %s", (engine) => {
  const fixture = useIngestedCatalog(
    engine,
    ENTITIES.map(({ relations: _relations, ...entity }) => entity),
    ["Component", "API", "User"],
  );
  let stored: Entity[];

  beforeAll(async () => {
    stored = (await fixture.catalog.entities.queryEntities({ query: SAMPLE_KINDS, limit: 100 }, SYSTEM)).items as Entity[];
  });

  const names = (entities: Entity[]) => entities.map((entity) => entity.metadata.name).sort();

  it("stored every sample entity", () => {
    expect(names(stored)).toEqual(names(ENTITIES));
  });

  it.each(CRITERIA.map((criteria) => [JSON.stringify(criteria), criteria] as const))("%s", async (_, criteria) => {
    const inMemory = stored.filter((entity) => applyConditions(criteria, entity));
    // The catalog also holds the Location entity it made for the file: leave it out.
    const result = await fixture.catalog.entities.queryEntities({ query: { $all: [SAMPLE_KINDS, conditionsToFilter(criteria)] }, limit: 100 }, SYSTEM);
    expect(names(result.items as Entity[])).toEqual(names(inMemory));
  });

  it("finds nothing for a denial", async () => {
    expect((await fixture.catalog.entities.queryEntities({ query: MATCH_NOTHING, limit: 100 }, SYSTEM)).totalItems).toBe(0);
  });
});
