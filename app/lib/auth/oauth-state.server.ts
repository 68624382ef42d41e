import { randomBytes, timingSafeEqual } from "node:crypto";
import { NotAllowedError } from "../errors";
import { cookiePath, parseCookies, serializeCookie } from "../http/cookies";

// What travels through the provider between /start and /handler/frame, and
// the cookies that bind it to the browser that started it: Backstage's
// scheme (state = hex of a query string with a nonce that must equal the
// nonce cookie), plus a PKCE verifier that never leaves the server's cookies.

export type OAuthState = {
  nonce: string;
  env: string;
  origin?: string;
  redirectUrl?: string;
  flow?: string;
  scope?: string;
};

const STATE_KEYS = ["nonce", "env", "origin", "redirectUrl", "flow", "scope"] as const;
const MAX_STATE_HEX_LENGTH = 8192;
const FLOW_COOKIE_MAX_AGE_SECONDS = 10 * 60;
/** Backstage keeps provider refresh tokens for a thousand days; the provider decides when they really end. */
const REFRESH_COOKIE_MAX_AGE_SECONDS = 1000 * 24 * 60 * 60;

export function encodeOAuthState(state: OAuthState): string {
  const params = new URLSearchParams();
  for (const key of STATE_KEYS) if (state[key] !== undefined) params.set(key, state[key]);
  return Buffer.from(params.toString(), "utf8").toString("hex");
}

export function decodeOAuthState(encoded: string): OAuthState {
  if (encoded.length > MAX_STATE_HEX_LENGTH || !/^(?:[0-9a-f]{2})*$/i.test(encoded)) throw new NotAllowedError("OAuth state is invalid");
  const params = new URLSearchParams(Buffer.from(encoded, "hex").toString("utf8"));
  const state: Record<string, string> = {};
  for (const key of STATE_KEYS) {
    const value = params.get(key);
    if (value !== null) state[key] = value;
  }
  if (!state.env) throw new NotAllowedError("OAuth state is invalid, missing env");
  if (!state.nonce) throw new NotAllowedError("OAuth state is invalid, missing nonce");
  return state as OAuthState;
}

export function randomNonce(): string {
  return randomBytes(16).toString("base64url");
}

/** Constant-time comparison, so the nonce cannot be guessed a character at a time. */
export function noncesMatch(cookie: string, state: string): boolean {
  const a = Buffer.from(cookie);
  const b = Buffer.from(state);
  return a.length === b.length && timingSafeEqual(a, b);
}

type CookieScope = { basePath: string; providerId: string; secure: boolean };

const handlerPath = ({ basePath, providerId }: CookieScope) => `${cookiePath(basePath).replace(/\/$/, "")}/api/auth/${providerId}/handler`;
const providerPath = ({ basePath, providerId }: CookieScope) => `${cookiePath(basePath).replace(/\/$/, "")}/api/auth/${providerId}`;

/** The nonce and PKCE verifier of a flow in progress, readable only by the provider's callback. */
export function flowCookies(scope: CookieScope, flow: { nonce: string; codeVerifier: string }): string[] {
  const options = { path: handlerPath(scope), maxAgeSeconds: FLOW_COOKIE_MAX_AGE_SECONDS, secure: scope.secure };
  return [serializeCookie(`${scope.providerId}-nonce`, flow.nonce, options), serializeCookie(`${scope.providerId}-code-verifier`, flow.codeVerifier, options)];
}

export function clearedFlowCookies(scope: CookieScope): string[] {
  const options = { path: handlerPath(scope), maxAgeSeconds: 0, secure: scope.secure };
  return [serializeCookie(`${scope.providerId}-nonce`, "", options), serializeCookie(`${scope.providerId}-code-verifier`, "", options)];
}

export function readFlowCookies(cookieHeader: string | null, providerId: string): { nonce?: string; codeVerifier?: string } {
  const cookies = parseCookies(cookieHeader);
  return { nonce: cookies[`${providerId}-nonce`] || undefined, codeVerifier: cookies[`${providerId}-code-verifier`] || undefined };
}

/** The provider's refresh token and granted scopes: httpOnly, sent only to /api/auth/{provider}/*. */
export function providerSessionCookies(scope: CookieScope, session: { refreshToken?: string; grantedScope?: string }): string[] {
  const options = { path: providerPath(scope), maxAgeSeconds: REFRESH_COOKIE_MAX_AGE_SECONDS, secure: scope.secure };
  const cookies: string[] = [];
  if (session.refreshToken) cookies.push(serializeCookie(`${scope.providerId}-refresh-token`, session.refreshToken, options));
  if (session.grantedScope !== undefined) cookies.push(serializeCookie(`${scope.providerId}-granted-scope`, session.grantedScope, options));
  return cookies;
}

export function clearedProviderSessionCookies(scope: CookieScope): string[] {
  const options = { path: providerPath(scope), maxAgeSeconds: 0, secure: scope.secure };
  return [serializeCookie(`${scope.providerId}-refresh-token`, "", options), serializeCookie(`${scope.providerId}-granted-scope`, "", options)];
}

export function readProviderSessionCookies(cookieHeader: string | null, providerId: string): { refreshToken?: string; grantedScope?: string } {
  const cookies = parseCookies(cookieHeader);
  return { refreshToken: cookies[`${providerId}-refresh-token`] || undefined, grantedScope: cookies[`${providerId}-granted-scope`] };
}
