import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../tests/support/browser-session";
import { eventually } from "../tests/support/fake-scm";
import { startFakeOidcIssuer, type FakeOidcIssuer } from "../tests/support/fake-oidc-issuer";
import { startServer, type RunningServer } from "../tests/support/server";

// Custom User sign-in through HTTP against a real issuer on loopback: a typed
// User ID alone is a guest with a name for display; only an ID token that
// verifies against a configured provider's published keys (issuer, audience,
// expiry) signs in the user it names, resolved through the catalog.

const CLIENT_ID = "atrium-test";
const RAVI = "ravi.menon@keystone-living.example";
let issuer: FakeOidcIssuer;
let server: RunningServer;

beforeAll(async () => {
  issuer = await startFakeOidcIssuer({ audience: CLIENT_ID });
  server = await startServer(`
auth:
  environment: test
  signInPage: [guest, custom, oidc]
  providers:
    oidc:
      test:
        metadataUrl: ${issuer.metadataUrl}
        clientId: ${CLIENT_ID}
        clientSecret: test-secret
        signIn:
          resolvers:
            - resolver: emailMatchingUserEntityProfileEmail
permission:
  enabled: true
  policy:
    roles:
      - name: everyone
        members: ['*']
        permissions:
          - permission: catalog.entity.read
      - name: administrators
        members: [group:default/engineering]
        permissions:
          - permission: '*'
`);
  const probe = new BrowserSession();
  await probe.postForm(`${server.url}/sign-in`, { intent: "guest" }, { origin: server.url });
  await eventually(async () => (await probe.request(`${server.url}/catalog/default/user/ravi.menon`)).status === 200, "the example catalog", 20_000);
  await eventually(async () => (await probe.request(`${server.url}/catalog/default/component/tenant-portal-web`)).status === 200, "the example components", 20_000);
}, 40_000);

afterAll(async () => {
  await server?.stop();
  await issuer?.close();
});

async function signInAsCustom(fields: Record<string, string>) {
  const browser = new BrowserSession();
  const response = await browser.postForm(`${server.url}/sign-in`, { intent: "custom", redirectTo: "/settings", ...fields }, { origin: server.url });
  return { browser, response };
}

function claimsOf(browser: BrowserSession) {
  const token = browser.cookie("atrium-session")?.value;
  return token ? JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) : undefined;
}

