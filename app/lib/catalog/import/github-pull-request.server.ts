import { InputError } from "../../errors";
import type { ScmIntegration } from "../../integrations/scm-integrations";
import { scmRequest, ScmRequestError } from "../../integrations/scm-request.server";

// The import's pull request on GitHub, as Backstage's catalog import opens
// it (CatalogImportClient.submitPrToGithub): read the repository and its
// default branch, create the branch from it, commit the catalog file on it,
// open the pull request. Each failed call says which step failed, in
// Backstage's words, followed by the host's status and message; a rate limit
// (429, or 403 with no requests remaining) is told apart so the page can say
// when to try again.

export type ImportPullRequest = {
  /** The repository's web URL, https://{host}/{owner}/{repo}[/...]. */
  repositoryUrl: string;
  /** The catalog file's path in the repository (catalog.import.entityFilename). */
  fileName: string;
  /** The new branch (catalog.import.pullRequestBranchName unless the user chose another). */
  branchName: string;
  title: string;
  body: string;
  fileContent: string;
  /** A token with write access to the repository: the user's from their GitHub sign-in, else the integration's. */
  token: string;
  signal?: AbortSignal;
};

/** The pull request's page, and the catalog file's URL as it will be on the default branch once merged (the location to register). */
export type ImportPullRequestResult = { link: string; location: string };

/** A step of the import that the host refused. `rateLimitedUntil` is set when GitHub's rate limit was the reason. */
export class ImportHostError extends Error {
  override name = "ImportHostError";
  constructor(
    message: string,
    readonly status: number,
    readonly rateLimitedUntil?: Date,
  ) {
    super(message);
  }
}

/** The owner and repository of a repository URL of `integration`'s host, as git-url-parse reads them. */
export function githubRepositoryOf(repositoryUrl: string, integration: ScmIntegration): { owner: string; repo: string } {
  let url: URL;
  try {
    url = new URL(repositoryUrl);
  } catch {
    throw new InputError(`'${repositoryUrl}' is not a URL`);
  }
  if (url.host.toLowerCase() !== integration.host.toLowerCase()) throw new InputError(`'${repositoryUrl}' is not a repository of ${integration.host}`);
  const [owner, repo] = url.pathname.split("/").filter(Boolean);
  if (!owner || !repo) throw new InputError(`'${repositoryUrl}' does not name a repository: it needs an owner and a repository name`);
  return { owner, repo: repo.replace(/\.git$/, "") };
}

/** GitHub's rate limit: 429, or 403 with no requests remaining; the moment it lifts when the host says. */
export function githubRateLimitReset(error: ScmRequestError, now = Date.now()): Date | undefined {
  const exhausted = error.status === 403 && error.headers.get("x-ratelimit-remaining") === "0";
  if (error.status !== 429 && !exhausted) return undefined;
  const reset = Number(error.headers.get("x-ratelimit-reset"));
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  const retryAfter = Number(error.headers.get("retry-after"));
  return new Date(now + (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60) * 1000);
}

export async function openGithubImportPullRequest(integration: ScmIntegration, request: ImportPullRequest): Promise<ImportPullRequestResult> {
  const { owner, repo } = githubRepositoryOf(request.repositoryUrl, integration);
  const headers = { Authorization: `token ${request.token}`, Accept: "application/vnd.github+json" };
  const repoPath = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  const refPath = (branch: string) => branch.split("/").map(encodeURIComponent).join("/");

  /** One step: the host's answer, or Backstage's message for the step with the host's status and words. */
  async function step<T>(failure: string, call: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await call()).data;
    } catch (error) {
      if (!(error instanceof ScmRequestError)) throw error;
      throw new ImportHostError(`${failure}, received http response status code ${error.status}: ${error.detail}`, error.status, githubRateLimitReset(error));
    }
  }

  const repository = await step<{ default_branch: string }>("Couldn't fetch repo data", () => scmRequest(integration, { path: repoPath, headers, signal: request.signal }));
  const defaultBranch = repository.default_branch;
  const parent = await step<{ object: { sha: string } }>("Couldn't fetch default branch data", () =>
    scmRequest(integration, { path: `${repoPath}/git/ref/heads/${refPath(defaultBranch)}`, headers, signal: request.signal }),
  );
  await step(`Couldn't create a new branch with name '${request.branchName}'`, () =>
    scmRequest(integration, { method: "POST", path: `${repoPath}/git/refs`, headers, body: { ref: `refs/heads/${request.branchName}`, sha: parent.object.sha }, signal: request.signal }),
  );
  await step(`Couldn't create a commit with ${request.fileName} file added`, () =>
    scmRequest(integration, {
      method: "PUT",
      path: `${repoPath}/contents/${refPath(request.fileName)}`,
      headers,
      body: { message: request.title, content: Buffer.from(request.fileContent, "utf8").toString("base64"), branch: request.branchName },
      signal: request.signal,
    }),
  );
  const pull = await step<{ html_url: string }>(`Couldn't create a pull request for ${request.branchName} branch`, () =>
    scmRequest(integration, {
      method: "POST",
      path: `${repoPath}/pulls`,
      headers,
      body: { title: request.title, head: request.branchName, body: request.body, base: defaultBranch },
      signal: request.signal,
    }),
  );
  return { link: pull.html_url, location: `${integration.baseUrl}/${owner}/${repo}/blob/${defaultBranch}/${request.fileName}` };
}
