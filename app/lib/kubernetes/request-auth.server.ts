import type { RequestContext } from "../context.server";
import { readSecretsCookie } from "../auth/session-secrets.server";
import type { KubernetesRequestAuth } from "./types";

// The user's tokens for the clusters' auth providers: what the browser posts
// in `auth` (Backstage's frontend gets them from its own auth APIs), over
// what the signed-in user's session already holds. Sessions keep providers'
// access tokens (app/lib/auth/session-secrets.server.ts), never ID tokens, so
// `google` comes from a Google sign-in and `aks` from a Microsoft one whose
// token has AKS's scope; OIDC clusters need the browser to send the ID token.

/** The AKS server application's scope, as Backstage's AksKubernetesAuthProvider asks Microsoft for it. */
export const AKS_SCOPE = "6dae42f8-4368-4678-94ff-3960e28e3630/user.read";

export async function sessionAuthOf(app: RequestContext, cookieHeader: string | null | undefined): Promise<KubernetesRequestAuth> {
  const user = app.auth.identity?.userEntityRef;
  if (!user) return {};
  const secrets = await app.authProviders.secrets.load(readSecretsCookie(cookieHeader ?? null), user);
  const auth: KubernetesRequestAuth = {};
  const google = secrets["provider:google"];
  if (google) auth.google = google.accessToken;
  const microsoft = secrets["provider:microsoft"];
  if (microsoft?.scopes.some((scope) => scope.toLowerCase() === AKS_SCOPE)) auth.aks = microsoft.accessToken;
  return auth;
}

/** The posted map wins: the browser asked for that token for this request. */
export function mergedAuth(session: KubernetesRequestAuth, posted: KubernetesRequestAuth | undefined): KubernetesRequestAuth {
  return { ...session, ...posted };
}
