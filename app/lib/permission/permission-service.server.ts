import type { Credentials, ServicePrincipal } from "../auth/credentials";
import { NotAllowedError } from "../errors";
import type { PolicyDecision } from "./criteria";
import { PERMISSIONS } from "./known-permissions";
import { isResourcePermission, type Permission, type ResourcePermission } from "./permissions";
import { evaluate, type Evaluation } from "./policy";
import type { PermissionConfig } from "./policy-config";

// The one place services ask "may these credentials do this?". Users (the
// guest included) and callers without a session are decided by the
// configured policy; service principals (static tokens, Atrium itself) are
// allowed everything within their access restrictions, as Backstage allows
// service callers (decision 010). Resource permissions of any registered
// resource type are settled on one resource with that type's rules; an area
// that reads many resources turns a decision into its own query (the
// catalog's: app/lib/catalog/permission/filters.ts).

export type PermissionService = ReturnType<typeof createPermissionService>;

export function createPermissionService(config: PermissionConfig) {
  function explain(credentials: Credentials, permission: Permission, resource?: unknown): Evaluation {
    const { principal } = credentials;
    if (principal.type === "service") return evaluateService(config, principal, permission);
    return evaluate(config, principal.type === "user" ? principal.identity : undefined, permission, resource);
  }

  function decide(credentials: Credentials, permission: Permission): PolicyDecision {
    return explain(credentials, permission).decision;
  }

  /** Whether the credentials may do a resource permission on one resource of its type, already loaded. */
  function allowedOn(credentials: Credentials, permission: ResourcePermission, resource: unknown): boolean {
    const decision = decide(credentials, permission);
    if (decision.result !== "CONDITIONAL") return decision.result === "ALLOW";
    return decision.resourceType === permission.resourceType && PERMISSIONS.applyConditions(decision.resourceType, decision.conditions, resource);
  }

  return {
    config,
    /** The decision with the reason for it, for the access page. */
    explain,
    decide,
    allowedOn,
    /** Throws NotAllowedError unless a basic permission is allowed. */
    assertAllowed(credentials: Credentials, permission: Permission): void {
      if (decide(credentials, permission).result !== "ALLOW") throw notAllowed(permission);
    },
    /** Throws NotAllowedError unless the permission is allowed on this resource. */
    assertAllowedOn(credentials: Credentials, permission: ResourcePermission, resource: unknown): void {
      if (!allowedOn(credentials, permission, resource)) throw notAllowed(permission);
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
