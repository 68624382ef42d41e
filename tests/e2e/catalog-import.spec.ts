import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { AZURE_DEVOPS_PORT, AZURE_DEVOPS_TOKEN, GITHUB_PORT, GITHUB_TOKEN } from "../../playwright.config";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { fixtureUrl, serveCatalogFile } from "./support/catalog-fixture";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";
import { AZURE_ORGANIZATION, AZURE_PROJECT } from "./support/source-hosts";

// The import page with JavaScript on and off: reached from the Create page,
// a URL refused beside its field, a catalog file on the fixture host
// (catalog-fixture-server.js) analysed, imported, and its component opened
// from the result; pull requests opened on the fakes of GitHub and Azure
// DevOps (tests/e2e/support/source-hosts.ts) for repositories made through
// their APIs, and the hosts' refusals shown for their causes; no serious
// accessibility finding on the way.

test.setTimeout(120_000);

test("imports a catalog file by its URL: analyse, Import, open the new component", async ({ page, request, context, baseURL, javaScriptEnabled }, testInfo) => {
  const name = `imported-${testInfo.project.name}-${Date.now().toString(36)}`;
  const file = `${name}.yaml`;
  await serveCatalogFile(request, file, [{ name, title: `Imported ${testInfo.project.name}` }]);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "import"));

  await page.goto("/create");
  await page.getByRole("link", { name: "Register Existing Component" }).click();
  await expect(page).toHaveURL(/\/catalog-import$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register an existing component");
  const findings = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, `${baseURL}/catalog-import`);
  expect(findings).toEqual([]);

  const url = page.getByRole("textbox", { name: "URL" });
  await url.fill("ftp://example.com/catalog-info.yaml");
  // The browser's own check would stop the form first; the server's is the one that counts.
  await url.evaluate((element) => element.setAttribute("type", "text"));
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.locator("[data-field-error]")).toHaveText("Must start with http:// or https://.");
  await expect(url).toHaveAttribute("aria-invalid", "true");

  await url.fill(fixtureUrl(file));
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page).toHaveURL(/\/catalog-import\?url=/);
  const locations = page.getByRole("form", { name: "Select Locations" });
  await expect(locations).toContainText("The following entities will be added to the catalog:");
  await expect(locations).toContainText(`component:default/${name}`);
  await expect(locations.getByRole("checkbox", { name: fixtureUrl(file) })).toBeChecked();
  const analysed = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, page.url());
  expect(analysed).toEqual([]);

  await locations.getByRole("button", { name: "Import" }).click();
  const finish = page.getByTestId("catalog-import-finish");
  await expect(finish).toContainText("The following entities have been added to the catalog:");
  await finish.getByRole("link", { name: `component:default/${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/default/component/${name}$`));
  // The catalog processes the new location within seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Imported ${testInfo.project.name}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
});

/** A repository on the fake GitHub, made through its REST API with a first commit (auto_init). */
async function githubRepository(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post(`http://127.0.0.1:${GITHUB_PORT}/api/v3/user/repos`, { headers: { authorization: `token ${GITHUB_TOKEN}` }, data: { name, auto_init: true } });
  expect(created.status(), await created.text()).toBe(201);
  return `http://127.0.0.1:${GITHUB_PORT}/octocat/${name}`;
}

