import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, freePort, webMessageOf } from "../tests/support/browser-session";
import { startFakeGitHubOAuth, type FakeGitHubOAuth } from "../tests/support/fake-github-oauth";
import { startServer, type RunningServer } from "../tests/support/server";

// A source-control provider (GitHub's OAuth 2.0 web flow, no OpenID
// Connect) against a faithful fake on loopback: a signed-in user asks for a
// token with repo scope through the login-request flow, and the portal keeps
// it in the session's secrets for the host.

let github: FakeGitHubOAuth;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  github = await startFakeGitHubOAuth({ clientId: "gh-client", clientSecret: "gh-secret", user: { login: "ada", id: 4242, name: "Ada Lovelace", email: "ada@example.com" } });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(`
app:
  baseUrl: ${base}
backend:
  baseUrl: ${base}
  listen:
    port: ${port}
    host: 127.0.0.1
auth:
  signInPage: [guest, github]
  providers:
    github:
      development:
        clientId: gh-client
        clientSecret: gh-secret
        enterpriseInstanceUrl: ${github.url}
    microsoft:
      development:
        clientId: ms-client
        clientSecret: ms-secret
        tenantId: keystone
`);
});
afterAll(async () => {
  await server?.stop();
  await github?.close();
});

describe("Microsoft", () => {
  it("refuses a token request with scopes from several Azure resources", async () => {
    const response = await fetch(`${base}/api/auth/microsoft/start?env=development&scope=${encodeURIComponent("api://lease-api/read")}`, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      name: "InputError",
      message: "Requested access token with scopes from multiple Azure resources: 00000003-0000-0000-c000-000000000000, lease-api. Access tokens can only have a single audience.",
    });
  });
});

describe("a source-control provider", () => {
  it("obtains a repo-scoped token for a signed-in user and keeps it on the server for the host", async () => {
    const browser = new BrowserSession();
    await browser.postForm(`${base}/sign-in`, { intent: "guest" });
    const dialog = await (await browser.request(`${base}/settings/auth-providers?login=github:repo`)).text();
    expect(dialog).toContain("Access: read:user, repo");
    const login = await browser.postForm(`${base}/auth/login-request`, { intent: "login", provider: "github", scope: "repo", returnTo: "/settings/auth-providers?login=github:repo" });
    const start = new URL(login.headers.get("location")!);
    expect(start.searchParams.get("scope")).toBe("repo");
    const authorize = await browser.request(start.href);
    const authorizeUrl = new URL(authorize.headers.get("location")!);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(authorizeUrl.searchParams.get("scope")).toBe("read:user repo");
    const callback = (await browser.request(authorizeUrl.href)).headers.get("location")!;
    const back = await browser.request(callback);
    expect(back.headers.get("location")).toBe(`${base}/settings/auth-providers`);
    const page = await (await browser.request(`${base}/settings/auth-providers?login=github:repo`)).text();
    // Satisfied: no dialog any more, the provider shows as signed in, and the token is nowhere in the page.
    expect(page).not.toContain('role="dialog"');
    expect(page).toMatch(/data-testid="auth-provider-github".*?Signed in</s);
    expect(page).not.toContain("gho_");
    expect(page).toContain("Signed in as user:default/guest");
  });

  it("signs a visitor in by the GitHub login when GitHub is a sign-in option, and names a login the catalog lacks", async () => {
    const browser = new BrowserSession();
    const start = await browser.request(`${base}/api/auth/github/start?env=development&flow=popup&origin=${encodeURIComponent(base)}`);
    const callback = (await browser.request(start.headers.get("location")!)).headers.get("location")!;
    const html = await (await browser.request(callback)).text();
    expect(webMessageOf(html).error).toEqual({
      name: "AuthenticationError",
      message:
        "Failed to sign in: could not resolve user 'ada' from github to a User entity of the catalog (usernameMatchingUserEntityName: no User entity in the catalog is named 'ada' (the github username))",
    });
    expect(browser.cookie("atrium-session")).toBeUndefined();
  });
});
