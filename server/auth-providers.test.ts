import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, devIdpLoginForm, freePort, webMessageOf } from "../tests/support/browser-session";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// Backstage's auth endpoints against the development identity provider
// mounted in the portal (the embedded default's oidc provider), for real:
// every hop through oidc-provider happens over HTTP on 127.0.0.1.

let server: RunningServer;
let base: string;
const AMARA = "user:default/amara.okafor";

beforeAll(async () => {
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
  signInPage: [guest, oidc]
  # Every test here signs in from 127.0.0.1; the limit itself is tested in auth-production.test.ts.
  loginRateLimit:
    max: 1000
    windowSeconds: 60
`);
  // The dev provider's users are the catalog's: wait until the example organisation is in.
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${base}/api/catalog/entities/by-name/user/default/amara.okafor`, { headers: API_AUTHORIZATION });
    if (response.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await server?.stop();
});

const startUrl = (query: Record<string, string> = {}) => `${base}/api/auth/oidc/start?${new URLSearchParams({ env: "development", ...query })}`;
const isCallback = (url: URL) => url.pathname === "/api/auth/oidc/handler/frame";

/** From /start through the dev provider's login page as `account`: answers the callback URL the provider sent the browser to. */
async function throughProvider(browser: BrowserSession, query: Record<string, string>, account = AMARA): Promise<string> {
  const atLogin = await browser.follow(startUrl(query), isCallback);
  const loginPage = await atLogin.response.text();
  expect(loginPage).toContain("there are no passwords here");
  const submitted = await browser.postForm(new URL(devIdpLoginForm(loginPage), base).href, { account });
  expect(submitted.status).toBe(303);
  const callback = await browser.follow(new URL(submitted.headers.get("location")!, base).href, isCallback);
  expect(new URL(callback.url).searchParams.get("code")).toBeTruthy();
  return callback.url;
}

