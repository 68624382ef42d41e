import type { RequestContext } from "../../context.server";
import { InputError } from "../../errors";
import { SOURCE_CONTROL_SCOPES, hasScopes, isProviderId, normalizeScopes, type ProviderId } from "../../auth/providers";
import type { ProviderNeed } from "../../auth/login-requests";
import { sourceControlCredentials } from "../../auth/login-requests.server";
import type { ProviderConfig } from "../../auth/provider-config.server";
import type { AtriumConfig } from "../../config/schema";
import { createTranslator } from "../../i18n/i18n";
import type { JsonObject, JsonValue } from "../actions/types";
import { parseRepoUrl, repoUrlOptions, type ScmIntegration, type ScmType } from "./rules";

// The source-control side of RepoUrlPicker and RepoBranchPicker: which hosts
// the portal knows (Backstage's ScmIntegrations, with its default hosts) and
// the user's credentials for one of them when a template asks for them
// (`requestUserCredentials`), which the wizard puts in the task's secrets.

type IntegrationEntry = { host?: string; token?: unknown };

/**
 * The configured integrations with Backstage's defaults (github.com,
 * gitlab.com, dev.azure.com and bitbucket.org are always known), in the
 * order of Backstage's ScaffolderClient.getIntegrationsList: Azure,
 * Bitbucket, Gerrit, Gitea, GitHub, GitLab. The title is the host.
 */
export function scmIntegrations(config: AtriumConfig): Array<ScmIntegration & { token?: string }> {
  const integrations = (config.integrations ?? {}) as Record<string, unknown>;
  const list = (key: string): IntegrationEntry[] => (Array.isArray(integrations[key]) ? (integrations[key] as IntegrationEntry[]) : []);
  const out: Array<ScmIntegration & { token?: string }> = [];
  const add = (type: ScmType, entries: IntegrationEntry[], defaultHost?: string) => {
    const withDefault = defaultHost && !entries.some((entry) => (entry.host ?? defaultHost) === defaultHost) ? [...entries, { host: defaultHost }] : entries;
    for (const entry of withDefault) {
      const host = entry.host ?? defaultHost;
      if (!host || out.some((known) => known.host === host)) continue;
      out.push({ host, title: host, type, token: typeof entry.token === "string" && entry.token ? entry.token : undefined });
    }
  };
  add("azure", list("azure"), "dev.azure.com");
  add("bitbucket", list("bitbucket"));
  add("bitbucket", list("bitbucketCloud"), "bitbucket.org");
  add("bitbucket", list("bitbucketServer"));
  add("gerrit", list("gerrit"));
  add("gitea", list("gitea"));
  add("github", list("github"), "github.com");
  add("gitlab", list("gitlab"), "gitlab.com");
  return out;
}

/** The integrations RepoUrlPicker offers: the allowed hosts in their order (those the portal knows), or every one. */
export function offeredIntegrations(config: AtriumConfig, allowedHosts: string[]): ScmIntegration[] {
  const all = scmIntegrations(config).map(({ host, title, type }) => ({ host, title, type }));
  if (!allowedHosts.length) return all;
  // Backstage drops an allowed host no integration names; Atrium keeps it (the embedded git host may be one) as a host of no type.
  return allowedHosts.map((host) => all.find((integration) => integration.host === host) ?? { host, title: host });
}

export function scmTypeOf(config: AtriumConfig, host: string): ScmType | undefined {
  return scmIntegrations(config).find((integration) => integration.host === host)?.type;
}

/** The sign-in provider that can act on a host type: Backstage's ScmAuth defaults (GitHub, GitLab, Bitbucket; Azure through Microsoft). */
const PROVIDER_OF_TYPE: Partial<Record<ScmType, ProviderId[]>> = { github: ["github"], gitlab: ["gitlab"], bitbucket: ["bitbucket", "bitbucketServer"], azure: ["microsoft"] };

