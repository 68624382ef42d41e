import { redirect } from "react-router";
import type { RequestContext } from "../context.server";
import { GUEST_IDENTITY, signInOptions, type Identity } from "./identity";
import { clearedSessionCookie, SESSION_REFRESH_THRESHOLD_SECONDS, sessionCookie } from "./session.server";

// Sessions as pages see them: who the visitor is, the sign-in page when a
// session is needed, and the cookie that starts, renews or ends a session.

export function isSecure(app: RequestContext): boolean {
  return app.publicConfig.baseUrl.startsWith("https:");
}

export function offeredSignInOptions(app: RequestContext): string[] {
  return signInOptions(app.config.config.auth.signInPage);
}

/**
 * The visitor's identity for a page. Without a sign-in page everyone is the
 * guest; with one, a visitor without a session is sent to it. A session
 * close to its end is renewed on the way.
 */
export async function pageIdentity(app: RequestContext, request: Request, headers: Headers): Promise<Identity | undefined> {
  const options = offeredSignInOptions(app);
  if (options.length === 0) return GUEST_IDENTITY;
  const identity = app.auth.identity;
  if (app.auth.error && app.auth.from === "cookie") headers.append("Set-Cookie", clearedSessionCookie({ basePath: app.publicConfig.basePath, secure: isSecure(app) }));
  if (identity) {
    if (identity.expiresAt - Date.now() < SESSION_REFRESH_THRESHOLD_SECONDS * 1000) headers.append("Set-Cookie", await startSession(app, identity));
    return identity;
  }
  const url = new URL(request.url);
  const path = url.pathname.slice(app.publicConfig.basePath.length).replace(/(?:\/_)?\.data$/, "") || "/";
  if (path === "/sign-in") return undefined;
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`${path}${url.search}`)}`, { headers });
}

export async function startSession(app: RequestContext, identity: Identity): Promise<string> {
  const { token, expiresAt } = await app.tokens.issue(identity);
  return sessionCookie(token, { basePath: app.publicConfig.basePath, secure: isSecure(app), expiresAt });
}

export function endSession(app: RequestContext): string {
  return clearedSessionCookie({ basePath: app.publicConfig.basePath, secure: isSecure(app) });
}
