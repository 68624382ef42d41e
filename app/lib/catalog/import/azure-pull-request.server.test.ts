import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAzureDevOpsApi, type FakeAzureDevOpsApi } from "../../../../tests/support/fake-azure-devops-api";
import { integrationByHost, scmIntegrations, type ScmIntegration } from "../../integrations/scm-integrations";
import { INVALID_AZURE_REPOSITORY, openAzureImportPullRequest } from "./azure-pull-request.server";
import { ImportHostError, type ImportPullRequest } from "./github-pull-request.server";

// The import's pull request against a faithful fake of Azure DevOps on
// 127.0.0.1 (tests/support/fake-azure-devops-api.ts): the pushed branch and
// the pull request as Azure DevOps holds them, its own messages passed on.

let azure: FakeAzureDevOpsApi;
let integration: ScmIntegration;

const CATALOG_FILE = "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: sensor-gateway\nspec:\n  type: service\n  lifecycle: production\n  owner: group:default/iot\n";

const request = (overrides: Partial<ImportPullRequest> = {}): ImportPullRequest => ({
  repositoryUrl: `${azure.url}/keystone/iot/_git/sensor-gateway`,
  fileName: "catalog-info.yaml",
  branchName: "backstage-integration",
  title: "Add catalog-info.yaml config file",
  body: "This pull request adds a Backstage entity metadata file.",
  fileContent: CATALOG_FILE,
  token: azure.token,
  ...overrides,
});

async function failure(pending: Promise<unknown>): Promise<Error> {
  const error = await pending.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

beforeAll(async () => {
  azure = await startFakeAzureDevOpsApi({ projects: ["keystone/iot"] });
  integration = integrationByHost(scmIntegrations({ azure: [{ host: azure.host, apiBaseUrl: azure.url }] }), azure.host)!;
});
afterAll(async () => {
  await azure?.close();
});

describe("the import's pull request on Azure DevOps", { timeout: 30_000 }, () => {
  it("pushes the catalog file on a new branch from the default branch and opens the pull request to it", async () => {
    azure.addRepo("keystone", "iot", "sensor-gateway", { "README.md": "# sensor gateway\n" }, "main");
    const result = await openAzureImportPullRequest(integration, request());

    const [pull] = azure.pulls;
    expect(pull).toMatchObject({ sourceRefName: "refs/heads/backstage-integration", targetRefName: "refs/heads/main", title: "Add catalog-info.yaml config file", status: "active" });
    expect(pull?.description).toBe("This pull request adds a Backstage entity metadata file.");
    const webUrl = `${azure.url}/keystone/iot/_git/sensor-gateway`;
    expect(result).toEqual({ link: `${webUrl}/pullrequest/${pull?.pullRequestId}`, location: `${webUrl}?path=/catalog-info.yaml` });
    expect(azure.git.show("keystone/iot/_git/sensor-gateway", "backstage-integration:catalog-info.yaml")).toBe(CATALOG_FILE);
    // A personal access token goes as Basic with an empty user name.
    expect(azure.requests.at(-1)?.authorization).toBe(`Basic ${Buffer.from(`:${azure.token}`).toString("base64")}`);
  });

  it("refuses a URL without an organization, a project and a repository", async () => {
    for (const url of [`${azure.url}/keystone/iot`, `${azure.url}/keystone/_git/sensor-gateway`, `https://elsewhere.example/keystone/iot/_git/sensor-gateway`]) {
      expect((await failure(openAzureImportPullRequest(integration, request({ repositoryUrl: url })))).message).toBe(INVALID_AZURE_REPOSITORY);
    }
  });

  it("says when the default branch is missing, and passes on Azure DevOps' own message otherwise", async () => {
    azure.addRepo("keystone", "iot", "empty-repo");
    const empty = await failure(openAzureImportPullRequest(integration, request({ repositoryUrl: `${azure.url}/keystone/iot/_git/empty-repo` })));
    expect(empty.message).toMatch(/^The requested ref '.*' was not found$/);

    const missing = await failure(openAzureImportPullRequest(integration, request({ repositoryUrl: `${azure.url}/keystone/iot/_git/nowhere` })));
    expect(missing).toBeInstanceOf(ImportHostError);
    expect(missing.message).toBe("TF401019: The Git repository with name or identifier nowhere does not exist or you do not have permissions for the operation you are attempting.");

    // The branch of the first test is still there.
    const again = await failure(openAzureImportPullRequest(integration, request()));
    expect(again.message).toMatch(/^TF402455: /);
  });
});
