import * as oauth from "oauth4webapi";
import { flashAlerts } from "../alerts/flash.server";
import type { RequestContext } from "../context.server";
import { AuthenticationError, InputError, NotAllowedError, NotFoundError } from "../errors";
import type { ConfiguredProvider } from "./auth-providers.server";
import type { AuthenticatorResult } from "./authenticators.server";
import { GUEST_IDENTITY, type Identity } from "./identity";
import {
  clearedFlowCookies,
  clearedProviderSessionCookies,
  decodeOAuthState,
  encodeOAuthState,
  flowCookies,
  noncesMatch,
  providerSessionCookies,
  randomNonce,
  readFlowCookies,
  readProviderSessionCookies,
  type OAuthState,
} from "./oauth-state.server";
import { hasScopes, normalizeScopes, PROVIDERS } from "./providers";
import { allowedRedirectUrl, appOriginOf, isAppOrigin } from "./redirects";
import { resolveSignIn } from "./resolvers.server";
import { providerSecretKey, readSecretsCookie, secretsCookie } from "./session-secrets.server";
import { isSecure, offeredSignInOptions } from "./sign-in.server";
import { sessionCookie } from "./session.server";
import { webMessageResponse } from "./web-message.server";

// Backstage's auth endpoints for every OAuth provider: /start, the
// provider's callback /handler/frame, /refresh and /logout, with its
// messages and shapes (createOAuthRouteHandlers in @backstage/plugin-auth-node).

const FLOWS = ["popup", "redirect"];

function configuredProvider(app: RequestContext, providerId: string): ConfiguredProvider {
  const provider = app.authProviders.provider(providerId);
  if (!provider) throw new NotFoundError(`Unknown auth provider '${providerId.slice(0, 100)}'`);
  return provider;
}

function checkEnv(app: RequestContext, env: string | null | undefined) {
  if (!env) throw new InputError("No env provided in request query parameters");
  if (env !== app.authProviders.settings.environment) throw new NotFoundError(`No configuration available for the '${env.slice(0, 100)}' environment of this provider.`);
}

function cookieScope(app: RequestContext, providerId: string) {
  return { basePath: app.publicConfig.basePath, providerId, secure: isSecure(app) };
}

