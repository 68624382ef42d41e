import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeGithubApi, type FakeGithubApi } from "../../../../tests/support/fake-github-api";
import { integrationByHost, scmIntegrations, type ScmIntegration } from "../../integrations/scm-integrations";
import { ImportHostError, openGithubImportPullRequest, type ImportPullRequest } from "./github-pull-request.server";

// The import's pull request against a faithful fake of GitHub on 127.0.0.1
// (tests/support/fake-github-api.ts): the branch, the commit and the pull
// request as GitHub holds them, and each step's failure in Backstage's words.

let github: FakeGithubApi;
let integration: ScmIntegration;

const CATALOG_FILE = "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: lease-ledger\nspec:\n  type: service\n  lifecycle: experimental\n  owner: group:default/leasing\n";

const request = (overrides: Partial<ImportPullRequest> = {}): ImportPullRequest => ({
  repositoryUrl: `${github.url}/keystone/lease-ledger`,
  fileName: "catalog-info.yaml",
  branchName: "backstage-integration",
  title: "Add catalog-info.yaml config file",
  body: "This pull request adds a **Backstage entity metadata file** to this repository.",
  fileContent: CATALOG_FILE,
  token: github.token,
  ...overrides,
});

async function failure(pending: Promise<unknown>): Promise<ImportHostError> {
  const error = await pending.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportHostError);
  return error as ImportHostError;
}

beforeAll(async () => {
  github = await startFakeGithubApi();
  const configured = { github: [{ host: github.host, apiBaseUrl: github.apiBaseUrl, baseUrl: github.url }] };
  integration = integrationByHost(scmIntegrations(configured), github.host)!;
});
afterAll(async () => {
  await github?.close();
});
afterEach(() => {
  github.limitRate(undefined);
});

describe("the import's pull request on GitHub", { timeout: 30_000 }, () => {
  it("commits the catalog file on a new branch from the default branch and opens the pull request against it", async () => {
    github.addRepo("keystone", "lease-ledger", { "README.md": "# lease ledger\n" }, "trunk");
    const result = await openGithubImportPullRequest(integration, request());

    const [pull] = github.pulls.get("keystone/lease-ledger") ?? [];
    expect(pull).toMatchObject({ title: "Add catalog-info.yaml config file", head: "backstage-integration", base: "trunk", state: "open" });
    expect(pull?.body).toContain("Backstage entity metadata file");
    expect(result.link).toBe(`${github.url}/keystone/lease-ledger/pull/${pull?.number}`);
    // Registered now, read once the pull request is merged: the file on the default branch.
    expect(result.location).toBe(`${github.url}/keystone/lease-ledger/blob/trunk/catalog-info.yaml`);
    expect(github.git.show("keystone/lease-ledger.git", "backstage-integration:catalog-info.yaml")).toBe(CATALOG_FILE);
    expect(github.git.head("keystone/lease-ledger.git", "trunk")).not.toBe(github.git.head("keystone/lease-ledger.git", "backstage-integration"));
  });

  it("says which step failed, with GitHub's status and message", async () => {
    const missing = await failure(openGithubImportPullRequest(integration, request({ repositoryUrl: `${github.url}/keystone/nowhere` })));
    expect(missing.message).toBe("Couldn't fetch repo data, received http response status code 404: Not Found");

    // The branch of the first test is still there.
    const taken = await failure(openGithubImportPullRequest(integration, request()));
    expect(taken.message).toBe("Couldn't create a new branch with name 'backstage-integration', received http response status code 422: Reference already exists");
    expect(taken.rateLimitedUntil).toBeUndefined();

    const refused = await failure(openGithubImportPullRequest(integration, request({ token: "not-the-token", branchName: "other" })));
    expect(refused.message).toBe("Couldn't fetch repo data, received http response status code 401: Bad credentials");
  });

  it("tells a rate limit apart: 403 with no requests remaining, or 429, with when to try again", async () => {
    github.addRepo("keystone", "rent-ledger", { "README.md": "# rent ledger\n" });
    github.limitRate("primary");
    const primary = await failure(openGithubImportPullRequest(integration, request({ repositoryUrl: `${github.url}/keystone/rent-ledger` })));
    expect(primary.message).toBe("Couldn't fetch repo data, received http response status code 403: API rate limit exceeded for user ID 1.");
    expect(primary.rateLimitedUntil!.getTime()).toBeGreaterThan(Date.now());

    github.limitRate("secondary");
    const secondary = await failure(openGithubImportPullRequest(integration, request({ repositoryUrl: `${github.url}/keystone/rent-ledger` })));
    expect(secondary.status).toBe(429);
    expect(secondary.rateLimitedUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);

    github.limitRate(undefined);
    const result = await openGithubImportPullRequest(integration, request({ repositoryUrl: `${github.url}/keystone/rent-ledger` }));
    expect(result.location).toBe(`${github.url}/keystone/rent-ledger/blob/main/catalog-info.yaml`);
  });

  it("refuses a URL that names no repository of the integration's host", async () => {
    await expect(openGithubImportPullRequest(integration, request({ repositoryUrl: `${github.url}/keystone` }))).rejects.toThrow("does not name a repository");
    await expect(openGithubImportPullRequest(integration, request({ repositoryUrl: "https://github.com/keystone/lease-ledger" }))).rejects.toThrow(`is not a repository of ${github.host}`);
  });
});
