import type { RequestContext } from "../context.server";
import { guestIdentity, isGuest, signInOptions, type Identity } from "./identity";
import { browserGuestId } from "./guest.server";
import { ownershipEntityRefs } from "./ownership.server";
import { clearedSessionCookie, sessionCookie } from "./session.server";
import type { UserSession } from "./tokens.server";

// Sessions as pages see them: the sign-in options, and the cookies that
// start, renew or end a session. Who the visitor is, is settled once per
// request by request-identity.server.ts.

export function isSecure(app: RequestContext): boolean {
  return app.publicConfig.baseUrl.startsWith("https:");
}

export function offeredSignInOptions(app: RequestContext): string[] {
  return signInOptions(app.config.config.auth.signInPage);
}

/** The session cookie of a sign-in, or of a renewal when `session` is the one being renewed. */
export async function startSession(app: RequestContext, identity: Identity, session?: UserSession): Promise<string> {
  const { token, expiresAt } = await app.tokens.issue(identity, session);
  return sessionCookie(token, { basePath: app.publicConfig.basePath, secure: isSecure(app), expiresAt });
}

export function endSession(app: RequestContext): string {
  return clearedSessionCookie({ basePath: app.publicConfig.basePath, secure: isSecure(app) });
}

/** Signing out: the request's session is revoked on every replica, whoever holds a copy of its token, and its cookie cleared. */
export async function signOut(app: RequestContext): Promise<string> {
  if (app.auth.identity) await app.tokens.revoke(app.auth.identity.session);
  return endSession(app);
}

/**
 * A guest session for this browser: the guest's permissions, and the
 * browser's own guest id (kept, or made now) as its settings scope. The
 * cookies to set come back with it: the guest id's (when new) and the session's.
 */
export async function startGuestSession(app: RequestContext, request: Request, extra: { provider?: string; displayName?: string } = {}): Promise<{ identity: Identity; cookies: string[] }> {
  const { guestId, setCookie } = browserGuestId(request.headers.get("cookie"), { basePath: app.publicConfig.basePath, secure: isSecure(app) });
  const identity = guestIdentity(guestId, extra);
  return { identity, cookies: [...(setCookie ? [setCookie] : []), await startSession(app, identity)] };
}

/** The identity a renewed session carries: a user's groups are read again, so membership changes reach it. */
export async function renewedIdentity(app: RequestContext, current: Identity): Promise<Identity> {
  const { userEntityRef, provider, guestId, displayName } = current;
  if (isGuest(current)) return { userEntityRef, provider, guestId, displayName, ownershipEntityRefs: current.ownershipEntityRefs };
  return { userEntityRef, provider, ownershipEntityRefs: await ownershipEntityRefs(app.catalog, userEntityRef) };
}
