import type { RequestContext } from "../context.server";
import { clearedProviderSessionCookies } from "./oauth-state.server";
import { clearedSecretsCookie, readSecretsCookie } from "./session-secrets.server";
import { isSecure } from "./sign-in.server";

/**
 * Signing out of the portal ends every provider session with it: the
 * session's secrets are deleted on the server and the providers' refresh
 * cookies cleared. Answers the Set-Cookie headers to send.
 */
export async function endProviderSessions(app: RequestContext, request: Request): Promise<string[]> {
  await app.authProviders.secrets.drop(readSecretsCookie(request.headers.get("cookie")));
  const secure = isSecure(app);
  const { basePath } = app.publicConfig;
  return [clearedSecretsCookie({ basePath, secure }), ...app.authProviders.configured().flatMap((provider) => clearedProviderSessionCookies({ basePath, providerId: provider.id, secure }))];
}
