import { normalizeScopes, SOURCE_CONTROL_SCOPES, type ProviderId } from "./providers";

// Login requests as pages and the dialog see them (isomorphic). Requests
// live in the URL (`?login=github` or `?login=github:repo,read:org`) or come
// from a page's own needs; login-requests.server.ts decides which are pending.

export const LOGIN_REQUEST_PARAM = "login";

export type ProviderNeed = { provider: string; scopes?: string[] };

/** What the dialog renders for one pending request. */
export type PendingLoginRequest = {
  provider: ProviderId;
  title: string;
  scopes: string[];
  /** The provider's start endpoint (under the base path) for this request, without flow and origin. */
  startPath: string;
};

/** `github:repo,read:org` → { provider: 'github', scopes: ['read:org', 'repo'] }. */
export function parseLoginRequestParam(value: string): ProviderNeed | undefined {
  const match = /^([A-Za-z]{1,40})(?::([\w:./ ,-]{0,500}))?$/.exec(value);
  if (!match) return undefined;
  return { provider: match[1], scopes: normalizeScopes(match[2]) };
}

export function formatLoginRequestParam(need: ProviderNeed): string {
  return need.scopes?.length ? `${need.provider}:${need.scopes.join(",")}` : need.provider;
}

/**
 * What a page asks for to act on a source-control host for the user: the
 * provider's source-control scopes (SOURCE_CONTROL_SCOPES in providers.ts), the write scopes when it
 * pushes (an import pull request), and any custom scopes of its own.
 */
export function sourceControlNeed(provider: ProviderId, options: { write?: boolean; scopes?: string[] } = {}): ProviderNeed {
  const scopes = SOURCE_CONTROL_SCOPES[provider];
  return { provider, scopes: normalizeScopes(scopes?.read, options.write ? scopes?.write : [], options.scopes) };
}
