import type { Entity } from "~/lib/catalog/entity";
import type { FilterPredicate } from "~/lib/catalog/query/predicate";
import { InputError } from "~/lib/errors";
import { evaluateCriteria, isAllOf, isAnyOf, isNot } from "~/lib/permission/criteria";
import type { PermissionCondition, PermissionCriteria, PolicyDecision } from "~/lib/permission/criteria";
import { RESOURCE_TYPE_CATALOG_ENTITY } from "./permissions";
import { getCatalogRule } from "./rules";

// The two readings of a conditional decision on catalog entities: a filter
// the catalog ANDs into every query, count and facet (Backstage's condition
// transformer), and a yes/no for one entity already loaded. Both go through
// the same rules (./rules.ts).

/** Matches no entity: what a DENY means for a query. It compiles to `1 = 0`. */
export const MATCH_NOTHING: FilterPredicate = { $any: [] };

export function conditionsToFilter(conditions: PermissionCriteria<PermissionCondition>): FilterPredicate {
  if (isAnyOf(conditions)) return { $any: conditions.anyOf.map(conditionsToFilter) };
  if (isAllOf(conditions)) return { $all: conditions.allOf.map(conditionsToFilter) };
  if (isNot(conditions)) return { $not: conditionsToFilter(conditions.not) };
  return catalogRule(conditions).toQuery(conditions.params);
}

/**
 * What a decision on catalog.entity.read (or another catalog-entity
 * permission) adds to a catalog query: nothing for ALLOW, a filter matching
 * nothing for DENY, the conditions for CONDITIONAL.
 */
export function decisionToFilter(decision: PolicyDecision): FilterPredicate | undefined {
  if (decision.result !== "CONDITIONAL") return decision.result === "ALLOW" ? undefined : MATCH_NOTHING;
  if (decision.resourceType !== RESOURCE_TYPE_CATALOG_ENTITY) {
    throw new InputError(`Conditions for resource type ${decision.resourceType} cannot filter catalog entities`);
  }
  return conditionsToFilter(decision.conditions);
}

/** Whether a conditional decision's conditions hold for one entity. */
export function applyConditions(conditions: PermissionCriteria<PermissionCondition>, entity: Entity): boolean {
  return evaluateCriteria(conditions, (condition) => catalogRule(condition).apply(entity, condition.params));
}

function catalogRule(condition: PermissionCondition) {
  if (typeof condition !== "object" || condition === null || typeof condition.rule !== "string") {
    throw new InputError("A permission condition must be {rule, params}, {anyOf: [...]}, {allOf: [...]} or {not: ...}");
  }
  if (condition.resourceType !== undefined && condition.resourceType !== RESOURCE_TYPE_CATALOG_ENTITY) {
    throw new InputError(`Condition ${condition.rule} is for resource type ${condition.resourceType}, not ${RESOURCE_TYPE_CATALOG_ENTITY}`);
  }
  return getCatalogRule(condition.rule);
}
