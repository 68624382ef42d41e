import type { RequestContext } from "../context.server";
import { AuthenticationError } from "../errors";
import { isApiPath, isPublicApiPath, routedPath } from "../http/public-routes";
import { ANONYMOUS_CREDENTIALS, userCredentials, type Credentials } from "./credentials";
import { servicePrincipalFor } from "./external-access.server";
import type { Identity } from "./identity";

// The credentials a request's service calls carry.

/** Backstage's message for a request to a protected route that carries no credentials at all. */
export const MISSING_CREDENTIALS = "Missing credentials";

/**
 * The door of the API and who a request to it acts for. `path` is relative to
 * the base path. An /api route that is not declared public
 * (../http/public-routes.ts) needs a user token (cookie or Bearer) or a
 * static token of backend.auth.externalAccess, else 401 "Missing
 * credentials", as Backstage's credentials barrier answers;
 * backend.auth.dangerouslyDisableDefaultAuthPolicy lets such callers in with
 * no principal, so the permission policy still decides for them.
 *
 * Credentials that were sent must be valid (401 with the reason), except a
 * broken session cookie on a public route: the visitor is there to sign in
 * again, so it counts as none, and `app` comes back without it.
 */
export function apiCaller(app: RequestContext, path: string): { app: RequestContext; credentials: Credentials } {
  const api = isApiPath(path);
  const open = api && isPublicApiPath(path);
  if (app.auth.error) {
    if (open && app.auth.from === "cookie") return { app: { ...app, auth: {} }, credentials: ANONYMOUS_CREDENTIALS };
    throw new AuthenticationError(app.auth.error);
  }
  if (app.auth.service) return { app, credentials: { principal: servicePrincipalFor(app.auth.service, apiPluginId(path)) } };
  if (app.auth.identity) return { app, credentials: userCredentials(app.auth.identity) };
  if (api && !open && !app.config.config.backend.auth?.dangerouslyDisableDefaultAuthPolicy) throw new AuthenticationError(MISSING_CREDENTIALS);
  return { app, credentials: ANONYMOUS_CREDENTIALS };
}

/** For a page: the visitor requireIdentity() / optionalIdentity() returned (request-identity.server.ts). */
export function pageCredentials(identity: Identity | undefined): Credentials {
  return identity ? userCredentials(identity) : ANONYMOUS_CREDENTIALS;
}

/** The plugin an /api path (relative to the base path) belongs to: /api/catalog/entities is catalog's. */
export function apiPluginId(path: string): string {
  return /^\/api\/([^/]+)/.exec(routedPath(path))?.[1] ?? "";
}