/** The host a source-control provider signs in to, as the sign-in flow records it (app/lib/auth/oauth-routes.server.ts). */
function providerHost(config: ProviderConfig): string {
  const url =
    config.enterpriseInstanceUrl ??
    config.audience ??
    config.host ??
    (config.id === "github" ? "https://github.com" : config.id === "gitlab" ? "https://gitlab.com" : config.id === "microsoft" ? "https://dev.azure.com" : "https://bitbucket.org");
  try {
    return new URL(url.startsWith("http") ? url : `https://${url}`).host;
  } catch {
    return url;
  }
}

/** Which provider key `requestUserCredentials.additionalScopes` uses for a host type. */
const SCOPE_KEY: Record<ScmType, string> = { github: "github", gitlab: "gitlab", bitbucket: "bitbucket", azure: "azure", gerrit: "gerrit", gitea: "gitea" };

export type RepoCredentials =
  /** The token to put in the task's secrets under `secretsKey`. */
  | { secretsKey: string; token: string }
  /** The user must sign in to the provider (with these scopes) first: the wizard raises a login request. */
  | { secretsKey: string; loginRequest: ProviderNeed };

/**
 * The source-control credentials a RepoUrlPicker (or RepoBranchPicker) field
 * with `requestUserCredentials` asks for, for the host of its value:
 * Backstage's scmAuthApi.getCredentials with `repoWrite` and the custom
 * scopes. The user's own session token comes first, when it has those
 * scopes; else the integration's token; else, when a sign-in provider can
 * serve the host, a login request for it. No field option, no credentials
 * (undefined). Throws 'No auth provider available for URL' when nothing can
 * serve the host. The wizard calls it at create time and passes the token to
 * the task as `secrets[secretsKey]`, never in its parameters.
 */
export async function repoUrlCredentials(
  app: RequestContext,
  request: Request,
  field: { uiSchema: JsonObject; value: JsonValue | undefined; formData?: JsonObject },
): Promise<RepoCredentials | undefined> {
  const { requestUserCredentials } = repoUrlOptions(field.uiSchema);
  if (!requestUserCredentials) return undefined;
  // RepoBranchPicker's value is a branch: its host comes from the form's repoUrl, as in Backstage.
  const location = typeof field.value === "string" && field.value.includes("?") ? field.value : typeof field.formData?.repoUrl === "string" ? field.formData.repoUrl : "";
  const { host } = parseRepoUrl(location);
  const t = createTranslator("en");
  if (!host) throw new InputError(t("scaffolderFields.errors.noAuthProvider"));
  const config = app.config.config;
  const integration = scmIntegrations(config).find((known) => known.host === host);
  const type = integration?.type;
  const custom = type ? (requestUserCredentials.additionalScopes[SCOPE_KEY[type]] ?? []) : [];
  const { secretsKey } = requestUserCredentials;

  const providers = (type ? (PROVIDER_OF_TYPE[type] ?? []) : []).flatMap((id) => {
    const provider = app.authProviders.provider(id);
    return provider && providerHost(provider.config) === host ? [provider.config] : [];
  });
  const required = (id: ProviderId) => normalizeScopes(SOURCE_CONTROL_SCOPES[id]?.read, SOURCE_CONTROL_SCOPES[id]?.write, custom);

  const session = await sourceControlCredentials(app, request, host);
  if (session && (!isProviderId(session.provider) || hasScopes(session.scopes, required(session.provider as ProviderId)))) return { secretsKey, token: session.accessToken };
  if (integration?.token) return { secretsKey, token: integration.token };
  const provider = providers[0];
  if (provider) return { secretsKey, loginRequest: { provider: provider.id, scopes: normalizeScopes(SOURCE_CONTROL_SCOPES[provider.id]?.read, SOURCE_CONTROL_SCOPES[provider.id]?.write, custom) } };
  throw new InputError(t("scaffolderFields.errors.noAuthProvider"));
}
