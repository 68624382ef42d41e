import { InputError } from "../errors";

// The source hosts Atrium may call (the scaffolder's publishers and
// autocomplete, the catalog import), read from
// `integrations` (app/lib/config/integrations.ts) as Backstage's
// ScmIntegrations reads them: one entry per host, its API base URL derived
// from the host unless configured, and the public hosts (github.com,
// gitlab.com, dev.azure.com, bitbucket.org) known even when unconfigured, as
// the catalog's reader knows them (app/lib/catalog/processing/readers.server.ts).
// Every call to a source host's API goes to one of these and nowhere else,
// so neither a template nor an import can aim a request at a host of the
// internal network.

export type ScmType = "github" | "gitlab" | "azure" | "bitbucketCloud";

export type ScmIntegration = {
  type: ScmType;
  host: string;
  /** The REST API's root, without a trailing slash. */
  apiBaseUrl: string;
  /** The web root (GitLab's baseUrl), without a trailing slash. */
  baseUrl: string;
  token?: string;
  /** Bitbucket Cloud's app-password pair. */
  username?: string;
  appPassword?: string;
  /** GitHub Apps whose installation tokens act on the host (app/lib/integrations/github-apps.server.ts). */
  apps?: GithubAppConfig[];
};

/** A GitHub App of integrations.github[].apps: its id, its private key (PEM) and the accounts it may act for. */
export type GithubAppConfig = { appId: string; privateKey: string; allowedInstallationOwners?: string[] };

export type IntegrationsConfig = Record<string, unknown>;

type Entry = { host?: unknown; apiBaseUrl?: unknown; baseUrl?: unknown; token?: unknown; username?: unknown; appPassword?: unknown; apps?: unknown };

const DEFAULT_HOSTS: Record<ScmType, string> = { github: "github.com", gitlab: "gitlab.com", azure: "dev.azure.com", bitbucketCloud: "bitbucket.org" };

function entries(config: IntegrationsConfig | undefined, key: string): Entry[] {
  const value = config?.[key];
  return Array.isArray(value) ? (value.filter((entry) => entry && typeof entry === "object") as Entry[]) : [];
}

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
const trimSlash = (url: string) => url.replace(/\/+$/, "");

function defaults(type: ScmType, host: string, entry: Entry): Pick<ScmIntegration, "apiBaseUrl" | "baseUrl"> {
  const baseUrl = trimSlash(text(entry.baseUrl) ?? `https://${host}`);
  const configured = text(entry.apiBaseUrl);
  if (configured) return { apiBaseUrl: trimSlash(configured), baseUrl };
  switch (type) {
    case "github":
      return { apiBaseUrl: host === "github.com" ? "https://api.github.com" : `https://${host}/api/v3`, baseUrl };
    case "gitlab":
      return { apiBaseUrl: `${baseUrl}/api/v4`, baseUrl };
    case "azure":
      return { apiBaseUrl: `https://${host}`, baseUrl };
    case "bitbucketCloud":
      return { apiBaseUrl: host === "bitbucket.org" ? "https://api.bitbucket.org/2.0" : `https://${host}/2.0`, baseUrl };
  }
}

/** Every integration of the publishers' types, configured ones first, then the public hosts not configured. */
export function scmIntegrations(config: IntegrationsConfig | undefined): ScmIntegration[] {
  const result: ScmIntegration[] = [];
  const keys: Array<[ScmType, string]> = [
    ["github", "github"],
    ["gitlab", "gitlab"],
    ["azure", "azure"],
    ["bitbucketCloud", "bitbucketCloud"],
  ];
  for (const [type, key] of keys) {
    const list = entries(config, key);
    for (const entry of list) {
      const host = text(entry.host) ?? DEFAULT_HOSTS[type];
      const apps = type === "github" ? githubApps(entry.apps) : [];
      result.push({
        type,
        host,
        ...defaults(type, host, entry),
        token: text(entry.token),
        username: text(entry.username),
        appPassword: text(entry.appPassword),
        ...(apps.length ? { apps } : {}),
      });
    }
    if (!list.some((entry) => (text(entry.host) ?? DEFAULT_HOSTS[type]) === DEFAULT_HOSTS[type])) {
      result.push({ type, host: DEFAULT_HOSTS[type], ...defaults(type, DEFAULT_HOSTS[type], {}) });
    }
  }
  return result;
}

/** The apps of a GitHub integration entry, as the config schema checked them (app/lib/config/integrations.ts). */
function githubApps(value: unknown): GithubAppConfig[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((app: Record<string, unknown>) => {
    const appId = typeof app?.appId === "number" ? String(app.appId) : text(app?.appId);
    const privateKey = text(app?.privateKey);
    if (!appId || !privateKey) return [];
    const owners = Array.isArray(app.allowedInstallationOwners) ? app.allowedInstallationOwners.filter((owner): owner is string => typeof owner === "string") : undefined;
    return [{ appId, privateKey, ...(owners ? { allowedInstallationOwners: owners } : {}) }];
  });
}

/** The integration serving `host` (hosts compare case-insensitively, the port included). */
export function integrationByHost(integrations: ScmIntegration[], host: string): ScmIntegration | undefined {
  const wanted = host.toLowerCase();
  return integrations.find((integration) => integration.host.toLowerCase() === wanted);
}

/** The integration of `type` serving `host`, or Backstage's refusal. */
export function requireIntegration(integrations: ScmIntegration[], host: string, type: ScmType): ScmIntegration {
  const integration = integrationByHost(integrations, host);
  if (!integration || integration.type !== type) {
    throw new InputError(`No matching integration configuration for host ${host}, please check your integrations config`);
  }
  return integration;
}
