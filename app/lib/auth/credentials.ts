import type { PermissionAction } from "../permission/permissions";
import type { Identity } from "./identity";

// Who a service call acts for, in Backstage's terms: a user (the guest is a
// user without a verified identity), a service (a static token of
// backend.auth.externalAccess, or Atrium itself), or nobody. Every service
// call carries credentials and the service decides with them.

/** What a static token may do within one plugin (Backstage's accessRestrictions). */
export type AccessRestrictions = {
  permissionNames?: string[];
  permissionAttributes?: { action?: PermissionAction[] };
};

export type UserPrincipal = { type: "user"; identity: Identity };
export type ServicePrincipal = { type: "service"; subject: string; accessRestrictions?: AccessRestrictions };
export type NoPrincipal = { type: "none" };
export type Principal = UserPrincipal | ServicePrincipal | NoPrincipal;

export type Credentials = { principal: Principal };

export function userCredentials(identity: Identity): Credentials {
  return { principal: { type: "user", identity } };
}

/** A caller without a session where guests are not admitted: only roles open to '*' apply. */
export const ANONYMOUS_CREDENTIALS: Credentials = { principal: { type: "none" } };

/**
 * Atrium acting on its own behalf: resolving a signed-in user's groups,
 * processing. Never derived from a request.
 */
export const INTERNAL_CREDENTIALS: Credentials = { principal: { type: "service", subject: "atrium" } };

/** The user behind the credentials, if they are a user's. */
export function identityOf(credentials: Credentials): Identity | undefined {
  return credentials.principal.type === "user" ? credentials.principal.identity : undefined;
}
