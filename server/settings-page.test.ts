import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOidcIssuer } from "../tests/support/fake-oidc-issuer";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, useServer } from "../tests/support/server";

// /settings with JavaScript off: plain form posts, settings kept per user on the server.
// Users of the example catalog sign in as Custom Users with ID tokens a
// trusted issuer signed (docs/decisions/019); a typed User ID alone is a guest.
const issuer = await startFakeOidcIssuer({ audience: "atrium-test" });
afterAll(() => issuer.close());
const app = useServer(`
auth:
  environment: test
  signInPage: [guest, custom]
  providers:
    oidc:
      test:
        metadataUrl: ${issuer.metadataUrl}
        clientId: atrium-test
        clientSecret: test-secret
app:
  featureFlags:
    - name: new-catalog-graph
      pluginId: catalog-graph
      description: The graph with the new layout
    - name: beta-docs
`);

const post = (path: string, body: Record<string, string>, cookie?: string) =>
  app.get(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(body).toString(),
  });
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
const sessionOf = (response: Response) => cookiesOf(response).find((cookie) => cookie.startsWith("atrium-session="))!;

const CATALOG_USERS = ["dana.whitfield", "ravi.menon", "sofia.lindqvist"];
const idTokenFor = async (userId: string): Promise<Record<string, string>> =>
  CATALOG_USERS.includes(userId) ? { idToken: await issuer.idToken({ sub: userId, email: `${userId}@keystone-living.example` }) } : {};

/** A browser's cookie jar, as far as these tests need one. */
function browser() {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of cookiesOf(response)) {
      const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    get: async (path: string) => keep(await app.get(path, { headers: { cookie: header() } })),
    post: async (path: string, body: Record<string, string>) => keep(await post(path, body, header())),
    /** A user of the example catalog, through a verified ID token; anyone else enters as a guest of this browser. */
    signIn: async (userId: string) => keep(await post("/sign-in", { intent: "custom", userId, ...(await idTokenFor(userId)) }, header())),
    signOut: async () => keep(await post("/sign-out", {}, header())),
  };
}

// A Custom User signs in only once the catalog knows the user: wait for the example catalog's people.
beforeAll(async () => {
  await eventually(async () => (await app.get("/api/catalog/entities/by-name/user/default/dana.whitfield", { headers: API_AUTHORIZATION })).ok, "the example catalog's users", 90_000);
}, 120_000);

describe("settings page", () => {
  it("shows the identity card from the user's catalog entity", async () => {
    const html = await (
      await app.get("/settings", { headers: { cookie: sessionOf(await post("/sign-in", { intent: "custom", userId: "dana.whitfield", ...(await idTokenFor("dana.whitfield")) })) } })
    ).text();
    expect(html).toContain("Dana Whitfield");
    expect(html).toContain("dana.whitfield@keystone-living.example");
    expect(html).toContain("user:default/dana.whitfield");
    expect(html).toMatch(/href="\/settings\/feature-flags"[^>]*>Feature Flags</);
  });

  it("keeps a user's settings across sign-out and sign-in, in another browser too", async () => {
    const laptop = browser();
    await laptop.signIn("ravi.menon");
    const saved = await laptop.post("/settings", { intent: "appearance", theme: "dark", language: "en" });
    expect(saved.status).toBe(302);
    expect(await (await laptop.get("/settings")).text()).toContain('data-theme="dark"');
    await laptop.signOut();
    expect((await laptop.get("/settings")).status).toBe(302);

    // A browser that has never seen the user's choices gets them with the first page after sign-in.
    const desktop = browser();
    await desktop.signIn("ravi.menon");
    const page = await (await desktop.get("/settings")).text();
    expect(page).toContain('data-theme="dark"');
    expect(page).toContain('data-pinned="false"');

    // Another user signing in on either browser does not get them.
    await desktop.signOut();
    await desktop.signIn("sofia.lindqvist");
    expect(await (await desktop.get("/settings")).text()).toContain('data-theme="auto"');
  });

  it("lists registered feature flags and switches them per user with form posts", async () => {
    const ada = browser();
    await ada.signIn("ada");
    const list = await (await ada.get("/settings/feature-flags")).text();
    expect(list).toContain("new-catalog-graph");
    expect(list).toContain("Registered in catalog-graph plugin");
    expect(list).toContain("The graph with the new layout");
    expect(list).toMatch(/role="switch" aria-checked="false" aria-label="new-catalog-graph"/);

    const toggled = await ada.post("/settings/feature-flags", { intent: "toggle", name: "new-catalog-graph", active: "on" });
    expect(toggled.status).toBe(302);
    expect(toggled.headers.get("location")).toBe("/settings/feature-flags");
    expect(await (await ada.get("/settings/feature-flags")).text()).toMatch(/role="switch" aria-checked="true" aria-label="new-catalog-graph"/);

    const bob = browser();
    await bob.signIn("bob");
    expect(await (await bob.get("/settings/feature-flags")).text()).toMatch(/role="switch" aria-checked="false" aria-label="new-catalog-graph"/);

    const unknown = await ada.post("/settings/feature-flags", { intent: "toggle", name: "made-up", active: "on" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("No feature flag of that name is registered");
  });

  it("refuses a cross-site settings post", async () => {
    const session = sessionOf(await post("/sign-in", { intent: "custom", userId: "ada" }));
    const response = await app.get("/settings", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", cookie: session },
      body: "intent=appearance&theme=dark&language=en",
    });
    expect(response.status).toBe(403);
  });
});
