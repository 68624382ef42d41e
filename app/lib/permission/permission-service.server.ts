import type { Credentials, ServicePrincipal } from "../auth/credentials";
import type { Entity } from "../catalog/entity";
import type { FilterPredicate } from "../catalog/query/predicate";
import { NotAllowedError } from "../errors";
import type { PolicyDecision } from "./criteria";
import { applyConditions, decisionToFilter } from "./filters";
import { isResourcePermission, RESOURCE_TYPE_CATALOG_ENTITY, type Permission, type ResourcePermission } from "./permissions";
import { evaluate, type Evaluation } from "./policy";
import type { PermissionConfig } from "./policy-config";

// The one place services ask "may these credentials do this?". Users (the
// guest included) and callers without a session are decided by the
// configured policy; service principals (static tokens, Atrium itself) are
// allowed everything within their access restrictions, as Backstage allows
// service callers (decision 010).

export type PermissionService = ReturnType<typeof createPermissionService>;

export function createPermissionService(config: PermissionConfig) {
  function explain(credentials: Credentials, permission: Permission, resource?: Entity): Evaluation {
    const { principal } = credentials;
    if (principal.type === "service") return evaluateService(config, principal, permission);
    return evaluate(config, principal.type === "user" ? principal.identity : undefined, permission, resource);
  }

  function decide(credentials: Credentials, permission: Permission): PolicyDecision {
    return explain(credentials, permission).decision;
  }

  /** Whether the credentials may do a resource permission on one catalog entity they already hold. */
  function allowedOn(credentials: Credentials, permission: ResourcePermission, entity: Entity): boolean {
    const decision = decide(credentials, permission);
    if (decision.result !== "CONDITIONAL") return decision.result === "ALLOW";
    return decision.resourceType === RESOURCE_TYPE_CATALOG_ENTITY && applyConditions(decision.conditions, entity);
  }

  return {
    config,
    /** The decision with the reason for it, for the access page. */
    explain,
    decide,
    allowedOn,
    /**
     * What a catalog-entity permission adds to a catalog query for these
     * credentials: nothing (allowed), the policy's conditions, or a filter
     * matching nothing (denied).
     */
    entityFilter(credentials: Credentials, permission: ResourcePermission): FilterPredicate | undefined {
      return decisionToFilter(decide(credentials, permission));
    },
    /** Throws NotAllowedError unless a basic permission is allowed. */
    assertAllowed(credentials: Credentials, permission: Permission): void {
      if (decide(credentials, permission).result !== "ALLOW") throw notAllowed(permission);
    },
    /** Throws NotAllowedError unless the permission is allowed on this entity. */
    assertAllowedOn(credentials: Credentials, permission: ResourcePermission, entity: Entity): void {
      if (!allowedOn(credentials, permission, entity)) throw notAllowed(permission);
    },
  };
}

export function notAllowed(permission: Permission): NotAllowedError {
  return new NotAllowedError(`You are not allowed to perform ${permission.name}`);
}

/** A service principal is allowed everything, unless its token's access restrictions leave the permission out. */
function evaluateService(config: PermissionConfig, principal: ServicePrincipal, permission: Permission): Evaluation {
  const result = (decision: "ALLOW" | "DENY", reason: string): Evaluation => ({ decision: { result: decision }, explanation: { reason, memberships: [], grants: [] } });
  if (!config.enabled) return result("ALLOW", "Permissions are disabled (permission.enabled is false), so everything is allowed");
  const restrictions = principal.accessRestrictions;
  const who = `Service '${principal.subject}'`;
  if (restrictions?.permissionNames && !restrictions.permissionNames.includes(permission.name)) {
    return result("DENY", `${who} is restricted to the permissions ${restrictions.permissionNames.join(", ")}`);
  }
  const actions = restrictions?.permissionAttributes?.action;
  if (actions && (!permission.attributes.action || !actions.includes(permission.attributes.action))) {
    return result("DENY", `${who} is restricted to the actions ${actions.join(", ")}`);
  }
  const scope = isResourcePermission(permission) ? `${permission.name} on every ${permission.resourceType}` : permission.name;
  return result("ALLOW", `${who} is a service principal, allowed ${scope}${restrictions ? " within its access restrictions" : ""}`);
}
