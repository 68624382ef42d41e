import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAzureDevOpsApi, type FakeAzureDevOpsApi } from "../tests/support/fake-azure-devops-api";
import { startFakeGithubApi, type FakeGithubApi } from "../tests/support/fake-github-api";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, guestSessionCookie, startServer, type RunningServer } from "../tests/support/server";

// The import page through HTTP, as a browser without JavaScript uses it:
// the URL is a GET form, Import and Create PR are posts. The hosts are
// faithful fakes of GitHub and Azure DevOps on 127.0.0.1, holding real git
// repositories; the catalog reads their files and the pull requests land in them.

let server: RunningServer;
let github: FakeGithubApi;
let azure: FakeAzureDevOpsApi;
/**
 * A second GitHub whose integration has no token, only a GitHub App
 * installed on the account keystone-apps: elsewhere a pull request there
 * needs the user's own GitHub sign-in.
 */
let tokenless: FakeGithubApi;
const appKey = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });

const LISTING_SEARCH = `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: listing-search
spec:
  type: service
  lifecycle: production
  owner: group:default/listings
`;

const signInAsGuest = () => guestSessionCookie(server);

/** The page's text with tags removed and entities decoded, for asserting what a reader sees. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The opening tag that carries `attribute` (there must be one). */
function tagWith(html: string, attribute: string): string {
  const tag = html.match(new RegExp(`<[a-z]+ [^>]*${attribute.replace(/[.?*+()[\]]/g, "\\$&")}[^>]*>`))?.[0];
  expect(tag, attribute).toBeDefined();
  return tag!;
}

