import type { Entity } from "~/lib/catalog/entity";
import { parseEntityRef, stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { mapCriteria, isAllOf, isAnyOf, isNot } from "./criteria";
import type { PermissionCondition, PermissionCriteria, PolicyDecision } from "./criteria";
import { applyConditions } from "./filters";
import { RESOURCE_TYPE_CATALOG_ENTITY, isResourcePermission } from "./permissions";
import type { Permission } from "./permissions";
import { ANY_MEMBER, NEEDS_USER, patternMatches, resolvePlaceholders } from "./policy-config";
import type { ConfigCondition, PermissionConfig, PermissionIdentity } from "./policy-config";

// Deciding a permission for a caller under the configured policy, with the
// reason, so a page can answer "why can (or can't) X do P?". A matching
// unconditional grant allows; otherwise matching conditional grants make a
// CONDITIONAL decision with their conditions OR-ed; otherwise deny.

export type { PermissionIdentity } from "./policy-config";

/** The plugin that evaluates catalog-entity conditions. */
export const CATALOG_PLUGIN_ID = "catalog";

export type RoleMembership = { role: string; via: string };
export type GrantMatch = {
  role: string;
  /** Index into the role's `permissions`. */
  entry: number;
  /** The grant's permission pattern, as written. */
  permission: string;
  /** The grant's conditions, as written (placeholders unresolved). */
  conditions?: PermissionCriteria<ConfigCondition>;
  /** With a resource: whether the conditions hold for it. */
  holds?: boolean;
};
export type Explanation = { reason: string; memberships: RoleMembership[]; grants: GrantMatch[] };
export type Evaluation = { decision: PolicyDecision; explanation: Explanation };

/**
 * Holds for no entity. Stands in for a condition on the caller's own ref when
 * there is no caller (a guest): nothing can equal a ref that does not exist,
 * which stays true under `not`.
 */
const NOTHING: PermissionCondition = { resourceType: RESOURCE_TYPE_CATALOG_ENTITY, rule: "IS_ENTITY_OWNER", params: { claims: [] } };

/**
 * Decides `permission` for `identity` (undefined for a guest). With a
 * `resource`, a conditional outcome is settled against it: ALLOW or DENY.
 */
export function evaluate(
  config: PermissionConfig,
  identity: PermissionIdentity | undefined,
  permission: Permission,
  resource?: Entity,
): Evaluation {
  if (!config.enabled) {
    return explained({ result: "ALLOW" }, "Permissions are disabled (permission.enabled is false), so everything is allowed", [], []);
  }
  const memberships = membershipsOf(config, identity);
  const member = new Set(memberships.map((membership) => membership.role));
  const grants: GrantMatch[] = config.policy.roles
    .filter((role) => member.has(role.name))
    .flatMap((role) =>
      role.permissions.flatMap((grant, entry): GrantMatch[] => {
        if (!patternMatches(grant.permission, permission.name)) return [];
        // Conditions only make sense for the catalog entities their rules read.
        if (grant.conditions && !isResourcePermission(permission, RESOURCE_TYPE_CATALOG_ENTITY)) return [];
        return [{ role: role.name, entry, permission: grant.permission, ...(grant.conditions ? { conditions: grant.conditions } : {}) }];
      }),
    );

  const unconditional = grants.find((grant) => !grant.conditions);
  if (unconditional) {
    return explained({ result: "ALLOW" }, `Role '${unconditional.role}' grants ${coverage(unconditional.permission, permission.name)}`, memberships, grants);
  }
  if (grants.length === 0) return explained({ result: "DENY" }, `No role grants ${permission.name}`, memberships, grants);

  const resolved = grants.map((grant) => resolveConditions(grant.conditions!, identity));
  const unique = [...new Map(resolved.map((conditions) => [JSON.stringify(conditions), conditions])).values()];
  const summary = grants.map((grant) => `role '${grant.role}' when ${describeConditions(grant.conditions!)}`).join(", or ");

  if (resource) {
    const ref = stringifyEntityRef(resource);
    grants.forEach((grant, index) => (grant.holds = applyConditions(resolved[index], resource)));
    const holding = grants.find((grant) => grant.holds);
    if (holding) {
      const reason = `Role '${holding.role}' grants ${permission.name} on ${ref}, which meets its conditions: ${describeConditions(holding.conditions!)}`;
      return explained({ result: "ALLOW" }, reason, memberships, grants);
    }
    return explained({ result: "DENY" }, `${permission.name} is granted only by ${summary}; ${ref} meets none of these conditions`, memberships, grants);
  }
  return explained(
    {
      result: "CONDITIONAL",
      pluginId: CATALOG_PLUGIN_ID,
      resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
      conditions: unique.length === 1 ? unique[0] : { anyOf: unique },
    },
    `${permission.name} is granted only by ${summary}`,
    memberships,
    grants,
  );
}

/** The roles `identity` belongs to, each with the member entry that admits it. */
export function membershipsOf(config: PermissionConfig, identity: PermissionIdentity | undefined): RoleMembership[] {
  const refs = new Set(identity ? [identity.userEntityRef, ...identity.ownershipEntityRefs].map(normalizeRef) : []);
  return config.policy.roles.flatMap((role) => {
    const via = role.members.find((member) => member === ANY_MEMBER || refs.has(member));
    return via ? [{ role: role.name, via }] : [];
  });
}

function resolveConditions(conditions: PermissionCriteria<ConfigCondition>, identity: PermissionIdentity | undefined) {
  return mapCriteria<ConfigCondition, PermissionCondition>(conditions, (condition) => {
    const params = resolvePlaceholders(condition.params, identity);
    if (params === NEEDS_USER) return NOTHING;
    return { resourceType: RESOURCE_TYPE_CATALOG_ENTITY, rule: condition.rule, params };
  });
}

/** Conditions in words, for explanations: `IS_ENTITY_OWNER(claims: [$ownershipEntityRefs]) or HAS_LABEL(label: open-refresh)`. */
export function describeConditions(criteria: PermissionCriteria<ConfigCondition>, nested = false): string {
  const group = (parts: string[], joiner: string) => (nested && parts.length > 1 ? `(${parts.join(joiner)})` : parts.join(joiner));
  if (isAnyOf(criteria)) return group(criteria.anyOf.map((child) => describeConditions(child, true)), " or ");
  if (isAllOf(criteria)) return group(criteria.allOf.map((child) => describeConditions(child, true)), " and ");
  if (isNot(criteria)) return `not ${describeConditions(criteria.not, true)}`;
  const params = Object.entries(criteria.params ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? `[${value.join(", ")}]` : String(value)}`);
  return `${criteria.rule}(${params.join(", ")})`;
}

function coverage(pattern: string, name: string): string {
  return pattern === name ? name : `'${pattern}', which covers ${name}`;
}

function normalizeRef(ref: string): string {
  try {
    return stringifyEntityRef(parseEntityRef(ref));
  } catch {
    return ref.toLocaleLowerCase("en-US");
  }
}

function explained(decision: PolicyDecision, reason: string, memberships: RoleMembership[], grants: GrantMatch[]): Evaluation {
  return { decision, explanation: { reason, memberships, grants } };
}