/** What the policy lets the session's holder do: create a location is for administrators only. */
async function mayCreateLocations(browser: BrowserSession): Promise<string> {
  const response = await browser.request(`${server.url}/api/permission/authorize`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${browser.cookie("atrium-session")!.value}` },
    body: JSON.stringify({ items: [{ id: "1", permission: { type: "basic", name: "catalog.location.create", attributes: { action: "create" } } }] }),
  });
  return (await response.json()).items[0].result;
}

describe("Custom User sign-in", () => {
  it("makes a typed User ID without an ID token a guest, the name shown for display only, and says so", async () => {
    const { browser, response } = await signInAsCustom({ userId: "ravi.menon" });
    expect(response.status).toBe(302);
    expect(claimsOf(browser)).toMatchObject({ sub: "user:default/guest", ent: ["user:default/guest"], prv: "custom", dsp: "ravi.menon", gst: expect.any(String) });
    const settings = await (await browser.request(`${server.url}/settings`)).text();
    expect(settings).toContain("Signed in as user:default/guest");
    expect(settings).toContain("without an ID token verified by a trusted identity provider, &#x27;ravi.menon&#x27; is shown for display only");
    expect(settings).toMatch(/data-testid="identity-card"[\s\S]*ravi\.menon[\s\S]*Guest: no verified identity/);
    // Ravi, a member of engineering, may create locations; whoever merely typed his name may not.
    expect(await mayCreateLocations(browser)).toBe("DENY");
  });

  it("makes an ID token that does not verify a guest too: forged, for another audience, expired, or from an issuer nobody configured", async () => {
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await issuer.idToken({ sub: "ravi", email: RAVI }, { forged: true }),
      await issuer.idToken({ sub: "ravi", email: RAVI, aud: "someone-else" }),
      await issuer.idToken({ sub: "ravi", email: RAVI, iat: now - 600, exp: now - 300 }),
      await issuer.idToken({ sub: "ravi", email: RAVI, iss: "https://idp.elsewhere.example" }),
    ];
    for (const idToken of tokens) {
      const { browser, response } = await signInAsCustom({ userId: "ravi.menon", idToken });
      expect(response.status).toBe(302);
      expect(claimsOf(browser)).toMatchObject({ sub: "user:default/guest", ent: ["user:default/guest"] });
      expect(await mayCreateLocations(browser)).toBe("DENY");
    }
  });

  it("signs in the user a verified ID token names, with the groups the catalog gives them", async () => {
    const idToken = await issuer.idToken({ sub: "ravi", email: RAVI, name: "Ravi Menon" });
    // The typed User ID does not matter once a token vouches for someone.
    const { browser, response } = await signInAsCustom({ userId: "whoever", idToken });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    expect(claimsOf(browser)).toMatchObject({ sub: "user:default/ravi.menon", ent: ["user:default/ravi.menon", "group:default/engineering"], prv: "custom" });
    expect(claimsOf(browser)).not.toHaveProperty("gst");
    expect(await (await browser.request(`${server.url}/settings`)).text()).toContain("Signed in as user:default/ravi.menon");
    expect(await mayCreateLocations(browser)).toBe("ALLOW");
  });

  it("refuses with 400 a verified token naming nobody in the catalog, and a token that is no OpenID Connect JWT, keeping the values", async () => {
    const nobody = await signInAsCustom({ userId: "ghost", idToken: await issuer.idToken({ sub: "ghost", email: "ghost@nowhere.example" }) });
    expect(nobody.response.status).toBe(400);
    const page = await nobody.response.text();
    expect(page).toContain("Login failed");
    expect(page).toContain("could not resolve user &#x27;ghost@nowhere.example&#x27;");
    expect(nobody.browser.cookie("atrium-session")).toBeUndefined();

    const malformed = await signInAsCustom({ userId: "ravi.menon", idToken: "not-a-jwt" });
    expect(malformed.response.status).toBe(400);
    const html = await malformed.response.text();
    expect(html).toMatch(/<div id="[^"]*idToken[^"]*"[^>]*><p>Token is not a valid OpenID Connect JWT Token<\/p><\/div>/);
    expect(html).toMatch(/<input[^>]*name="userId"[^>]*value="ravi.menon"/);
    expect(malformed.browser.cookie("atrium-session")).toBeUndefined();

    const badName = await signInAsCustom({ userId: "not a name!" });
    expect(badName.response.status).toBe(400);
    expect(await badName.response.text()).toContain("A User ID is a name of 1 to 63 letters");
  });

  it("starts a user who signs in after a guest visit from their own stars, and keeps the guest's on one click", async () => {
    const browser = new BrowserSession();
    await browser.postForm(`${server.url}/sign-in`, { intent: "guest" }, { origin: server.url });
    const starred = await browser.postForm(`${server.url}/catalog/star`, { entityRef: "component:default/tenant-portal-web", returnTo: "/" }, { origin: server.url });
    expect(starred.status).toBe(303);
    await browser.postForm(`${server.url}/sign-out`, {}, { origin: server.url });
    await browser.postForm(
      `${server.url}/sign-in`,
      { intent: "custom", userId: "sofia", idToken: await issuer.idToken({ sub: "sofia", email: "sofia.lindqvist@keystone-living.example" }) },
      { origin: server.url },
    );
    expect(claimsOf(browser)).toMatchObject({ sub: "user:default/sofia.lindqvist" });
    const starredRefs = async () =>
      [...(await (await browser.request(`${server.url}/catalog?filters[user]=starred&filters[kind]=component`)).text()).matchAll(/<tr data-entity-ref="([^"]+)"/g)].map((match) => match[1]);
    expect(await starredRefs()).toEqual([]);
    const settings = await (await browser.request(`${server.url}/settings`)).text();
    expect(settings).toContain("You starred 1 entity on this browser as a guest.");
    const kept = await browser.postForm(`${server.url}/settings/guest-stars/keep`, { intent: "keep-guest-stars" }, { origin: server.url });
    expect(kept.status).toBe(302);
    expect(await starredRefs()).toEqual(["component:default/tenant-portal-web"]);
    expect(await (await browser.request(`${server.url}/settings`)).text()).not.toContain("as a guest.");
  });
});
