import type { NextFunction, Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RateLimiter } from "../app/lib/auth/rate-limit.server";
import { TooManyRequestsError } from "../app/lib/errors";
import { createTranslator } from "../app/lib/i18n/i18n";
import { sendError } from "./request-guards";

// Login attempts are counted per client address (req.ip, which honours
// backend.trustProxy): sign-in and login-request form posts, and the start
// and refresh endpoints of every provider. Beyond the limit: 429 in
// Backstage's error shape with Retry-After.
//
// What counts is the route React Router will run, matched as it matches
// (app/routes.ts through the server build): case-insensitive, with a trailing
// slash, percent-encoded letters and the `.data` suffix of its single-fetch
// requests all leading to the same route. A pattern over the raw path could
// be walked around by any of them.

/** The routes whose requests are login attempts, and which of their methods count. */
const LOGIN_ROUTES: Record<string, (method: string) => boolean> = {
  // The actions: any method but GET and HEAD runs them; GET only renders the page.
  "routes/sign-in": (method) => method !== "GET" && method !== "HEAD",
  "routes/auth/login-request": (method) => method !== "GET" && method !== "HEAD",
  // Every method: the endpoint decides what it answers, the attempt counts first.
  "routes/api/auth/start": () => true,
  "routes/api/auth/refresh": () => true,
};

/** Finds the route React Router would run for a request URL (server-runtime's getNormalizedPath, then its matcher). */
export function routeMatcher(build: ServerBuild): (url: string) => string | undefined {
  const routes = routeTree(build.routes, undefined);
  return (url) => {
    let pathname: string;
    try {
      // Appended to an origin, as the request handler builds its URL (server/react-router-handler.ts): "//x/sign-in" stays a path.
      pathname = new URL(`http://localhost${url}`).pathname;
    } catch {
      return undefined;
    }
    pathname = pathname.endsWith("/_.data") ? pathname.replace(/_\.data$/, "") : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(routes, pathname, build.basename);
    return matches?.at(-1)?.route.id;
  };
}

function routeTree(manifest: ServerBuild["routes"], parentId: string | undefined): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const children = routeTree(manifest, route!.id);
      const base = { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive };
      return route!.index ? { ...base, index: true as const } : { ...base, children };
    });
}

/**
 * A cheap first look that spares every other request the matcher: each login
 * route's pattern has one of these words as a literal segment, so a path the
 * router could send there holds it once decoded, in some letter case.
 */
function mayBeLoginPath(url: string): boolean {
  const path = url.split("?")[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return /sign-in|login-request|start|refresh/i.test(decoded);
}

/** Whether a request is a login attempt, by the route it reaches. */
export function isLoginAttempt(method: string, routeId: string | undefined): boolean {
  return routeId !== undefined && Object.hasOwn(LOGIN_ROUTES, routeId) && LOGIN_ROUTES[routeId](method);
}

export function loginRateLimit(limiter: () => RateLimiter | undefined, build: () => Promise<ServerBuild>): RequestHandler {
  const t = createTranslator();
  // One matcher per build: production has one, development a new one when a route changes.
  const matchers = new WeakMap<ServerBuild, (url: string) => string | undefined>();
  return async (req: Request, res: Response, next: NextFunction) => {
    const rateLimiter = limiter();
    if (!rateLimiter || !mayBeLoginPath(req.originalUrl)) return next();
    try {
      const loaded = await build();
      let matcher = matchers.get(loaded);
      if (!matcher) matchers.set(loaded, (matcher = routeMatcher(loaded)));
      if (!isLoginAttempt(req.method, matcher(req.originalUrl))) return next();
    } catch (error) {
      return next(error);
    }
    const decision = rateLimiter.attempt(req.ip ?? req.socket.remoteAddress ?? "unknown");
    if (decision.allowed) return next();
    const message = t("signIn.tooManyAttempts", { seconds: decision.retryAfterSeconds });
    res.status(429).set("Retry-After", String(decision.retryAfterSeconds));
    // A form posted without JavaScript is a page load: it gets a page that says why, not JSON.
    if (isDocumentRequest(req)) {
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message)}</title></head><body><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(req.originalUrl.split("?")[0])}">${escapeHtml(t("signIn.title"))}</a></p></body></html>`,
        );
      return;
    }
    sendError(req, res, new TooManyRequestsError(message));
  };
}

/** A browser navigating (no JavaScript): a page path, not the API or React Router's .data fetches, asking for HTML. */
function isDocumentRequest(req: Request): boolean {
  return req.method === "POST" && !req.path.endsWith(".data") && /\btext\/html\b/.test(req.get("accept") ?? "");
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
