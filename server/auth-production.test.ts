import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, devIdpLoginForm, freePort, webMessageOf } from "../tests/support/browser-session";
import { API_AUTHORIZATION, repoRoot, startServer, type RunningServer } from "../tests/support/server";

// A production auth environment: the corporate provider is the standalone
// `npm run dev:idp` (a separate process on 127.0.0.1, as a real identity
// provider would be), the embedded one is not mounted, and login attempts
// are limited per client address.

let idp: ChildProcess;
let issuer: string;
let server: RunningServer;
let base: string;

const USERS = `
apiVersion: backstage.io/v1alpha1
kind: User
metadata: { name: amara.okafor }
spec: { profile: { displayName: Amara Okafor, email: amara.okafor@keystone-living.example } }
---
apiVersion: backstage.io/v1alpha1
kind: User
metadata: { name: zed.unknown }
spec: { profile: { displayName: Zed Unknown, email: zed@nowhere.example } }
`;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const usersFile = path.join(mkdtempSync(path.join(tmpdir(), "atrium-idp-")), "users.yaml");
  writeFileSync(usersFile, USERS);
  idp = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/dev-idp.ts", "--port", "0", "--redirect-uri", `${base}/api/auth/oidc/handler/frame`, "--users", usersFile], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  process.once("exit", () => idp.kill("SIGKILL"));
  issuer = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`dev:idp did not start:\n${output}`)), 15_000);
    idp.stdout!.on("data", (chunk) => {
      output += chunk;
      const match = /"issuer":"([^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    idp.stderr!.on("data", (chunk) => (output += chunk));
  });
  server = await startServer(`
app:
  baseUrl: ${base}
backend:
  baseUrl: ${base}
  trustProxy: true
  listen:
    port: ${port}
    host: 127.0.0.1
auth:
  environment: production
  signInPage: [oidc]
  loginRateLimit:
    max: 3
    windowSeconds: 60
  providers:
    oidc:
      production:
        metadataUrl: ${issuer}/.well-known/openid-configuration
        clientId: atrium-development
        clientSecret: development-only-not-a-secret
`);
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await fetch(`${base}/api/catalog/entities/by-name/user/default/amara.okafor`, { headers: API_AUTHORIZATION })).ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await server?.stop();
  idp?.kill("SIGTERM");
});

/** Each test is its own client address (the proxy's X-Forwarded-For), so their login attempts are counted apart. */
const from = (address: string) => ({ "x-forwarded-for": address });

describe("a production auth environment", () => {
  it("never mounts the development identity provider", async () => {
    const response = await fetch(`${base}/api/auth/dev-idp/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
  });

  it("says which user could not be resolved, and why, when the provider's user is not in the catalog", async () => {
    const browser = new BrowserSession();
    const headers = from("198.51.100.1");
    const start = await browser.request(`${base}/api/auth/oidc/start?env=production&flow=popup&origin=${encodeURIComponent(base)}`, { headers });
    const authorize = start.headers.get("location")!;
    expect(authorize.startsWith(`${issuer}/auth?`)).toBe(true);
    const atLogin = await browser.follow(authorize);
    const submitted = await browser.postForm(new URL(devIdpLoginForm(await atLogin.response.text()), issuer).href, { typed: "zed@nowhere.example" });
    const callback = await browser.follow(new URL(submitted.headers.get("location")!, issuer).href, (url) => url.pathname === "/api/auth/oidc/handler/frame");
    const answer = await browser.request(callback.url, { headers });
    expect(webMessageOf(await answer.text()).error).toEqual({
      name: "AuthenticationError",
      message:
        "Failed to sign in: could not resolve user 'zed@nowhere.example' from oidc to a User entity of the catalog (emailMatchingUserEntityProfileEmail: no User entity in the catalog has spec.profile.email 'zed@nowhere.example')",
    });
    expect(browser.cookie("atrium-session")).toBeUndefined();
  });

  it("signs in a user the catalog knows through the standalone provider", async () => {
    const browser = new BrowserSession();
    const headers = from("198.51.100.2");
    const start = await browser.request(`${base}/api/auth/oidc/start?env=production&flow=redirect&redirectUrl=${encodeURIComponent(`${base}/`)}`, { headers });
    const atLogin = await browser.follow(start.headers.get("location")!);
    const submitted = await browser.postForm(new URL(devIdpLoginForm(await atLogin.response.text()), issuer).href, { account: "user:default/amara.okafor" });
    const callback = await browser.follow(new URL(submitted.headers.get("location")!, issuer).href, (url) => url.pathname === "/api/auth/oidc/handler/frame");
    const answer = await browser.request(callback.url, { headers });
    expect(answer.headers.get("location")).toBe(`${base}/`);
    expect(await (await browser.request(`${base}/`)).text()).toContain("Signed in as user:default/amara.okafor");
  });

  it("limits login attempts per client address with 429, Retry-After and Backstage's error body", async () => {
    const headers = from("203.0.113.9");
    const attempt = () => fetch(`${base}/api/auth/oidc/start?env=production`, { headers, redirect: "manual" });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(302);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: { name: "TooManyRequestsError", message: expect.stringMatching(/^Too many login attempts from your address, try again in \d+ seconds$/) },
      request: { method: "GET", url: "/api/auth/oidc/start" },
      response: { statusCode: 429 },
    });
    // Sign-in form posts and refreshes count too; another address is not affected.
    const post = await fetch(`${base}/sign-in`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=provider&provider=oidc",
      redirect: "manual",
    });
    expect(post.status).toBe(429);
    expect((await fetch(`${base}/api/auth/oidc/refresh`, { headers: { ...headers, "x-requested-with": "XMLHttpRequest" } })).status).toBe(429);
    // A browser without JavaScript gets a page saying why.
    const page = await fetch(`${base}/sign-in`, {
      method: "POST",
      headers: { ...headers, accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=guest",
      redirect: "manual",
    });
    expect(page.status).toBe(429);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<p role="alert">Too many login attempts from your address, try again in \d+ seconds<\/p>/);
    expect((await fetch(`${base}/api/auth/oidc/start?env=production`, { headers: from("203.0.113.10"), redirect: "manual" })).status).toBe(302);
  });
});
