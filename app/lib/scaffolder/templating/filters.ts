// Backstage's built-in template filters (plugins/scaffolder-backend/src/lib/
// templating/filters/createDefaultFilters.ts): parseRepoUrl, parseEntityRef,
// pick and projectSlug, with the same results and error messages. Isomorphic:
// the templater runs them on the server, and the templating-extensions page
// lists them from templating-extensions.ts.

import { InputError } from "~/lib/errors";
import { parseEntityRef } from "~/lib/catalog/entity-ref";

export type JsonLike = unknown;
/** A filter as the templater calls it: the piped value first, then the filter's arguments. */
export type TemplateFilter = (...args: JsonLike[]) => JsonLike;
/** A global function; a global value is any JSON value. */
export type TemplateGlobalFunction = (...args: JsonLike[]) => JsonLike;

/**
 * The integration types a repository host can have, as @backstage/integration
 * names them. `bitbucket` covers Bitbucket Cloud and Server alike: Backstage's
 * parseRepoUrl (plugins/scaffolder-node/src/actions/util.ts) checks one rule
 * for both.
 */
export type IntegrationType = "github" | "gitlab" | "azure" | "bitbucket" | "gerrit" | "gitea";

/** Finds the integration type of a host, or undefined when no integration is configured for it. */
export type IntegrationLookup = (host: string) => IntegrationType | undefined;

type IntegrationConfig = { host?: string } & Record<string, unknown>;

// @backstage/integration adds these public hosts when the config does not list
// them (readGithubIntegrationConfigs and its siblings).
const DEFAULT_HOSTS: Array<[string, IntegrationType]> = [
  ["github.com", "github"],
  ["gitlab.com", "gitlab"],
  ["dev.azure.com", "azure"],
  ["bitbucket.org", "bitbucket"],
];

const TYPE_OF_CONFIG_KEY: Record<string, IntegrationType> = {
  github: "github",
  gitlab: "gitlab",
  azure: "azure",
  bitbucket: "bitbucket",
  bitbucketCloud: "bitbucket",
  bitbucketServer: "bitbucket",
  gerrit: "gerrit",
  gitea: "gitea",
};

/**
 * The host lookup of the `integrations` config, with Backstage's default
 * public hosts. `extraHosts` adds hosts that are not in the config, such as
 * the portal's own embedded git host.
 */
export function integrationLookupFromConfig(integrations: Record<string, unknown> | undefined, extraHosts: Record<string, IntegrationType> = {}): IntegrationLookup {
  const byHost = new Map<string, IntegrationType>();
  for (const [key, type] of Object.entries(TYPE_OF_CONFIG_KEY)) {
    const list = integrations?.[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list as IntegrationConfig[]) {
      if (typeof entry?.host === "string" && !byHost.has(entry.host)) byHost.set(entry.host, type);
    }
  }
  for (const [host, type] of DEFAULT_HOSTS) if (!byHost.has(host)) byHost.set(host, type);
  for (const [host, type] of Object.entries(extraHosts)) if (!byHost.has(host)) byHost.set(host, type);
  return (host) => byHost.get(host);
}

export type RepoSpec = {
  host: string;
  repo: string;
  owner?: string;
  organization?: string;
  workspace?: string;
  project?: string;
};

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, "");
}

function requireParams(url: URL, ...names: string[]) {
  for (const name of names) {
    if (!url.searchParams.get(name)) {
      throw new InputError(`Invalid repo URL passed to publisher: ${url.toString()}, missing ${name}`);
    }
  }
}

/**
 * Parses the RepoUrlPicker's value (`host?owner=..&repo=..`) as Backstage's
 * parseRepoUrl does: the host must be a configured integration, and each
 * integration type requires its own parameters.
 */
export function parseRepoUrl(repoUrl: string, lookup: IntegrationLookup): RepoSpec {
  let parsed: URL;
  try {
    parsed = new URL(`https://${repoUrl}`);
  } catch (error) {
    throw new InputError(`Invalid repo URL passed to publisher, got ${repoUrl}, ${String(error)}`);
  }
  const host = parsed.host;
  const type = lookup(host);
  if (!type) {
    throw new InputError(`No matching integration configuration for host ${host}, please check your integrations config`);
  }
  const param = (name: string) => (parsed.searchParams.has(name) ? trimSlashes(parsed.searchParams.get(name)!) : undefined);
  const spec = {
    host,
    owner: param("owner"),
    repo: param("repo"),
    organization: param("organization"),
    workspace: param("workspace"),
    project: param("project"),
  };
  switch (type) {
    case "bitbucket":
      if (host === "www.bitbucket.org") requireParams(parsed, "workspace");
      requireParams(parsed, "project", "repo");
      break;
    case "azure":
      requireParams(parsed, "project", "repo");
      break;
    case "gitlab":
      // A GitLab project id stands for owner and repo.
      if (!spec.project) requireParams(parsed, "owner", "repo");
      break;
    case "gitea":
    case "gerrit":
      requireParams(parsed, "repo");
      break;
    default:
      requireParams(parsed, "repo", "owner");
  }
  // Keys that are absent stay absent, as Backstage's JSON round trip drops them.
  const result: RepoSpec = { host, repo: spec.repo! };
  for (const key of ["owner", "organization", "workspace", "project"] as const) {
    if (spec[key] !== undefined) result[key] = spec[key];
  }
  return result;
}

/** lodash's `get`: a dotted or bracketed path into a value, undefined when any step is missing. */
export function getPath(value: unknown, path: unknown): unknown {
  if (typeof path !== "string" && typeof path !== "number") return undefined;
  const parts = String(path)
    .replace(/\[(?:"([^"]*)"|'([^']*)'|([^\]]*))\]/g, (_m, a, b, c) => `.${a ?? b ?? c}`)
    .split(".")
    .filter((part, index) => part !== "" || index > 0);
  let current: unknown = value;
  for (const part of parts) {
    if (current === null || current === undefined) return undefined;
    if (typeof current !== "object" || !Object.hasOwn(current, part)) {
      // Own properties only: a template must not reach prototypes through pick.
      if (typeof current === "string" && part === "length") {
        current = current.length;
        continue;
      }
      return undefined;
    }
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The built-in filters, keyed by name. parseRepoUrl and projectSlug read the integrations. */
export function createDefaultFilters(lookup: IntegrationLookup): Record<string, TemplateFilter> {
  return {
    parseRepoUrl: (url) => parseRepoUrl(String(url), lookup),
    parseEntityRef: (ref, context) => parseEntityRef(ref as Parameters<typeof parseEntityRef>[0], (context ?? undefined) as Parameters<typeof parseEntityRef>[1]),
    pick: (value, path) => getPath(value, path),
    projectSlug: (url) => {
      const { owner, repo } = parseRepoUrl(String(url), lookup);
      return `${owner}/${repo}`;
    },
  };
}
