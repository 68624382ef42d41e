import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGithubApi, type FakeGithubApi } from "../../../tests/support/fake-github-api";
import { openGithubImportPullRequest } from "../catalog/import/github-pull-request.server";
import { createGithubAppTokens, githubAppJwt } from "./github-apps.server";
import { integrationByHost, scmIntegrations, type ScmIntegration } from "./scm-integrations";

// Installation tokens of a GitHub App against the fake GitHub, which checks
// the app's JWT with the app's public key and gives installation tokens that
// reach only the repositories of the account the app is installed on.

const pem = () => generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
const appKey = pem();
const otherKey = pem();

let github: FakeGithubApi;
const integrationWith = (apps: unknown[]): ScmIntegration =>
  integrationByHost(scmIntegrations({ github: [{ host: github.host, apiBaseUrl: github.apiBaseUrl, baseUrl: github.url, apps }] }), github.host)!;
const app = (overrides: Record<string, unknown> = {}) => ({ appId: 4242, clientId: "Iv1.app", clientSecret: "secret", privateKey: appKey.privateKey, ...overrides });

beforeAll(async () => {
  github = await startFakeGithubApi({ apps: [{ appId: "4242", publicKey: appKey.publicKey, installations: [{ id: 7, account: "keystone" }] }] });
  github.addRepo("keystone", "lease-ledger", { "README.md": "# lease ledger\n" });
  github.addRepo("elsewhere", "secret-plans", { "README.md": "# secret plans\n" });
});
afterAll(async () => {
  await github?.close();
});

describe("GitHub App installation tokens", { timeout: 30_000 }, () => {
  it("signs a JWT GitHub accepts for at most ten minutes, backdated a minute", () => {
    const [, payload] = githubAppJwt({ appId: "4242", privateKey: appKey.privateKey }, Date.UTC(2026, 10, 24, 12)).split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as { iat: number; exp: number; iss: string };
    expect(claims).toEqual({ iss: "4242", iat: Date.UTC(2026, 10, 24, 12) / 1000 - 60, exp: Date.UTC(2026, 10, 24, 12) / 1000 - 60 + 540 });
  });

  it("gets a token for the owner the app is installed on, keeps it, and opens a pull request with it", async () => {
    const tokens = createGithubAppTokens();
    const integration = integrationWith([app()]);
    const token = await tokens.tokenFor(integration, "keystone");
    expect(token).toMatch(/^ghs_/);
    const appCalls = () => github.requests.filter((request) => request.path.startsWith("/api/v3/app/")).length;
    const before = appCalls();
    expect(await tokens.tokenFor(integration, "Keystone")).toBe(token);
    expect(appCalls()).toBe(before);

    const result = await openGithubImportPullRequest(integration, {
      repositoryUrl: `${github.url}/keystone/lease-ledger`,
      fileName: "catalog-info.yaml",
      branchName: "backstage-integration",
      title: "Add catalog-info.yaml config file",
      body: "Adds the catalog file.",
      fileContent: "kind: Component\n",
      token: token!,
    });
    expect(result.link).toMatch(/\/keystone\/lease-ledger\/pull\/\d+$/);
    // The installation's token reaches no other account's repositories.
    const elsewhere = await fetch(`${github.apiBaseUrl}/repos/elsewhere/secret-plans`, { headers: { authorization: `token ${token}` } });
    expect(elsewhere.status).toBe(404);
  });

  it("has no token for an owner without an installation, or one the app may not act for", async () => {
    const tokens = createGithubAppTokens();
    expect(await tokens.tokenFor(integrationWith([app()]), "elsewhere")).toBeUndefined();
    expect(await tokens.tokenFor(integrationWith([app({ allowedInstallationOwners: ["elsewhere"] })]), "keystone")).toBeUndefined();
    expect(await tokens.tokenFor(integrationWith([]), "keystone")).toBeUndefined();
  });

  it("says why GitHub refused the app", async () => {
    const tokens = createGithubAppTokens();
    await expect(tokens.tokenFor(integrationWith([app({ privateKey: otherKey.privateKey })]), "keystone")).rejects.toThrow(
      "The GitHub App 4242 could not get a token for keystone: A JSON web token could not be decoded",
    );
  });
});
