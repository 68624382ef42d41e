import { InputError } from "../../../errors";
import { integrationByHost, type ScmIntegration } from "./integrations";

// A publisher's `repoUrl`, the value RepoUrlPicker writes: a host followed by
// a query naming owner, repo, organization, workspace and project
// (`github.com?owner=acme&repo=shop`). Parsed as Backstage's parseRepoUrl
// (@backstage/plugin-scaffolder-node): the host must be an integration's, and
// each host type requires its parts, with Backstage's messages.

export type RepoSpec = { host: string; owner?: string; repo: string; organization?: string; workspace?: string; project?: string };

export function parseRepoUrl(repoUrl: string, integrations: ScmIntegration[]): RepoSpec & { integration: ScmIntegration } {
  let parsed: URL;
  try {
    // A scheme, credentials, a path or a fragment cannot hide a different host: the value must be exactly host + query.
    if (typeof repoUrl !== "string" || /[\s/#@\\]/.test(repoUrl.split("?")[0])) throw new TypeError("Invalid URL");
    parsed = new URL(`https://${repoUrl}`);
  } catch (error) {
    throw new InputError(`Invalid repo URL passed to publisher, got ${String(repoUrl)}, ${String(error)}`);
  }
  const host = parsed.host;
  const integration = integrationByHost(integrations, host);
  if (!integration) throw new InputError(`No matching integration configuration for host ${host}, please check your integrations config`);
  const get = (name: string) => parsed.searchParams.get(name) || undefined;
  const required = (...names: string[]) => {
    for (const name of names) {
      if (!get(name)) throw new InputError(`Invalid repo URL passed to publisher: ${parsed.toString()}, missing ${name}`);
    }
  };
  switch (integration.type) {
    case "bitbucketCloud":
      required("workspace", "project", "repo");
      break;
    case "azure":
      required("project", "repo");
      break;
    case "gitlab":
      if (!get("project")) required("owner", "repo");
      break;
    default:
      required("repo", "owner");
  }
  return { host, owner: get("owner"), repo: get("repo") as string, organization: get("organization"), workspace: get("workspace"), project: get("project"), integration };
}
