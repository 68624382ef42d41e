import type { RequestContext } from "../context.server";
import { ANONYMOUS_CREDENTIALS, userCredentials, type Credentials } from "./credentials";
import { servicePrincipalFor } from "./external-access.server";
import { GUEST_IDENTITY, type Identity } from "./identity";
import { offeredSignInOptions } from "./sign-in.server";

// The credentials a request's service calls carry.

/**
 * For an /api route of `pluginId`: a static token's service principal, the
 * signed-in user, or, without credentials, the guest where guests are
 * admitted (no sign-in page, or one that offers Guest) and nobody elsewhere.
 */
export function apiCredentials(app: RequestContext, pluginId: string): Credentials {
  if (app.auth.service) return { principal: servicePrincipalFor(app.auth.service, pluginId) };
  if (app.auth.identity) return userCredentials(app.auth.identity);
  const options = offeredSignInOptions(app);
  return options.length === 0 || options.includes("guest") ? userCredentials(GUEST_IDENTITY) : ANONYMOUS_CREDENTIALS;
}

/** For a page: the visitor pageIdentity() settled on. */
export function pageCredentials(identity: Identity | undefined): Credentials {
  return identity ? userCredentials(identity) : ANONYMOUS_CREDENTIALS;
}

/** The plugin an /api path belongs to: /api/catalog/entities is catalog's. */
export function apiPluginId(pathname: string, basePath: string): string {
  const rest = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  return /^\/api\/([^/]+)/.exec(rest)?.[1] ?? "";
}
