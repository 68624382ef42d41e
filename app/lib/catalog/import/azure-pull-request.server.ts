import { InputError } from "../../errors";
import { AZURE_API_VERSION, azureTokenHeaders } from "../../integrations/azure-devops";
import type { ScmIntegration } from "../../integrations/scm-integrations";
import { scmRequest, ScmRequestError } from "../../integrations/scm-request.server";
import { ImportHostError, type ImportPullRequest, type ImportPullRequestResult } from "./github-pull-request.server";

// The import's pull request on Azure DevOps, as Backstage's catalog import
// opens it (AzureRepoApiClient, REST API 6.0): read the repository, find its
// default branch among its refs, push the catalog file as a commit on a new
// branch from it, open the pull request from that branch to the default one.
// A failed call passes on Azure DevOps' own message, as Backstage does.

export const INVALID_AZURE_REPOSITORY = "Invalid AzureDevops Repository. Please use a valid repository url and try again";

/** https://{host}/{organization}/{project}/_git/{repository}: all three must be there. */
export function azureRepositoryOf(repositoryUrl: string, integration: ScmIntegration): { organization: string; project: string; repo: string } {
  let url: URL;
  try {
    url = new URL(repositoryUrl);
  } catch {
    throw new InputError(INVALID_AZURE_REPOSITORY);
  }
  const [organization, project, marker, repo] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (url.host.toLowerCase() !== integration.host.toLowerCase() || !organization || !project || marker !== "_git" || !repo) throw new InputError(INVALID_AZURE_REPOSITORY);
  return { organization, project, repo };
}

type AzureRepository = { id: string; name: string; defaultBranch?: string; webUrl: string };
type AzureRef = { name: string; objectId: string };

export async function openAzureImportPullRequest(integration: ScmIntegration, request: ImportPullRequest): Promise<ImportPullRequestResult> {
  const { organization, project, repo } = azureRepositoryOf(request.repositoryUrl, integration);
  const headers = azureTokenHeaders(request.token);
  const repositories = `/${encodeURIComponent(organization)}/${encodeURIComponent(project)}/_apis/git/repositories`;
  const call = async <T>(path: string, options: { method?: "GET" | "POST"; body?: unknown; query?: Record<string, string> } = {}): Promise<T> => {
    try {
      const answer = await scmRequest<T>(integration, { ...options, path: `${repositories}${path}`, query: { ...options.query, "api-version": AZURE_API_VERSION }, headers, signal: request.signal });
      return answer.data;
    } catch (error) {
      if (error instanceof ScmRequestError) throw new ImportHostError(error.detail, error.status);
      throw error;
    }
  };

  const repository = await call<AzureRepository>(`/${encodeURIComponent(repo)}`);
  const filter = (repository.defaultBranch ?? "").replace(/^refs\//, "");
  const refs = await call<{ value?: AzureRef[] }>(`/${encodeURIComponent(repository.name)}/refs`, { query: { filter } });
  const defaultBranch = refs.value?.[0];
  if (!defaultBranch) throw new ImportHostError(`The requested ref '${filter}' was not found`, 404);

  const pushed = await call<{ refUpdates: Array<{ name: string }> }>(`/${encodeURIComponent(repository.name)}/pushes`, {
    method: "POST",
    body: {
      refUpdates: [{ name: `refs/heads/${request.branchName}`, oldObjectId: defaultBranch.objectId }],
      commits: [{ comment: request.title, changes: [{ changeType: "add", item: { path: `/${request.fileName}` }, newContent: { content: request.fileContent, contentType: "rawtext" } }] }],
    },
  });
  const pull = await call<{ pullRequestId: number; repository: { webUrl: string } }>(`/${encodeURIComponent(repository.name)}/pullrequests`, {
    method: "POST",
    body: { title: request.title, description: request.body, sourceRefName: pushed.refUpdates[0]!.name, targetRefName: defaultBranch.name },
  });
  return { link: `${pull.repository.webUrl}/pullrequest/${pull.pullRequestId}`, location: `${pull.repository.webUrl}?path=/${request.fileName}` };
}