function browser(cookie: string) {
  return {
    async analyze(url: string) {
      const response = await fetch(`${server.url}/catalog-import?${new URLSearchParams({ url })}`, { headers: { cookie } });
      return { status: response.status, html: await response.text() };
    },
    async post(url: string, fields: Array<[string, string]>) {
      const response = await fetch(`${server.url}/catalog-import?${new URLSearchParams({ url })}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["url", url], ...fields]).toString(),
      });
      return { status: response.status, html: await response.text() };
    },
  };
}

/** The first fake GitHub as an entry of integrations.github, with its token. */
const githubIntegration = () => `    - host: ${github.host}
      apiBaseUrl: ${github.apiBaseUrl}
      rawBaseUrl: ${github.url}/raw
      baseUrl: ${github.url}
      token: ${github.token}`;

async function registeredTargets(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/catalog/locations`, { headers: API_AUTHORIZATION });
  return ((await response.json()) as Array<{ data: { target: string } }>).map((item) => item.data.target);
}

beforeAll(async () => {
  github = await startFakeGithubApi();
  azure = await startFakeAzureDevOpsApi({ projects: ["keystone/iot"] });
  tokenless = await startFakeGithubApi({ apps: [{ appId: "4242", publicKey: appKey.publicKey, installations: [{ id: 9, account: "keystone-apps" }] }] });
  tokenless.addRepo("keystone", "maintenance-app", { "README.md": "# maintenance app\n" });
  tokenless.addRepo("keystone-apps", "handbook", { "README.md": "# handbook\n" });
  github.addRepo("keystone", "listing-search", { "catalog-info.yaml": LISTING_SEARCH, "README.md": "# listing search\n" });
  github.addRepo("keystone", "rent-ledger", { "README.md": "# rent ledger\n" });
  github.addRepo("keystone", "lease-api", { "README.md": "# lease api\n" });
  azure.addRepo("keystone", "iot", "sensor-gateway", { "README.md": "# sensor gateway\n" }, "main");
  server = await startServer(`
auth:
  signInPage: [guest]
catalog:
  rules:
    - allow: [Component, Group, User, Location]
integrations:
  github:
${githubIntegration()}
    - host: ${tokenless.host}
      apiBaseUrl: ${tokenless.apiBaseUrl}
      rawBaseUrl: ${tokenless.url}/raw
      baseUrl: ${tokenless.url}
      apps:
        - appId: 4242
          clientId: Iv1.import
          clientSecret: app-secret
          privateKey: ${JSON.stringify(appKey.privateKey)}
  azure:
    - host: ${azure.host}
      apiBaseUrl: ${azure.url}
      token: ${azure.token}
`);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await github?.close();
  await azure?.close();
  await tokenless?.close();
});

describe("/catalog-import", { timeout: 60_000 }, () => {
  it("asks for a URL, and refuses one that is not http(s) beside the field", async () => {
    const client = browser(await signInAsGuest());
    const page = await fetch(`${server.url}/catalog-import`, { headers: { cookie: await signInAsGuest() } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(text(html)).toContain("Register an existing component");
    expect(text(html)).toContain("Enter the full path to your entity file to start tracking your component");
    expect(tagWith(html, 'aria-label="Select URL"')).toContain('method="get"');

    const refused = await client.analyze("ftp://example.com/catalog-info.yaml");
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("Must start with http:// or https://.");
    expect(refused.html).toMatch(/aria-invalid="true"/);
  });

  it("says which hosts it can look into, in Backstage's words", async () => {
    const client = browser(await signInAsGuest());
    const unknown = await client.analyze("https://git.unknown.example/keystone/rent-ledger");
    expect(unknown.status).toBe(400);
    expect(text(unknown.html)).toContain(
      "This URL was not recognized as a valid git URL because there was no configured integration that matched the given host name. Currently GitHub and Azure DevOps are supported. You could try to paste the full URL to a catalog-info.yaml file instead.",
    );
    const gitlab = await client.analyze("https://gitlab.com/keystone/rent-ledger");
    expect(text(gitlab.html)).toContain("The gitlab.com integration only supports full URLs to catalog-info.yaml files. Did you try to pass in the URL of a directory instead?");
    const azureProject = await client.analyze(`${azure.url}/keystone/iot`);
    expect(text(azureProject.html)).toContain("Invalid AzureDevops Repository. Please use a valid repository url and try again");
  });

  it("imports a direct URL of an entity file: the entities it will add, Import, then the entities added", async () => {
    const client = browser(await signInAsGuest());
    const url = `${github.url}/keystone/listing-search/blob/main/catalog-info.yaml`;
    const analysed = await client.analyze(url);
    expect(analysed.status).toBe(200);
    expect(text(analysed.html)).toContain("The following entities will be added to the catalog:");
    expect(text(analysed.html)).toContain("component:default/listing-search");
    expect(tagWith(analysed.html, `name="targets" checked="" value="${url}"`)).toContain('type="checkbox"');

    const imported = await client.post(url, [
      ["intent", "import"],
      ["targets", url],
    ]);
    expect(imported.status).toBe(200);
    expect(text(imported.html)).toContain("The following entities have been added to the catalog:");
    expect(imported.html).toContain('href="/catalog/default/component/listing-search"');
    expect(await registeredTargets()).toContain(url);
    await eventually(async () => (await fetch(`${server.url}/api/catalog/entities/by-name/component/default/listing-search`, { headers: API_AUTHORIZATION })).ok, "the imported component", 30_000);

    // Registered once: analysing it again says so, and Import becomes Refresh.
    const again = await client.analyze(url);
    expect(text(again.html)).toContain("These locations already exist in the catalog:");
    expect(text(again.html)).toContain("Refresh");
  });

  it("refuses an entity file with an invalid entity, with the first problem found", async () => {
    const client = browser(await signInAsGuest());
    github.addRepo("keystone", "broken-catalog", {
      "catalog-info.yaml":
        "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: Not A Name!\nspec:\n  type: service\n---\napiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: fine\n",
    });
    const refused = await client.analyze(`${github.url}/keystone/broken-catalog/blob/main/catalog-info.yaml`);
    expect(refused.status).toBe(400);
    const errors = [...refused.html.matchAll(/data-field-error[^>]*>(.*?)<\/div>/g)].map((match) => text(match[1]!).trim());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^"metadata\.name" is not valid; expected a string that is sequences of \[a-zA-Z0-9\] separated by any of \[-_\.\], at most 63 characters in total but found "Not A Name!"/,
    );
  });

  it("says the entity definitions could not be generated when the repository's catalog file is broken", async () => {
    const client = browser(await signInAsGuest());
    github.addRepo("keystone", "broken-repository", { "catalog-info.yaml": "kind: Component\nmetadata: [unclosed\n" });
    const refused = await client.analyze(`${github.url}/keystone/broken-repository`);
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("Failed to generate entity definitions. Received http response 400: Bad Request");
  });

  it("finds the catalog file of a repository that has one", async () => {
    const client = browser(await signInAsGuest());
    const analysed = await client.analyze(`${github.url}/keystone/listing-search`);
    expect(analysed.status).toBe(200);
    expect(text(analysed.html)).toContain(`${github.url}/keystone/listing-search/blob/HEAD/catalog-info.yaml`);
    expect(text(analysed.html)).toContain("component:default/listing-search");
  });

  it("opens a pull request on GitHub for a repository without a catalog file, then registers the file's location", async () => {
    const client = browser(await signInAsGuest());
    const url = `${github.url}/keystone/rent-ledger`;
    const analysed = await client.analyze(url);
    expect(analysed.status).toBe(200);
    expect(analysed.html).toContain('value="Add catalog-info.yaml config file"');
    expect(analysed.html).toContain('value="backstage-integration"');
    expect(analysed.html).toMatch(/name="componentName"[^>]*value="rent-ledger"|value="rent-ledger"[^>]*name="componentName"/);
    const preview = text(analysed.html);
    expect(preview).toContain("github.com/project-slug: keystone/rent-ledger");
    expect(preview).toContain("This pull request adds a **Backstage entity metadata file** to this repository");

    const fields = (overrides: Record<string, string> = {}): Array<[string, string]> =>
      Object.entries({
        intent: "create",
        title: "Add catalog-info.yaml config file",
        body: "Adds the catalog file.",
        branchName: "catalog/add-file",
        componentName: "rent-ledger",
        owner: "group:default/leasing",
        ...overrides,
      });
    const noOwner = await client.post(url, fields({ owner: "" }));
    expect(noOwner.status).toBe(400);
    expect(text(noOwner.html)).toContain("required value");
    const badBranch = await client.post(url, fields({ branchName: "catalog..file" }));
    expect(badBranch.status).toBe(400);
    expect(text(badBranch.html)).toContain("Must be a branch name git accepts");
    const badName = await client.post(url, fields({ componentName: "Rent Ledger!" }));
    expect(badName.status).toBe(400);
    expect(text(badName.html)).toMatch(/metadata\.name/);
    expect(github.pulls.get("keystone/rent-ledger") ?? []).toHaveLength(0);

    // The owner field is the scaffolder's OwnerPicker: a group's name typed alone becomes its entity ref.
    const previewed = await client.post(url, fields({ intent: "preview", componentName: "rent-ledger-service", owner: "leasing" }));
    expect(previewed.status).toBe(200);
    expect(text(previewed.html)).toContain("name: rent-ledger-service");
    expect(text(previewed.html)).toContain("owner: group:default/leasing");
    // Its search without JavaScript is a post that opens nothing: the form again, the values as typed.
    const searched = await client.post(url, [...fields({ componentName: "rent-ledger-search" }).filter(([key]) => key !== "intent"), ["__wizard", "search"], ["search:owner", "lea"]]);
    expect(searched.status).toBe(200);
    expect(searched.html).toContain('value="rent-ledger-search"');
    expect(github.pulls.get("keystone/rent-ledger") ?? []).toHaveLength(0);

    const created = await client.post(url, fields());
    expect(created.status).toBe(200);
    const [pull] = github.pulls.get("keystone/rent-ledger") ?? [];
    expect(pull).toMatchObject({ head: "catalog/add-file", base: "main", title: "Add catalog-info.yaml config file" });
    expect(text(created.html)).toContain(`The following Pull Request has been opened: ${github.url}/keystone/rent-ledger/pull/${pull?.number}`);
    expect(text(created.html)).toContain("Your entities will be imported as soon as the Pull Request is merged.");
    const location = `${github.url}/keystone/rent-ledger/blob/main/catalog-info.yaml`;
    expect(await registeredTargets()).toContain(location);
    expect(github.git.show("keystone/rent-ledger.git", "catalog/add-file:catalog-info.yaml")).toContain("name: rent-ledger\n");
  });

  it("shows GitHub's refusal for the step that failed, and tells a rate limit apart", async () => {
    const client = browser(await signInAsGuest());
    const url = `${github.url}/keystone/lease-api`;
    github.limitRate("primary");
    try {
      const limited = await client.post(url, [
        ["intent", "create"],
        ["title", "Add catalog-info.yaml config file"],
        ["body", "Adds the catalog file."],
        ["branchName", "backstage-integration"],
        ["componentName", "lease-api"],
        ["owner", "group:default/leasing"],
      ]);
      expect(limited.status).toBe(502);
      expect(text(limited.html)).toContain("Couldn't fetch repo data, received http response status code 403: API rate limit exceeded for user ID 1.");
      expect(text(limited.html)).toMatch(/GitHub's rate limit was reached; try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    } finally {
      github.limitRate(undefined);
    }
  });

  it("opens a pull request with a GitHub App's installation token where the integration has no token of its own", async () => {
    const client = browser(await signInAsGuest());
    const url = `${tokenless.url}/keystone-apps/handbook`;
    const created = await client.post(url, [
      ["intent", "create"],
      ["title", "Add catalog-info.yaml config file"],
      ["body", "Adds the catalog file."],
      ["branchName", "backstage-integration"],
      ["componentName", "handbook"],
      ["owner", "group:default/platform"],
    ]);
    expect(created.status).toBe(200);
    expect(tokenless.pulls.get("keystone-apps/handbook")).toHaveLength(1);
    const pullRequestCall = tokenless.requests.find((request) => request.method === "POST" && request.path.endsWith("/repos/keystone-apps/handbook/pulls"));
    expect(pullRequestCall?.authorization).toMatch(/^token ghs_/);
  });

  it("refuses a pull request no token can open: neither the user's session, the integration nor its app has one for the owner", async () => {
    const client = browser(await signInAsGuest());
    const url = `${tokenless.url}/keystone/maintenance-app`;
    expect((await client.analyze(url)).status).toBe(200);
    const refused = await client.post(url, [
      ["intent", "create"],
      ["title", "Add catalog-info.yaml config file"],
      ["body", "Adds the catalog file."],
      ["branchName", "backstage-integration"],
      ["componentName", "maintenance-app"],
      ["owner", "group:default/maintenance"],
    ]);
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("No auth provider available for URL");
    // The app was asked for an installation on keystone (it has none); the repository itself was never called.
    expect(tokenless.requests.filter((request) => request.path.startsWith("/api/v3/repos/keystone/maintenance-app"))).toEqual([]);
  });

  it("opens a pull request on Azure DevOps, then registers the file's location", async () => {
    const client = browser(await signInAsGuest());
    const url = `${azure.url}/keystone/iot/_git/sensor-gateway`;
    const analysed = await client.analyze(url);
    expect(analysed.status).toBe(200);
    expect(text(analysed.html)).toContain("dev.azure.com/project-slug: iot/sensor-gateway");
    const created = await client.post(url, [
      ["intent", "create"],
      ["title", "Add catalog-info.yaml config file"],
      ["body", "Adds the catalog file."],
      ["branchName", "backstage-integration"],
      ["componentName", "sensor-gateway"],
      ["owner", "group:default/iot"],
    ]);
    expect(created.status).toBe(200);
    const [pull] = azure.pulls;
    expect(pull).toMatchObject({ sourceRefName: "refs/heads/backstage-integration", targetRefName: "refs/heads/main" });
    expect(text(created.html)).toContain(`${url}/pullrequest/${pull?.pullRequestId}`);
    expect(await registeredTargets()).toContain(`${url}?path=/catalog-info.yaml`);
    expect(azure.git.show("keystone/iot/_git/sensor-gateway", "backstage-integration:catalog-info.yaml")).toContain("name: sensor-gateway\n");
  });
});

describe("/catalog-import without the permission to analyse locations", { timeout: 60_000 }, () => {
  let restricted: RunningServer;
  beforeAll(async () => {
    restricted = await startServer(`
auth:
  signInPage: [guest]
permission:
  enabled: true
  policy:
    roles:
      - name: readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
integrations:
  github:
${githubIntegration()}
`);
  }, 60_000);
  afterAll(async () => {
    await restricted?.stop();
  });

  it("refuses with 403 beside the URL, and fetches nothing from the host", async () => {
    const cookie = await guestSessionCookie(restricted);
    const before = github.requests.length;
    const url = `${github.url}/keystone/listing-search/blob/main/catalog-info.yaml`;
    const response = await fetch(`${restricted.url}/catalog-import?${new URLSearchParams({ url })}`, { headers: { cookie } });
    expect(response.status).toBe(403);
    expect(text(await response.text())).toMatch(/not allowed|catalog\.location\.analyze/i);
    expect(github.requests.slice(before)).toEqual([]);
  });
});
