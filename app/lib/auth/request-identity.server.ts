import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getRequestContext, type RequestContext } from "../context.server";
import { GUEST_USER_REF, type Identity } from "./identity";
import { endSession, offeredSignInOptions, renewedIdentity, startGuestSession, startSession } from "./sign-in.server";
import { SESSION_COOKIE, SESSION_REFRESH_THRESHOLD_SECONDS } from "./session.server";

// Who a page request acts for, settled once per request by the root route's
// middleware (app/root.tsx) from the session getLoadContext authenticated
// (server/app.ts): the user and the refs they own through, the session
// renewed when it nears its end, a guest session for a visitor of a portal
// without a sign-in page, and the sign-in page for a visitor without a
// session where there is one. Loaders and actions read the result with
// requireIdentity / optionalIdentity and never resolve it themselves.
//
// /api routes are left alone: they answer for themselves from `app.auth`
// (401 with Backstage's error body, never a redirect to a page).

type Caller = { identity?: Identity; signInPath: string };

const callerContext = createContext<Caller>();

/** Pages a visitor without a session may reach: the sign-in page, and the app cookie's endpoint, which answers 401 itself. */
const OPEN_PATHS = new Set(["/sign-in", "/.backstage/auth/v1/cookie"]);

export const identityMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const app = getRequestContext(context);
  const basePath = app.publicConfig.basePath;
  const path = (url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname) || "/";
  if (path === "/api" || path.startsWith("/api/")) return next();
  const cookies: string[] = [];
  const signInPath = `/sign-in?redirectTo=${encodeURIComponent(`${path}${url.search}`)}`;
  const identity = await resolve(app, request, path, cookies);
  // React Router adds the basename to a loader's redirect, not to a middleware's: this one carries the base path itself.
  if (!identity && !OPEN_PATHS.has(path)) throw redirect(`${basePath}${signInPath}`, { headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) });
  context.set(callerContext, { identity, signInPath });
  const response = await next();
  // A route that set the session itself (sign-in, sign-out) has the last word on it.
  const routeSetSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  for (const cookie of cookies) {
    if (!(routeSetSession && cookie.startsWith(`${SESSION_COOKIE}=`))) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

async function resolve(app: RequestContext, request: Request, path: string, cookies: string[]): Promise<Identity | undefined> {
  const current = app.auth.identity;
  const noSignInPage = offeredSignInOptions(app).length === 0;
  // A guest token from before guests had their own scope gets this browser's guest id.
  const sharedGuest = current?.userEntityRef === GUEST_USER_REF && current.provider === "guest" && !current.guestId;
  if (current && !sharedGuest) {
    // A session near its absolute end (auth.sessionDuration) has nothing left to renew.
    const extensible = Math.floor(current.session.endsAt / 1000) * 1000 > current.expiresAt;
    if (current.expiresAt - Date.now() >= SESSION_REFRESH_THRESHOLD_SECONDS * 1000 || !extensible) return current;
    const renewed = await renewedIdentity(app, current);
    cookies.push(await startSession(app, renewed, current.session));
    return renewed;
  }
  if (noSignInPage || sharedGuest) {
    if (OPEN_PATHS.has(path) && !sharedGuest) return undefined;
    const guest = await startGuestSession(app, request);
    cookies.push(...guest.cookies);
    return guest.identity;
  }
  // A forged, expired or foreign session cookie is no session: cleared on the way to the sign-in page.
  if (app.auth.error && app.auth.from === "cookie") cookies.push(endSession(app));
  return undefined;
}

/** The caller of a page's loader or action; without one (only on the pages OPEN_PATHS lists), the sign-in page. */
export function requireIdentity(context: Readonly<RouterContextProvider>): Identity {
  const caller = context.get(callerContext);
  if (!caller.identity) throw redirect(caller.signInPath);
  return caller.identity;
}

/** The caller of a page's loader or action, if there is one (the sign-in page and the app cookie's endpoint may have none). */
export function optionalIdentity(context: Readonly<RouterContextProvider>): Identity | undefined {
  return context.get(callerContext).identity;
}