describe("GET /api/auth/oidc/start", () => {
  it("redirects to the provider with PKCE, state and the default scopes, binding the flow to this browser", async () => {
    const browser = new BrowserSession();
    const start = await browser.request(startUrl({ flow: "popup", origin: base }));
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/api/auth/dev-idp/auth`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("scope")).toBe("email openid profile");
    const state = new URLSearchParams(Buffer.from(authorize.searchParams.get("state")!, "hex").toString());
    expect(state.get("env")).toBe("development");
    expect(state.get("nonce")).toBe(browser.cookie("oidc-nonce")?.value);
    expect(browser.cookie("oidc-nonce")?.path).toBe("/api/auth/oidc/handler");
    expect(start.headers.getSetCookie().join("\n")).toMatch(/oidc-code-verifier=[\w-]+; Path=\/api\/auth\/oidc\/handler; Max-Age=600; HttpOnly; SameSite=Lax/);
  });

  it.each([
    ["another site's redirectUrl", { flow: "redirect", redirectUrl: "https://evil.example/steal" }, 403, "NotAllowedError"],
    ["a protocol-relative redirectUrl", { flow: "redirect", redirectUrl: "//evil.example/steal" }, 403, "NotAllowedError"],
    ["a javascript: redirectUrl", { flow: "redirect", redirectUrl: "javascript:alert(1)" }, 403, "NotAllowedError"],
    ["another site's origin", { flow: "popup", origin: "https://evil.example" }, 403, "NotAllowedError"],
    ["a redirect flow without redirectUrl", { flow: "redirect" }, 400, "InputError"],
    ["an unknown flow", { flow: "iframe" }, 400, "InputError"],
  ])("refuses %s", async (_label, query, status, name) => {
    const response = await fetch(startUrl(query), { redirect: "manual" });
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body).toMatchObject({ error: { name }, request: { method: "GET", url: "/api/auth/oidc/start" }, response: { statusCode: status } });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("says what is missing or unknown in Backstage's words", async () => {
    const noEnv = await fetch(`${base}/api/auth/oidc/start`, { redirect: "manual" });
    expect(noEnv.status).toBe(400);
    expect((await noEnv.json()).error.message).toBe("No env provided in request query parameters");
    const otherEnv = await fetch(startUrl({ env: "production" }), { redirect: "manual" });
    expect(otherEnv.status).toBe(404);
    expect((await otherEnv.json()).error.message).toBe("No configuration available for the 'production' environment of this provider.");
    const unknown = await fetch(`${base}/api/auth/myspace/start?env=development`, { redirect: "manual" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe("Unknown auth provider 'myspace'");
  });
});

describe("the provider callback /api/auth/oidc/handler/frame", () => {
  it("signs a visitor in with the redirect flow and comes back to the page", async () => {
    const browser = new BrowserSession();
    const callback = await throughProvider(browser, { flow: "redirect", redirectUrl: `${base}/settings`, origin: base });
    const answer = await browser.request(callback);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`${base}/settings`);
    expect(browser.cookie("atrium-session")).toBeDefined();
    expect(browser.cookie("oidc-refresh-token")?.path).toBe("/api/auth/oidc");
    expect(browser.cookie("oidc-nonce")).toBeUndefined();
    const page = await (await browser.request(`${base}/settings`)).text();
    expect(page).toContain(`Signed in as ${AMARA}`);
  });

  it("answers the popup with Backstage's authorization_response, for the app's origin only", async () => {
    const browser = new BrowserSession();
    const answer = await browser.request(await throughProvider(browser, { flow: "popup", origin: base }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toMatch(/^script-src 'sha256-[\w+/=]+'$/);
    expect(answer.headers.get("x-frame-options")).toBe("sameorigin");
    const html = await answer.text();
    expect(html).toContain(`postMessage(JSON.parse(authResponse), origin)`);
    expect(html).toContain(`decodeURIComponent('${encodeURIComponent(base)}')`);
    const message = webMessageOf(html);
    expect(message.type).toBe("authorization_response");
    if (!message.response) throw new Error(`the popup answered an error: ${JSON.stringify(message.error)}`);
    expect(message.response.profile).toEqual({ email: "amara.okafor@keystone-living.example", displayName: "Amara Okafor" });
    expect(message.response.providerInfo).toMatchObject({ scopes: ["email", "openid", "profile"], expiresInSeconds: expect.any(Number), expiresAt: expect.any(String) });
    expect(message.response.backstageIdentity.identity).toEqual({ type: "user", userEntityRef: AMARA, ownershipEntityRefs: expect.arrayContaining([AMARA, "group:default/platform-team"]) });
    // The identity token is a user token of this portal.
    const api = await fetch(`${base}/api/catalog/entities/by-query?limit=1`, { headers: { authorization: `Bearer ${message.response.backstageIdentity.token}` } });
    expect(api.status).toBe(200);
  });

  it("refuses a callback whose state was tampered with, or that another browser started", async () => {
    const browser = new BrowserSession();
    const callback = new URL(await throughProvider(browser, { flow: "popup", origin: base }));
    const state = new URLSearchParams(Buffer.from(callback.searchParams.get("state")!, "hex").toString());
    state.set("nonce", "forged-nonce-0123456789");
    const tampered = new URL(callback);
    tampered.searchParams.set("state", Buffer.from(state.toString()).toString("hex"));
    const answer = await browser.request(tampered.href);
    expect(webMessageOf(await answer.text())).toEqual({ type: "authorization_response", error: { name: "NotAllowedError", message: "Invalid nonce" } });
    expect(browser.cookie("atrium-session")).toBeUndefined();

    const otherBrowser = new BrowserSession();
    const stolen = await otherBrowser.request(callback.href);
    expect(webMessageOf(await stolen.text()).error).toEqual({ name: "NotAllowedError", message: "Auth response is missing cookie nonce" });
    expect(otherBrowser.cookie("atrium-session")).toBeUndefined();
  });

  it("says 'Login failed, rejected by user' when the user cancels at the provider, in the popup or back on the page", async () => {
    const cancel = async (browser: BrowserSession, query: Record<string, string>) => {
      const atLogin = await browser.follow(startUrl(query), isCallback);
      const abortAction = /<form method="post" action="([^"]+\/abort)">/.exec(await atLogin.response.text())![1];
      const aborted = await browser.postForm(new URL(abortAction, base).href, {});
      const callback = await browser.follow(new URL(aborted.headers.get("location")!, base).href, isCallback);
      expect(new URL(callback.url).searchParams.get("error")).toBe("access_denied");
      return browser.request(callback.url);
    };
    const popup = new BrowserSession();
    expect(webMessageOf(await (await cancel(popup, { flow: "popup", origin: base })).text()).error).toEqual({ name: "AuthenticationError", message: "Login failed, rejected by user" });

    const redirected = new BrowserSession();
    const back = await cancel(redirected, { flow: "redirect", redirectUrl: `${base}/settings`, origin: base });
    expect(back.headers.get("location")).toBe(`${base}/settings`);
    expect(redirected.cookie("atrium-session")).toBeUndefined();
    const signInPage = await redirected.follow(`${base}/settings`);
    expect(signInPage.url).toBe(`${base}/sign-in?redirectTo=%2Fsettings`);
    expect(await signInPage.response.text()).toContain("Login failed, rejected by user");
  });

  it("keeps the provider's token in the session's secrets when a signed-in user logs in to it", async () => {
    const browser = new BrowserSession();
    await browser.postForm(`${base}/sign-in`, { intent: "guest" });
    expect(browser.cookie("atrium-session")).toBeDefined();
    const before = await (await browser.request(`${base}/settings/auth-providers`)).text();
    expect(before).toContain("Not signed in");
    const answer = await browser.request(await throughProvider(browser, { flow: "redirect", redirectUrl: `${base}/settings/auth-providers`, origin: base }));
    expect(answer.headers.get("location")).toBe(`${base}/settings/auth-providers`);
    expect(browser.cookie("atrium-secrets")?.path).toBe("/");
    const after = await (await browser.request(`${base}/settings/auth-providers`)).text();
    expect(after).toContain(`Signed in as user:default/guest`);
    expect(after).toMatch(/data-testid="auth-provider-oidc".*?Signed in</s);
    // The token itself never reaches a page.
    expect(after).not.toMatch(/eyJ[\w-]+\.eyJ/);
    const signedOut = await browser.postForm(`${base}/settings/auth-providers`, { intent: "signOut", provider: "oidc" });
    expect(signedOut.status).toBe(302);
    expect(browser.cookie("oidc-refresh-token")).toBeUndefined();
    expect(await (await browser.request(`${base}/settings/auth-providers`)).text()).toContain("Not signed in");
  });

  it("ends the provider sessions when the user signs out of the portal", async () => {
    const browser = new BrowserSession();
    await browser.postForm(`${base}/sign-in`, { intent: "guest" });
    await browser.request(await throughProvider(browser, { flow: "redirect", redirectUrl: `${base}/`, origin: base }));
    expect(browser.cookie("atrium-secrets")).toBeDefined();
    const secrets = browser.cookie("atrium-secrets")!.value;
    await browser.postForm(`${base}/sign-out`, {});
    expect(browser.cookie("atrium-session")).toBeUndefined();
    expect(browser.cookie("atrium-secrets")).toBeUndefined();
    expect(browser.cookie("oidc-refresh-token")).toBeUndefined();
    // The old secrets key is worthless even to a browser that kept it.
    await browser.postForm(`${base}/sign-in`, { intent: "guest" });
    const cookie = `${browser.cookieHeader(`${base}/settings/auth-providers`)}; atrium-secrets=${secrets}`;
    const page = await (await fetch(`${base}/settings/auth-providers`, { headers: { cookie } })).text();
    expect(page).toContain("Not signed in");
  });
});

describe("GET /api/auth/oidc/refresh and POST /api/auth/oidc/logout", () => {
  it("refreshes the provider session from the refresh-token cookie, with the identity", async () => {
    const browser = new BrowserSession();
    await browser.request(await throughProvider(browser, { flow: "popup", origin: base }));
    const withoutHeader = await browser.request(`${base}/api/auth/oidc/refresh?env=development`);
    expect(withoutHeader.status).toBe(401);
    expect((await withoutHeader.json()).error.message).toBe("Invalid X-Requested-With header");

    const refreshed = await browser.request(`${base}/api/auth/oidc/refresh?env=development`, { headers: { "x-requested-with": "XMLHttpRequest" } });
    expect(refreshed.status).toBe(200);
    const body = await refreshed.json();
    expect(body.providerInfo).toMatchObject({ accessToken: expect.any(String), idToken: expect.any(String), scopes: ["email", "openid", "profile"] });
    expect(Date.parse(body.providerInfo.expiresAt) - Date.now()).toBeCloseTo(body.providerInfo.expiresInSeconds * 1000, -4);
    expect(body.profile.email).toBe("amara.okafor@keystone-living.example");
    expect(body.backstageIdentity).toMatchObject({ token: expect.any(String), expiresAt: expect.any(String), identity: { userEntityRef: AMARA } });

    const loggedOut = await browser.request(`${base}/api/auth/oidc/logout`, { method: "POST", headers: { "x-requested-with": "XMLHttpRequest" } });
    expect(loggedOut.status).toBe(200);
    expect(browser.cookie("oidc-refresh-token")).toBeUndefined();
    const afterLogout = await browser.request(`${base}/api/auth/oidc/refresh`, { headers: { "x-requested-with": "XMLHttpRequest" } });
    expect(afterLogout.status).toBe(401);
    expect((await afterLogout.json()).error.message).toBe("Refresh failed; caused by InputError: Missing session cookie");
  });

  it("refuses logouts that a cross-site form could send", async () => {
    const noHeader = await fetch(`${base}/api/auth/oidc/logout`, { method: "POST" });
    expect(noHeader.status).toBe(401);
    expect((await noHeader.json()).error.message).toBe("Invalid X-Requested-With header");
    const crossSite = await fetch(`${base}/api/auth/oidc/logout`, { method: "POST", headers: { origin: "https://evil.example", "x-requested-with": "XMLHttpRequest" } });
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${base}/api/auth/oidc/logout`)).status).toBe(405);
  });

  it("refuses a forged refresh token", async () => {
    const response = await fetch(`${base}/api/auth/oidc/refresh`, { headers: { "x-requested-with": "XMLHttpRequest", cookie: "oidc-refresh-token=forged" } });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toMatch(/^Refresh failed; caused by /);
  });
});

