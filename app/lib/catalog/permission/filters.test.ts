import { describe, expect, it } from "vitest";
import { InputError } from "~/lib/errors";
import type { PermissionCondition, PermissionCriteria } from "~/lib/permission/criteria";
import { entityMatchesFilter } from "./entity-filter";
import { applyConditions, conditionsToFilter, decisionToFilter, MATCH_NOTHING } from "./filters";
import { ENTITIES, orphan, payments, paymentsApi } from "./test-fixtures";

const owner = (...claims: string[]): PermissionCondition => ({ resourceType: "catalog-entity", rule: "IS_ENTITY_OWNER", params: { claims } });
const label = (name: string): PermissionCondition => ({ resourceType: "catalog-entity", rule: "HAS_LABEL", params: { label: name } });
const kind = (...kinds: string[]): PermissionCondition => ({ resourceType: "catalog-entity", rule: "IS_ENTITY_KIND", params: { kinds } });

const TREE: PermissionCriteria<PermissionCondition> = {
  anyOf: [owner("user:default/carol"), { allOf: [kind("Component"), { not: label("open-refresh") }] }],
};

describe("conditionsToFilter", () => {
  it("maps anyOf, allOf and not to $any, $all and $not, and rules to their queries", () => {
    expect(conditionsToFilter(TREE)).toEqual({
      $any: [{ "relations.ownedBy": { $in: ["user:default/carol"] } }, { $all: [{ kind: { $in: ["component"] } }, { $not: { "metadata.labels.open-refresh": { $exists: true } } }] }],
    });
  });

  it("selects the entities the conditions hold for", () => {
    const filter = conditionsToFilter(TREE);
    expect(ENTITIES.filter((entity) => entityMatchesFilter(entity, filter))).toEqual([paymentsApi, orphan]);
    expect(ENTITIES.filter((entity) => applyConditions(TREE, entity))).toEqual([paymentsApi, orphan]);
  });

  it("rejects unknown rules, bad params and other resource types", () => {
    expect(() => conditionsToFilter({ rule: "IS_OWNER", resourceType: "catalog-entity", params: {} })).toThrow(InputError);
    expect(() => conditionsToFilter({ anyOf: [owner(), { rule: "HAS_LABEL", resourceType: "catalog-entity", params: {} }] })).toThrow(
      "Invalid params for rule HAS_LABEL: label: label must be a string",
    );
    expect(() => conditionsToFilter({ rule: "HAS_TAG", resourceType: "scaffolder-template", params: { tag: "x" } })).toThrow(
      "Condition HAS_TAG is for resource type scaffolder-template, not catalog-entity",
    );
  });
});

describe("decisionToFilter", () => {
  it("adds nothing for ALLOW, matches nothing for DENY, and filters for CONDITIONAL", () => {
    expect(decisionToFilter({ result: "ALLOW" })).toBeUndefined();
    expect(decisionToFilter({ result: "DENY" })).toBe(MATCH_NOTHING);
    expect(ENTITIES.some((entity) => entityMatchesFilter(entity, MATCH_NOTHING))).toBe(false);
    expect(decisionToFilter({ result: "CONDITIONAL", pluginId: "catalog", resourceType: "catalog-entity", conditions: label("tier") })).toEqual({
      "metadata.labels.tier": { $exists: true },
    });
    expect(() => decisionToFilter({ result: "CONDITIONAL", pluginId: "scaffolder", resourceType: "scaffolder-template", conditions: label("x") })).toThrow(
      "Conditions for resource type scaffolder-template cannot filter catalog entities",
    );
  });
});

describe("applyConditions", () => {
  it("settles a tree for one entity", () => {
    expect(applyConditions(owner("group:default/team-a"), payments)).toBe(true);
    expect(applyConditions({ not: owner("group:default/team-a") }, payments)).toBe(false);
    expect(applyConditions({ allOf: [kind("component"), label("tier")] }, payments)).toBe(true);
    expect(applyConditions({ allOf: [kind("api"), label("tier")] }, payments)).toBe(false);
  });
});
