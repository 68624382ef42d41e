import type { RequestContext } from "../context.server";
import { AuthenticationError, NotAllowedError } from "../errors";
import { isSecure, renewedIdentity } from "./sign-in.server";
import { sessionCookie } from "./session.server";

// Backstage's app cookie ({app}/.backstage/auth/v1/cookie). In Atrium the app
// cookie is the session cookie itself (decision 008), so issuing it means a
// fresh user token of the same session, with the user's groups read again so
// that membership changes reach a session kept alive by the browser's
// refresh loop; it never outlives the session's absolute end.

export async function refreshAppCookie(app: RequestContext): Promise<{ setCookie: string; expiresAt: number }> {
  if (app.auth.service) throw new NotAllowedError("This endpoint does not allow 'service' credentials");
  const current = app.auth.identity;
  if (!current) throw new AuthenticationError(app.auth.error ?? "Missing credentials: sign in, or send 'Authorization: Bearer <token>'");
  const identity = await renewedIdentity(app, current);
  const { token, expiresAt } = await app.tokens.issue(identity, current.session);
  return { setCookie: sessionCookie(token, { basePath: app.publicConfig.basePath, secure: isSecure(app), expiresAt }), expiresAt };
}