describe("the sign-in page and the login-request dialog", () => {
  it("offers the corporate identity provider and, without JavaScript, sends the visitor through it", async () => {
    const browser = new BrowserSession();
    const page = await (await browser.request(`${base}/sign-in?redirectTo=%2Fsettings`)).text();
    expect(page).toContain("Sign in with the corporate identity provider");
    const posted = await browser.postForm(`${base}/sign-in`, { intent: "provider", provider: "oidc", redirectTo: "/settings" });
    expect(posted.status).toBe(302);
    const start = new URL(posted.headers.get("location")!);
    expect(start.pathname).toBe("/api/auth/oidc/start");
    expect(Object.fromEntries(start.searchParams)).toEqual({ env: "development", flow: "redirect", origin: base, redirectUrl: `${base}/settings` });
    const offsite = await browser.postForm(`${base}/sign-in`, { intent: "provider", provider: "oidc", redirectTo: "//evil.example/" });
    expect(new URL(offsite.headers.get("location")!).searchParams.get("redirectUrl")).toBe(`${base}/`);
    const notOffered = await browser.postForm(`${base}/sign-in`, { intent: "provider", provider: "github" });
    expect(notOffered.status).toBe(400);
  });

  it("lists a pending login request with a login button and 'Reject All', and works as forms", async () => {
    const browser = new BrowserSession();
    await browser.postForm(`${base}/sign-in`, { intent: "guest" });
    const page = await (await browser.request(`${base}/settings/auth-providers?login=oidc`)).text();
    expect(page).toContain('role="dialog"');
    expect(page).toContain("Login Required");
    expect(page).toContain("Log in");
    expect(page).toContain("Reject All");
    const login = await browser.postForm(`${base}/auth/login-request`, { intent: "login", provider: "oidc", scope: "", returnTo: "/settings/auth-providers?login=oidc" });
    const start = new URL(login.headers.get("location")!);
    expect(start.searchParams.get("redirectUrl")).toBe(`${base}/settings/auth-providers`);
    const offsite = await browser.postForm(`${base}/auth/login-request`, { intent: "login", provider: "oidc", returnTo: "//evil.example/" });
    expect(new URL(offsite.headers.get("location")!).searchParams.get("redirectUrl")).toBe(`${base}/`);
    const crossSite = await browser.postForm(`${base}/auth/login-request`, { intent: "login", provider: "oidc", returnTo: "/" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const reject = await browser.postForm(`${base}/auth/login-request`, { intent: "reject", returnTo: "/settings/auth-providers?login=oidc" });
    expect(reject.headers.get("location")).toBe("/settings/auth-providers");
    expect(await (await browser.request(`${base}/settings/auth-providers`)).text()).toContain("Login failed, rejected by user");
  });
});
