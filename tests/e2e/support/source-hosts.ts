import { startFakeAzureDevOpsApi } from "../../support/fake-azure-devops-api";
import { startFakeGithubApi } from "../../support/fake-github-api";
import { AZURE_DEVOPS_PORT, AZURE_DEVOPS_TOKEN, GITHUB_PORT, GITHUB_TOKEN } from "../../../playwright.config";

// Playwright's global setup: the faithful fakes of GitHub and Azure DevOps
// (tests/support/) on fixed ports beside the apps, for the import's pull
// requests. The apps' integrations name them (playwright.config.ts); the
// tests make repositories and files through the fakes' own REST APIs, as
// anyone with the token would. The returned function stops them.

export const AZURE_ORGANIZATION = "keystone";
export const AZURE_PROJECT = "iot";

export default async function startSourceHosts() {
  const github = await startFakeGithubApi({ token: GITHUB_TOKEN, user: "octocat", port: GITHUB_PORT });
  const azure = await startFakeAzureDevOpsApi({ token: AZURE_DEVOPS_TOKEN, projects: [`${AZURE_ORGANIZATION}/${AZURE_PROJECT}`], port: AZURE_DEVOPS_PORT });
  return async () => {
    await github.close();
    await azure.close();
  };
}
