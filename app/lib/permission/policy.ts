import { parseEntityRef, stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { mapCriteria, isAllOf, isAnyOf, isNot } from "./criteria";
import type { PermissionCondition, PermissionCriteria, PolicyDecision } from "./criteria";
import { PERMISSIONS } from "./known-permissions";
import { isResourcePermission } from "./permissions";
import type { Permission, ResourcePermission } from "./permissions";
import { ANY_MEMBER, NEEDS_USER, patternMatches, resolvePlaceholders } from "./policy-config";
import type { ConfigCondition, PermissionConfig, PermissionIdentity } from "./policy-config";

// Deciding a permission for a caller under the configured policy, with the
// reason, so a page can answer "why can (or can't) X do P?". A matching
// unconditional grant allows; otherwise matching conditional grants make a
// CONDITIONAL decision with their conditions OR-ed, for the plugin that owns
// the permission's resource type (./known-permissions.ts); otherwise deny.

export type { PermissionIdentity } from "./policy-config";

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
 * Decides `permission` for `identity` (undefined for a guest). With a
 * `resource` of the permission's resource type, a conditional outcome is
 * settled against it: ALLOW or DENY.
 */
export function evaluate(config: PermissionConfig, identity: PermissionIdentity | undefined, permission: Permission, resource?: unknown): Evaluation {
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
        // Conditions only make sense for resources of the type their rules read (policy-config checks they match).
        if (grant.conditions && !isResourcePermission(permission)) return [];
        return [{ role: role.name, entry, permission: grant.permission, ...(grant.conditions ? { conditions: grant.conditions } : {}) }];
      }),
    );

  const unconditional = grants.find((grant) => !grant.conditions);
  if (unconditional) {
    return explained({ result: "ALLOW" }, `Role '${unconditional.role}' grants ${coverage(unconditional.permission, permission.name)}`, memberships, grants);
  }
  if (grants.length === 0) return explained({ result: "DENY" }, `No role grants ${permission.name}`, memberships, grants);

  // Only resource permissions get this far: a conditional grant of any other is never a match.
  const { resourceType } = permission as ResourcePermission;
  const resolved = grants.map((grant) => resolveConditions(grant.conditions!, identity, resourceType));
  const unique = [...new Map(resolved.map((conditions) => [JSON.stringify(conditions), conditions])).values()];
  const summary = grants.map((grant) => `role '${grant.role}' when ${describeConditions(grant.conditions!)}`).join(", or ");

  if (resource !== undefined) {
    const ref = PERMISSIONS.describeResource(resourceType, resource);
    grants.forEach((grant, index) => (grant.holds = PERMISSIONS.applyConditions(resourceType, resolved[index], resource)));
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
      pluginId: PERMISSIONS.resourceType(resourceType)!.pluginId,
      resourceType,
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

function resolveConditions(conditions: PermissionCriteria<ConfigCondition>, identity: PermissionIdentity | undefined, resourceType: string) {
  return mapCriteria<ConfigCondition, PermissionCondition>(conditions, (condition) => {
    const params = resolvePlaceholders(condition.params, identity);
    // A condition on the caller's own ref, and no caller: it holds for nothing.
    if (params === NEEDS_USER) return PERMISSIONS.resourceType(resourceType)!.matchNothing;
    return { resourceType, rule: condition.rule, params };
  });
}

/** Conditions in words, for explanations: `IS_ENTITY_OWNER(claims: [$ownershipEntityRefs]) or HAS_LABEL(label: open-refresh)`. */
export function describeConditions(criteria: PermissionCriteria<ConfigCondition>, nested = false): string {
  const group = (parts: string[], joiner: string) => (nested && parts.length > 1 ? `(${parts.join(joiner)})` : parts.join(joiner));
  if (isAnyOf(criteria))
    return group(
      criteria.anyOf.map((child) => describeConditions(child, true)),
      " or ",
    );
  if (isAllOf(criteria))
    return group(
      criteria.allOf.map((child) => describeConditions(child, true)),
      " and ",
    );
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
