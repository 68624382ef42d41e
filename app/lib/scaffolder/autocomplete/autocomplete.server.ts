import { InputError, NotFoundError, ServiceUnavailableError } from "../../errors";
import { scmRequest, ScmRequestError } from "../../integrations/scm-request.server";
import { requireIntegration, scmIntegrations, type IntegrationsConfig, type ScmIntegration, type ScmType } from "../../integrations/scm-integrations";

// What RepoUrlPicker offers while a user types, on the model of Backstage's
// autocomplete handlers (plugins/scaffolder-backend-module-{github,gitlab,bitbucket-cloud}/src/autocomplete/):
// the user's own token for the host (the body's `token`) asks the host's API
// which workspaces, projects, groups and repositories the user can see. Only
// hosts of configured integrations are asked (see app/lib/integrations/scm-integrations.ts).
// The wizard's search without JavaScript calls these same functions.

export type AutocompleteResult = { id: string; title?: string };
export type AutocompleteRequest = { resource: string; token: string; context: Record<string, string> };
export type AutocompleteOptions = { integrations: IntegrationsConfig; signal?: AbortSignal };

/** The most pages of results read from a host for one request. */
export const MAX_AUTOCOMPLETE_PAGES = 10;
const PAGE_SIZE = 100;

export const AUTOCOMPLETE_PROVIDERS = ["bitbucket-cloud", "github", "gitlab"] as const;

export async function autocomplete(options: AutocompleteOptions, provider: string, request: AutocompleteRequest): Promise<{ results: AutocompleteResult[] }> {
  if (!request.token) throw new InputError("Missing token query parameter");
  switch (provider) {
    case "bitbucket-cloud":
      return bitbucketCloudAutocomplete(options, request);
    case "github":
      return githubAutocomplete(options, request);
    case "gitlab":
      return gitlabAutocomplete(options, request);
    default:
      throw new InputError(`Unsupported provider: ${provider}`);
  }
}

function integrationFor(options: AutocompleteOptions, type: ScmType, host: string | undefined, fallbackHost: string): ScmIntegration {
  const integrations = scmIntegrations(options.integrations);
  if (host) return requireIntegration(integrations, host, type);
  return integrations.find((integration) => integration.type === type && integration.host !== fallbackHost) ?? requireIntegration(integrations, fallbackHost, type);
}

/** A host's refusal as the caller's problem (4xx), anything else as the host being unavailable; never the token. */
async function asking<T>(host: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ScmRequestError) {
      if (error.status === 404) throw new NotFoundError(`${host}: ${error.message}`);
      if (error.status >= 400 && error.status < 500) throw new InputError(`${host} refused the request: ${error.message}`);
    }
    throw new ServiceUnavailableError(`${host} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function githubAutocomplete(options: AutocompleteOptions, { resource, token, context }: AutocompleteRequest): Promise<{ results: AutocompleteResult[] }> {
  const integration = integrationFor(options, "github", context.host, "github.com");
  const headers = { Accept: "application/vnd.github+json", Authorization: `token ${token}` };
  switch (resource) {
    case "repositoriesWithOwner": {
      const repos: Array<{ name: string; owner: { login: string } }> = [];
      await asking(integration.host, async () => {
        for (let page = 1; page <= MAX_AUTOCOMPLETE_PAGES; page++) {
          const { data, headers: answered } = await scmRequest<typeof repos>(integration, { path: "user/repos", query: { per_page: PAGE_SIZE, page }, headers, signal: options.signal });
          repos.push(...data);
          if (!/rel="next"/.test(answered.get("link") ?? "")) break;
        }
      });
      return { results: repos.map((repo) => ({ id: `${repo.owner.login}/${repo.name}` })) };
    }
    default:
      throw new InputError(`Invalid resource: ${resource}`);
  }
}

export async function gitlabAutocomplete(options: AutocompleteOptions, { resource, token, context }: AutocompleteRequest): Promise<{ results: AutocompleteResult[] }> {
  const integration = integrationFor(options, "gitlab", context.host, "gitlab.com");
  const headers = { Authorization: `Bearer ${token}` };
  const all = async <T>(path: string) =>
    asking(integration.host, async () => {
      const items: T[] = [];
      for (let page = 1; page <= MAX_AUTOCOMPLETE_PAGES; page++) {
        const { data, headers: answered } = await scmRequest<T[]>(integration, { path, query: { per_page: PAGE_SIZE, page }, headers, signal: options.signal });
        items.push(...data);
        if (!answered.get("x-next-page")) break;
      }
      return items;
    });
  switch (resource) {
    case "groups": {
      const groups = await all<{ id: number; full_path: string }>("groups");
      return { results: groups.map((group) => ({ title: group.full_path, id: String(group.id) })) };
    }
    case "repositories": {
      if (!context.id) throw new InputError("Missing groupId");
      const projects = await all<{ id: number; name: string }>(`groups/${encodeURIComponent(context.id)}/projects`);
      return { results: projects.map((project) => ({ title: project.name, id: String(project.id) })) };
    }
    default:
      throw new InputError(`Invalid resource: ${resource}`);
  }
}

export async function bitbucketCloudAutocomplete(options: AutocompleteOptions, { resource, token, context }: AutocompleteRequest): Promise<{ results: AutocompleteResult[] }> {
  const integration = integrationFor(options, "bitbucketCloud", context.host, "bitbucket.org");
  const headers = { Authorization: `Bearer ${token}` };
  const all = async <T>(path: string, query: Record<string, string> = {}) =>
    asking(integration.host, async () => {
      const items: T[] = [];
      for (let page = 1; page <= MAX_AUTOCOMPLETE_PAGES; page++) {
        const { data } = await scmRequest<{ values: T[]; next?: string }>(integration, { path, query: { ...query, pagelen: PAGE_SIZE, page }, headers, signal: options.signal });
        items.push(...data.values);
        if (!data.next) break;
      }
      return items;
    });
  switch (resource) {
    case "workspaces": {
      const workspaces = await all<{ slug: string }>("workspaces");
      return { results: workspaces.map((workspace) => ({ id: workspace.slug })) };
    }
    case "projects": {
      if (!context.workspace) throw new InputError("Missing workspace context parameter");
      const projects = await all<{ key: string }>(`workspaces/${encodeURIComponent(context.workspace)}/projects`);
      return { results: projects.map((project) => ({ id: project.key })) };
    }
    case "repositories": {
      if (!context.workspace || !context.project) throw new InputError("Missing workspace and/or project context parameter");
      const repos = await all<{ slug: string }>(`repositories/${encodeURIComponent(context.workspace)}`, { q: `project.key="${context.project.replace(/["\\]/g, "")}"` });
      return { results: repos.map((repo) => ({ id: repo.slug })) };
    }
    default:
      throw new InputError(`Invalid resource: ${resource}`);
  }
}
