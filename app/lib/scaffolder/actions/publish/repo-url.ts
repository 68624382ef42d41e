import { InputError } from "../../../errors";
import { parseRepoUrl as parseRepoLocation, type RepoSpec } from "../../templating/filters";
import { integrationByHost, type ScmIntegration } from "../../../integrations/scm-integrations";

// A publisher's `repoUrl`, the value RepoUrlPicker writes: a host followed by
// a query naming owner, repo, organization, workspace and project
// (`github.com?owner=acme&repo=shop`). Parsed by the templater's parseRepoUrl
// (../../templating/filters.ts, Backstage's rules and messages) against the
// publishers' integrations, after a stricter check of its shape: the value
// must be exactly a host and a query, so a scheme, credentials, a path or a
// fragment cannot put a different host in front of the URL parser.

export type { RepoSpec };

export function parseRepoUrl(repoUrl: string, integrations: ScmIntegration[]): RepoSpec & { integration: ScmIntegration } {
  if (typeof repoUrl !== "string" || !repoUrl || /[\s/#@\\]/.test(repoUrl.split("?")[0])) {
    throw new InputError(`Invalid repo URL passed to publisher, got ${String(repoUrl)}, TypeError: Invalid URL`);
  }
  const spec = parseRepoLocation(repoUrl, (host) => {
    const type = integrationByHost(integrations, host)?.type;
    return type === "bitbucketCloud" ? "bitbucket" : type;
  });
  return { ...spec, integration: integrationByHost(integrations, spec.host)! };
}