/** A repository on the fake Azure DevOps, made through its REST API, with a README pushed on main. */
async function azureRepository(request: APIRequestContext, name: string): Promise<string> {
  const base = `http://127.0.0.1:${AZURE_DEVOPS_PORT}/${AZURE_ORGANIZATION}/${AZURE_PROJECT}/_apis/git/repositories`;
  const headers = { authorization: `Basic ${Buffer.from(`:${AZURE_DEVOPS_TOKEN}`).toString("base64")}` };
  const created = await request.post(`${base}?api-version=6.0`, { headers, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await request.post(`${base}/${name}/pushes?api-version=6.0`, {
    headers,
    data: {
      refUpdates: [{ name: "refs/heads/main", oldObjectId: "0000000000000000000000000000000000000000" }],
      commits: [{ comment: "Initial commit", changes: [{ changeType: "add", item: { path: "/README.md" }, newContent: { content: `# ${name}\n`, contentType: "rawtext" } }] }],
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(201);
  return `http://127.0.0.1:${AZURE_DEVOPS_PORT}/${AZURE_ORGANIZATION}/${AZURE_PROJECT}/_git/${name}`;
}

/** Analyse a repository without a catalog file, name its owner, and open the pull request; the finish step's text. */
async function openPullRequest(page: Page, repositoryUrl: string, owner: string) {
  await page.goto("/catalog-import");
  await page.getByRole("textbox", { name: "URL" }).fill(repositoryUrl);
  await page.getByRole("button", { name: "Analyze" }).click();
  const form = page.getByRole("form", { name: "Create Pull Request" });
  await expect(form.getByRole("textbox", { name: "Pull Request Title" })).toHaveValue("Add catalog-info.yaml config file");
  // The scaffolder's OwnerPicker: a Headless UI combobox with JavaScript (its suggestions closed before going on), a text input without.
  const ownerField = form.getByRole("combobox", { name: "Entity Owner" });
  await ownerField.fill(owner);
  if ((await ownerField.getAttribute("aria-expanded")) === "true") await ownerField.press("Escape");
  await form.getByRole("button", { name: "Create PR" }).click();
}

test("opens a pull request on GitHub for a repository without a catalog file, and says why a second one fails", async ({ page, request, context, javaScriptEnabled }, testInfo) => {
  const name = `rent-ledger-${testInfo.project.name}-${Date.now().toString(36)}`;
  const repositoryUrl = await githubRepository(request, name);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "import-github"));

  await page.goto(`/catalog-import?url=${encodeURIComponent(repositoryUrl)}`);
  const form = page.getByRole("form", { name: "Create Pull Request" });
  await expect(form.getByRole("textbox", { name: "Name of the created component" })).toHaveValue(name);
  await expect(page.getByTestId("catalog-import-yaml")).toContainText(`github.com/project-slug: octocat/${name}`);
  const findings = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, page.url());
  expect(findings).toEqual([]);

  // Without an owner the server asks for one beside the field.
  await form.getByRole("combobox", { name: "Entity Owner" }).evaluate((element) => element.removeAttribute("required"));
  await form.getByRole("button", { name: "Create PR" }).click();
  await expect(page.getByRole("form", { name: "Create Pull Request" }).locator("[data-field-error]")).toHaveText("required value");

  await openPullRequest(page, repositoryUrl, "group:default/platform-team");
  const finish = page.getByTestId("catalog-import-finish");
  await expect(finish).toContainText("The following Pull Request has been opened:");
  await expect(finish.getByRole("link", { name: new RegExp(`/octocat/${name}/pull/\\d+$`) })).toBeVisible();
  await expect(finish).toContainText(`${repositoryUrl}/blob/main/catalog-info.yaml`);

  // The branch exists now: GitHub refuses it, and the page says which step failed and why.
  await openPullRequest(page, repositoryUrl, "group:default/platform-team");
  await expect(page.locator("[data-form-error]")).toContainText("Couldn't create a new branch with name 'backstage-integration', received http response status code 422: Reference already exists");
});

test("imports the catalog file a GitHub repository already has", async ({ page, request }, testInfo) => {
  const name = `listing-search-${testInfo.project.name}-${Date.now().toString(36)}`;
  const repositoryUrl = await githubRepository(request, name);
  const catalogFile = `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\nspec:\n  type: service\n  lifecycle: production\n  owner: group:default/platform-team\n`;
  const added = await request.put(`http://127.0.0.1:${GITHUB_PORT}/api/v3/repos/octocat/${name}/contents/catalog-info.yaml`, {
    headers: { authorization: `token ${GITHUB_TOKEN}` },
    data: { message: "Add catalog-info.yaml", content: Buffer.from(catalogFile).toString("base64"), branch: "main" },
  });
  expect(added.status(), await added.text()).toBe(201);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "import-existing"));

  await page.goto("/catalog-import");
  await page.getByRole("textbox", { name: "URL" }).fill(repositoryUrl);
  await page.getByRole("button", { name: "Analyze" }).click();
  const locations = page.getByRole("form", { name: "Select Locations" });
  await expect(locations).toContainText(`${repositoryUrl}/blob/HEAD/catalog-info.yaml`);
  await expect(locations).toContainText(`component:default/${name}`);
  await locations.getByRole("button", { name: "Import" }).click();
  const finish = page.getByTestId("catalog-import-finish");
  await expect(finish).toContainText("The following entities have been added to the catalog:");
  await expect(finish.getByRole("link", { name: `component:default/${name}` })).toBeVisible();
});

test("opens a pull request on Azure DevOps for a repository without a catalog file", async ({ page, request }, testInfo) => {
  const name = `sensor-gateway-${testInfo.project.name}-${Date.now().toString(36)}`;
  const repositoryUrl = await azureRepository(request, name);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "import-azure"));
  await openPullRequest(page, repositoryUrl, "group:default/platform-team");
  const finish = page.getByTestId("catalog-import-finish");
  await expect(finish).toContainText("The following Pull Request has been opened:");
  await expect(finish.getByRole("link", { name: new RegExp(`/_git/${name}/pullrequest/\\d+$`) })).toBeVisible();
  await expect(finish).toContainText(`${repositoryUrl}?path=/catalog-info.yaml`);
});

test("says which URLs it cannot look into, in Backstage's words", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "import-errors"));
  await page.goto(`/catalog-import?url=${encodeURIComponent("https://git.unknown.example/keystone/ledger")}`);
  await expect(page.locator("[data-field-error]")).toContainText("This URL was not recognized as a valid git URL because there was no configured integration that matched the given host name.");
  await page.goto(`/catalog-import?url=${encodeURIComponent(`http://127.0.0.1:${AZURE_DEVOPS_PORT}/${AZURE_ORGANIZATION}/${AZURE_PROJECT}`)}`);
  await expect(page.locator("[data-field-error]")).toHaveText("Invalid AzureDevops Repository. Please use a valid repository url and try again");
});
