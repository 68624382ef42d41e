import type { RequestContext } from "../context.server";
import { LOGIN_REQUEST_PARAM, parseLoginRequestParam, type PendingLoginRequest, type ProviderNeed } from "./login-requests";
import { hasScopes, normalizeScopes, PROVIDERS, type ProviderId } from "./providers";
import { appOriginOf } from "./redirects";
import { providerSecretKey, readSecretsCookie, type ProviderSecret } from "./session-secrets.server";

// Login requests on the server: a page needs a provider session the user
// lacks (a GitHub token with repo scope for an import, or a sign-in from the
// settings tab); the dialog lists those the session's secrets do not satisfy.

/** The session's token for a provider, when it has one that is not expired. */
export async function providerSession(app: RequestContext, request: Request, provider: string): Promise<ProviderSecret | undefined> {
  const user = app.auth.identity?.userEntityRef;
  if (!user) return undefined;
  const secrets = await app.authProviders.secrets.load(readSecretsCookie(request.headers.get("cookie")), user);
  return secrets[providerSecretKey(provider)];
}

/** Source-control credentials for a host (github.com, gitlab.example): the import flow pushes with them. */
export async function sourceControlCredentials(app: RequestContext, request: Request, host: string): Promise<ProviderSecret | undefined> {
  const user = app.auth.identity?.userEntityRef;
  if (!user) return undefined;
  const secrets = await app.authProviders.secrets.load(readSecretsCookie(request.headers.get("cookie")), user);
  return Object.values(secrets).find((secret) => secret.host === host);
}

export function startPathFor(app: RequestContext, provider: ProviderId, scopes: string[]): string {
  const query = new URLSearchParams({ env: app.authProviders.settings.environment });
  if (scopes.length) query.set("scope", scopes.join(" "));
  return `${app.publicConfig.basePath}/api/auth/${provider}/start?${query}`;
}

/**
 * The absolute start URL of the redirect flow (no JavaScript), coming back
 * to `returnTo` (a router path, without the base path). Absolute, so React
 * Router leaves it alone instead of prefixing its basename again.
 */
export function redirectFlowUrl(app: RequestContext, provider: ProviderId, scopes: string[], returnTo: string): string {
  const origin = appOriginOf(app.publicConfig);
  const params = new URLSearchParams({ flow: "redirect", origin, redirectUrl: `${origin}${app.publicConfig.basePath}${returnTo}` });
  return `${origin}${startPathFor(app, provider, scopes)}&${params}`;
}

/** The requests of the URL and of the page's own needs that the session does not satisfy yet, one per provider. */
export async function pendingLoginRequests(app: RequestContext, request: Request, needs: ProviderNeed[] = []): Promise<PendingLoginRequest[]> {
  const url = new URL(request.url);
  const fromUrl = url.searchParams
    .getAll(LOGIN_REQUEST_PARAM)
    .slice(0, 10)
    .map(parseLoginRequestParam)
    .filter((need): need is ProviderNeed => Boolean(need));
  const merged = new Map<ProviderId, string[]>();
  for (const need of [...needs, ...fromUrl]) {
    const provider = app.authProviders.provider(need.provider);
    if (!provider) continue;
    const id = provider.config.id;
    merged.set(id, normalizeScopes(merged.get(id), need.scopes));
  }
  const pending: PendingLoginRequest[] = [];
  for (const [provider, extra] of merged) {
    const scopes = normalizeScopes(app.authProviders.provider(provider)!.config.scopes, extra);
    const session = await providerSession(app, request, provider);
    if (session && hasScopes(session.scopes, scopes)) continue;
    pending.push({ provider, title: PROVIDERS[provider].title, scopes, startPath: startPathFor(app, provider, extra) });
  }
  return pending;
}

/** The page's path and query without its login requests: where a finished or rejected request returns to. */
export function withoutLoginRequests(url: URL, basePath: string): string {
  const params = new URLSearchParams(url.search);
  params.delete(LOGIN_REQUEST_PARAM);
  const path = url.pathname.slice(basePath.length).replace(/(?:\/_)?\.data$/, "") || "/";
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
