import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAzureDevOpsApi, type FakeAzureDevOpsApi } from "../../../../../tests/support/fake-azure-devops-api";
import { createPublishAzureAction } from "./azure.server";
import { runAction } from "./test-context";

let azure: FakeAzureDevOpsApi;
const options = (token: string | undefined) => ({ integrations: { azure: [{ host: azure.host, apiBaseUrl: azure.url, ...(token ? { token } : {}) }] } });

beforeAll(async () => {
  azure = await startFakeAzureDevOpsApi({ projects: ["acme/platform"] });
});
afterAll(async () => {
  await azure?.close();
});

describe("publish:azure", { timeout: 60_000 }, () => {
  it("creates the repository in the organization's project and pushes the workspace", async () => {
    const action = createPublishAzureAction(options(azure.token));
    const run = await runAction(
      action,
      { repoUrl: `${azure.host}?organization=acme&project=platform&repo=orders`, defaultBranch: "main", gitAuthorName: "Jane", gitAuthorEmail: "jane@example.com" },
      {
        files: { "README.md": "# orders\n", "azure-pipelines.yml": "trigger: [main]\n", ".gitignore": "dist/\n", "dist/bundle.js": "built\n" },
      },
    );
    const repo = azure.repos.find((candidate) => candidate.name === "orders")!;
    const bare = `acme/platform/_git/orders`;
    // What the workspace's .gitignore names stays out, as in Backstage's initRepoAndPush.
    expect(azure.git.files(bare, "main")).toEqual([".gitignore", "README.md", "azure-pipelines.yml"]);
    expect(azure.git.git(bare, "log", "-1", "--format=%an <%ae> %s", "main")).toBe("Jane <jane@example.com> initial commit");
    expect(run.outputs).toEqual({
      commitHash: azure.git.head(bare, "main"),
      remoteUrl: `${azure.url}/acme/platform/_git/orders`,
      repoContentsUrl: `${azure.url}/acme/platform/_git/orders`,
      repositoryId: repo.id,
    });
    const create = azure.requests.find((request) => request.method === "POST" && request.path.includes("/_apis/git/repositories"))!;
    expect(create.path).toBe("/acme/platform/_apis/git/repositories?api-version=6.0");
    expect(create.authorization).toBe(`Basic ${Buffer.from(`:${azure.token}`).toString("base64")}`);
    expect(JSON.stringify(run.outputs) + run.logs.join("\n")).not.toContain(azure.token);
  });

  it("answers Azure DevOps' refusals: an existing repository, an unknown project", async () => {
    const action = createPublishAzureAction(options(azure.token));
    await runAction(action, { repoUrl: `${azure.host}?organization=acme&project=platform&repo=twice` });
    await expect(runAction(action, { repoUrl: `${azure.host}?organization=acme&project=platform&repo=twice` })).rejects.toThrow("TF400948: A Git repository with the name twice already exists.");
    await expect(runAction(action, { repoUrl: `${azure.host}?organization=acme&project=nope&repo=x` })).rejects.toThrow("TF200016");
  });

  it("refuses a repoUrl without organization or project, and a host without credentials", async () => {
    const action = createPublishAzureAction(options(azure.token));
    await expect(runAction(action, { repoUrl: `${azure.host}?project=platform&repo=x` })).rejects.toThrow(
      `Invalid URL provider was included in the repo URL to create ${azure.host}?project=platform&repo=x, missing organization`,
    );
    await expect(runAction(action, { repoUrl: `${azure.host}?organization=acme&repo=x` })).rejects.toThrow("missing project");
    await expect(runAction(createPublishAzureAction(options(undefined)), { repoUrl: `${azure.host}?organization=acme&project=platform&repo=x` })).rejects.toThrow("No auth provider available for URL");
  });
});