export async function startFlow(app: RequestContext, request: Request, providerId: string): Promise<Response> {
  const provider = configuredProvider(app, providerId);
  const query = new URL(request.url).searchParams;
  checkEnv(app, query.get("env"));
  const origin = query.get("origin") ?? undefined;
  if (origin !== undefined && !isAppOrigin(origin, app.publicConfig)) throw new NotAllowedError(`Origin '${origin.slice(0, 200)}' is not allowed`);
  const flow = query.get("flow") ?? undefined;
  if (flow !== undefined && !FLOWS.includes(flow)) throw new InputError(`Invalid flow '${flow.slice(0, 50)}', expected popup or redirect`);
  const requestedRedirect = query.get("redirectUrl") ?? undefined;
  if (flow === "redirect" && !requestedRedirect) throw new InputError("No redirectUrl provided in request query parameters");
  let redirectUrl: string | undefined;
  if (requestedRedirect !== undefined) {
    redirectUrl = allowedRedirectUrl(requestedRedirect, app.publicConfig);
    if (!redirectUrl) throw new NotAllowedError(`Redirect URL '${requestedRedirect.slice(0, 200)}' is not allowed, it is outside the app at ${appOriginOf(app.publicConfig)}`);
  }
  const scope = normalizeScopes(provider.config.scopes, query.get("scope"));
  const nonce = randomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state: OAuthState = { nonce, env: provider.config.environment, origin, redirectUrl, flow, scope: scope.join(" ") };
  const url = await provider.authenticator.authorizationUrl({ scope, state: encodeOAuthState(state), nonce, codeVerifier });
  const headers = new Headers({ Location: url.href, "Cache-Control": "no-store" });
  for (const cookie of flowCookies(cookieScope(app, providerId), { nonce, codeVerifier })) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/** Backstage's ClientOAuthResponse, with the scopes as a list and an ISO expiresAt beside expiresInSeconds, for clients that schedule a refresh. */
function clientResponse(result: AuthenticatorResult, identity: (Identity & { token: string; expiresAt: number }) | undefined) {
  const { session, profile } = result;
  const expiresAt = session.expiresInSeconds === undefined ? undefined : new Date(Date.now() + session.expiresInSeconds * 1000).toISOString();
  return {
    profile: { email: profile.email, displayName: profile.displayName, picture: profile.picture },
    providerInfo: {
      idToken: session.idToken,
      accessToken: session.accessToken,
      scope: session.scope,
      scopes: normalizeScopes(session.scope),
      expiresInSeconds: session.expiresInSeconds,
      expiresAt,
    },
    ...(identity
      ? {
          backstageIdentity: {
            token: identity.token,
            expiresInSeconds: Math.max(0, Math.floor((identity.expiresAt - Date.now()) / 1000)),
            expiresAt: new Date(identity.expiresAt).toISOString(),
            identity: { type: "user", userEntityRef: identity.userEntityRef, ownershipEntityRefs: identity.ownershipEntityRefs },
          },
        }
      : {}),
  };
}

/**
 * The provider's callback. A visitor without a session who chose this
 * provider on the sign-in page is signed in; a signed-in user gets a
 * provider session (its token kept in the session's secrets) and keeps
 * their identity.
 */
export async function handleFrame(app: RequestContext, request: Request, providerId: string): Promise<Response> {
  const url = new URL(request.url);
  let appOrigin = appOriginOf(app.publicConfig);
  let state: OAuthState | undefined;
  const headers = new Headers({ "Cache-Control": "no-store" });
  const scope = cookieScope(app, providerId);
  try {
    const provider = configuredProvider(app, providerId);
    state = decodeOAuthState(url.searchParams.get("state") ?? "");
    if (state.origin) {
      if (!isAppOrigin(state.origin, app.publicConfig)) throw new NotAllowedError(`Origin '${state.origin.slice(0, 200)}' is not allowed`);
      appOrigin = new URL(state.origin).origin;
    }
    if (state.redirectUrl && !allowedRedirectUrl(state.redirectUrl, app.publicConfig)) throw new NotAllowedError("Redirect URL is not allowed");
    if (state.flow === "redirect" && !state.redirectUrl) throw new InputError("No redirectUrl provided in request query parameters");
    const cookies = readFlowCookies(request.headers.get("cookie"), providerId);
    if (!cookies.nonce || !cookies.codeVerifier) throw new NotAllowedError("Auth response is missing cookie nonce");
    if (!noncesMatch(cookies.nonce, state.nonce)) throw new NotAllowedError("Invalid nonce");
    checkEnv(app, state.env);
    for (const cookie of clearedFlowCookies(scope)) headers.append("Set-Cookie", cookie);

    const result = await provider.authenticator.handleCallback(url, { state: url.searchParams.get("state")!, nonce: state.nonce, codeVerifier: cookies.codeVerifier });
    const signInOptions = offeredSignInOptions(app);
    const current = app.auth.identity ?? (signInOptions.length === 0 ? GUEST_IDENTITY : undefined);
    let identity: Identity;
    let issued: { token: string; expiresAt: number } | undefined;
    if (!current) {
      if (!signInOptions.includes(providerId)) throw new AuthenticationError("You do not appear to be signed in. Please try reloading the browser page.");
      identity = await resolveSignIn(app.catalog, provider.config, result.profile);
      // One token, one session: the cookie and the popup's answer carry the same, so signing out ends both.
      issued = await app.tokens.issue(identity);
      headers.append("Set-Cookie", sessionCookie(issued.token, { basePath: app.publicConfig.basePath, secure: isSecure(app), expiresAt: issued.expiresAt }));
    } else {
      identity = current;
    }
    await keepProviderSecret(app, request, headers, provider, identity, result);
    for (const cookie of providerSessionCookies(scope, { refreshToken: result.session.refreshToken, grantedScope: state.scope })) headers.append("Set-Cookie", cookie);

    if (state.flow === "redirect") {
      headers.set("Location", state.redirectUrl!);
      return new Response(null, { status: 302, headers });
    }
    return webMessageResponse(appOrigin, { type: "authorization_response", response: clientResponse(result, issued && { ...identity, ...issued }) }, headers);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error("Encountered invalid error");
    if (!(error instanceof Error) || !["NotAllowedError", "AuthenticationError", "InputError", "NotFoundError"].includes(name)) {
      app.logger.warn({ err: error, provider: providerId.slice(0, 100) }, "Provider sign-in failed");
    }
    const back = state?.flow === "redirect" && state.redirectUrl ? allowedRedirectUrl(state.redirectUrl, app.publicConfig) : undefined;
    if (back) {
      // The message rides in the flash cookie rather than the URL, so a crafted link cannot put words on our page.
      headers.append("Set-Cookie", flashAlerts(request, app.publicConfig.basePath, { message, severity: "error", display: "permanent" }));
      headers.set("Location", back);
      return new Response(null, { status: 302, headers });
    }
    return webMessageResponse(appOrigin, { type: "authorization_response", error: { name, message } }, headers);
  }
}

/** The provider's access token joins the session's secrets; the browser gets only the secrets cookie. */
async function keepProviderSecret(app: RequestContext, request: Request, headers: Headers, provider: ConfiguredProvider, identity: Identity, result: AuthenticatorResult) {
  const cookie = readSecretsCookie(request.headers.get("cookie"));
  const host = PROVIDERS[provider.config.id].sourceControl ? sourceControlHost(provider) : undefined;
  const value = await app.authProviders.secrets.put(cookie, identity.userEntityRef, providerSecretKey(provider.config.id), {
    provider: provider.config.id,
    host,
    accessToken: result.session.accessToken,
    scopes: normalizeScopes(result.session.scope),
    expiresAt: result.session.expiresInSeconds === undefined ? undefined : Date.now() + result.session.expiresInSeconds * 1000,
  });
  if (value !== cookie) headers.append("Set-Cookie", secretsCookie(value, { basePath: app.publicConfig.basePath, secure: isSecure(app) }));
}

function sourceControlHost({ config }: ConfiguredProvider): string {
  const url =
    config.enterpriseInstanceUrl ?? config.audience ?? config.host ?? (config.id === "github" ? "https://github.com" : config.id === "gitlab" ? "https://gitlab.com" : "https://bitbucket.org");
  try {
    return new URL(url.startsWith("http") ? url : `https://${url}`).host;
  } catch {
    return url;
  }
}

/** Backstage uses the header as a lightweight CSRF protection: a cross-site form cannot set it. */
function requireXRequestedWith(request: Request) {
  if (request.headers.get("x-requested-with") !== "XMLHttpRequest") throw new AuthenticationError("Invalid X-Requested-With header");
}

export async function refreshSession(app: RequestContext, request: Request, providerId: string): Promise<Response> {
  const provider = configuredProvider(app, providerId);
  requireXRequestedWith(request);
  const query = new URL(request.url).searchParams;
  if (query.has("env")) checkEnv(app, query.get("env"));
  const headers = new Headers({ "Cache-Control": "no-store" });
  try {
    const cookies = readProviderSessionCookies(request.headers.get("cookie"), providerId);
    if (!cookies.refreshToken) throw new InputError("Missing session cookie");
    const required = normalizeScopes(provider.config.scopes, query.get("scope"));
    const result = await provider.authenticator.refresh(cookies.refreshToken, required);
    // Providers that do not repeat the scope on refresh granted what was asked.
    const granted = normalizeScopes(result.session.scope || cookies.grantedScope || required.join(" "));
    if (!hasScopes(granted, required)) throw new AuthenticationError("Refreshed session did not receive the required scopes");
    result.session.scope = granted.join(" ");
    if (result.session.refreshToken && result.session.refreshToken !== cookies.refreshToken) {
      for (const cookie of providerSessionCookies(cookieScope(app, providerId), { refreshToken: result.session.refreshToken })) headers.append("Set-Cookie", cookie);
    }
    // The server's copy of the access token follows the refresh, so the portal never acts with a stale one.
    if (app.auth.identity) await keepProviderSecret(app, request, headers, provider, app.auth.identity, result);
    let identity: (Identity & { token: string; expiresAt: number }) | undefined;
    if (offeredSignInOptions(app).includes(providerId) || provider.config.resolvers.length > 0) {
      const resolved = await resolveSignIn(app.catalog, provider.config, result.profile);
      // The signed-in user's refresh stays in their session, so signing out ends its tokens too; otherwise the provider's word starts one.
      const session = app.auth.identity?.userEntityRef === resolved.userEntityRef ? app.auth.identity.session : undefined;
      identity = { ...resolved, ...(await app.tokens.issue(resolved, session)) };
    }
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(clientResponse(result, identity)), { status: 200, headers });
  } catch (error) {
    const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new AuthenticationError(`Refresh failed; caused by ${cause}`);
  }
}

export async function logout(app: RequestContext, request: Request, providerId: string): Promise<Response> {
  configuredProvider(app, providerId);
  requireXRequestedWith(request);
  const headers = new Headers();
  for (const cookie of clearedProviderSessionCookies(cookieScope(app, providerId))) headers.append("Set-Cookie", cookie);
  if (app.auth.identity) await app.authProviders.secrets.remove(readSecretsCookie(request.headers.get("cookie")), app.auth.identity.userEntityRef, providerSecretKey(providerId));
  return new Response(null, { status: 200, headers });
}
