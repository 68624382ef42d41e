import { createSign } from "node:crypto";
import { InputError } from "../errors";
import type { GithubAppConfig, ScmIntegration } from "./scm-integrations";
import { scmRequest, ScmRequestError } from "./scm-request.server";

// Installation tokens of the GitHub Apps configured on a GitHub integration
// (integrations.github[].apps), as Backstage's GithubCredentialsProvider
// gets them: the app signs a short-lived JWT with its private key, finds its
// installation on the repository's owner, and exchanges the JWT for an
// installation token, kept until ten minutes before it expires. An app whose
// allowedInstallationOwners leave the owner out is not used for it.

/** GitHub accepts app JWTs of at most ten minutes; the issue time is backdated for clock drift, as GitHub advises. */
const JWT_LIFETIME_SECONDS = 9 * 60;
const CLOCK_DRIFT_SECONDS = 60;
/** A cached token is renewed when it has less than this left. */
const RENEW_BEFORE_MS = 10 * 60 * 1000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The app's JWT (RS256), signed with its private key. */
export function githubAppJwt(app: GithubAppConfig, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000) - CLOCK_DRIFT_SECONDS;
  const unsigned = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify({ iat: issuedAt, exp: issuedAt + JWT_LIFETIME_SECONDS, iss: app.appId }))}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(app.privateKey);
  return `${unsigned}.${base64url(signature)}`;
}

type Installation = { id: number; account: { login: string } | null; suspended_at?: string | null };

export function createGithubAppTokens(now: () => number = Date.now) {
  const cache = new Map<string, { token: string; expiresAt: number }>();

  async function installationToken(integration: ScmIntegration, app: GithubAppConfig, owner: string): Promise<string | undefined> {
    if (app.allowedInstallationOwners && !app.allowedInstallationOwners.some((allowed) => allowed.toLowerCase() === owner.toLowerCase())) return undefined;
    const key = `${integration.apiBaseUrl}|${app.appId}|${owner.toLowerCase()}`;
    const cached = cache.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > now()) return cached.token;
    const headers = { Authorization: `Bearer ${githubAppJwt(app, now())}`, Accept: "application/vnd.github+json" };
    const installations = (await scmRequest<Installation[]>(integration, { path: "/app/installations", query: { per_page: 100 }, headers })).data;
    const installation = installations.find((candidate) => candidate.account?.login.toLowerCase() === owner.toLowerCase());
    if (!installation) return undefined;
    if (installation.suspended_at) throw new InputError(`The GitHub application for ${owner} is suspended`);
    const issued = (await scmRequest<{ token: string; expires_at: string }>(integration, { method: "POST", path: `/app/installations/${installation.id}/access_tokens`, headers })).data;
    cache.set(key, { token: issued.token, expiresAt: Date.parse(issued.expires_at) });
    return issued.token;
  }

  return {
    /** A token of the first app installed on `owner`, or undefined when none is (or the integration has no apps). */
    async tokenFor(integration: ScmIntegration, owner: string): Promise<string | undefined> {
      for (const app of integration.apps ?? []) {
        try {
          const token = await installationToken(integration, app, owner);
          if (token) return token;
        } catch (error) {
          if (!(error instanceof ScmRequestError)) throw error;
          throw new InputError(`The GitHub App ${app.appId} could not get a token for ${owner}: ${error.detail}`);
        }
      }
      return undefined;
    },
  };
}

export type GithubAppTokens = ReturnType<typeof createGithubAppTokens>;
