import { matchPath } from "react-router";

// The one list of /api paths a caller may reach without credentials. Every
// other /api route answers 401 to a request that carries neither a user
// token (session cookie or Bearer) nor a static token of
// backend.auth.externalAccess: apiRoute (./api.server.ts) refuses it before
// any handler runs, and server/api-door.test.ts walks app/routes.ts to prove
// it for every route and method.
//
// What is here is what Backstage's own backend leaves open: its auth plugin
// declares itself unauthenticated as a whole (the routes that hand out
// credentials cannot demand them), and so does Atrium's auth API. Health
// endpoints live outside /api (server/health.ts) and are open anyway.

export const PUBLIC_API_ROUTES = [
  // The keys user tokens are signed with, and any other well-known document of the auth plugin.
  "/api/auth/.well-known/*",
  // Sign-in and provider sessions: start, the provider's callback, refresh and logout.
  "/api/auth/:provider/start",
  "/api/auth/:provider/handler/frame",
  "/api/auth/:provider/refresh",
  "/api/auth/:provider/logout",
  // The development identity provider (server/dev-identity-provider.ts), an OpenID Connect provider of its own.
  "/api/auth/dev-idp/*",
] as const;

/**
 * A path as the router matches it: each segment percent-decoded (an encoded
 * slash stays inside its segment), regardless of case; repeated slashes must
 * not carry a request past the door either.
 */
export function routedPath(path: string): string {
  const decoded = path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded.toLowerCase().replace(/\/{2,}/g, "/");
}

/** Whether `path` (relative to the base path, e.g. /api/auth/oidc/start) is an /api route. */
export function isApiPath(path: string): boolean {
  return /^\/api(?:\/|$)/.test(routedPath(path));
}

/** What every route above starts with: their common text before any parameter or splat. */
const PUBLIC_PREFIX = PUBLIC_API_ROUTES.map((pattern) => pattern.split(/[:*]/)[0].toLowerCase()).reduce((prefix, start) => {
  let length = 0;
  while (length < prefix.length && prefix[length] === start[length]) length++;
  return prefix.slice(0, length);
});

/** Whether `path` (relative to the base path) is declared public above. */
export function isPublicApiPath(path: string): boolean {
  const routed = routedPath(path);
  // matchPath compiles its pattern into a regular expression on every call:
  // six of them cost 5% of the CPU of a catalog request, none of which can match.
  if (!routed.startsWith(PUBLIC_PREFIX)) return false;
  return PUBLIC_API_ROUTES.some((pattern) => matchPath({ path: pattern, caseSensitive: false, end: true }, routed) !== null);
}
