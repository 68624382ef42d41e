import { describe, expect, it, afterAll } from "vitest";
import { useServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer([]);
afterAll(() => users.close());

// Backstage's user-settings API and the app-cookie endpoint, against the built server.
const CI_TOKEN = "ci-token-for-user-settings-tests";
const app = useServer(
  `
auth:
  signInPage: [guest, custom]
backend:
  auth:
    externalAccess:
      - type: static
        options: { token: ${CI_TOKEN}, subject: ci-pipeline }
`,
  [users.config],
);
const form = (body: Record<string, string>, cookie?: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url, ...(cookie ? { cookie } : {}) },
  body: new URLSearchParams(body).toString(),
});
const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("atrium-session="))
    ?.split(";")[0];

async function signIn(userId: string): Promise<{ cookie: string; bearer: Record<string, string> }> {
  const cookie = sessionOf(await app.get("/sign-in", form({ intent: "custom", userId, idToken: await users.idTokenFor(userId) })))!;
  return { cookie, bearer: { authorization: `Bearer ${cookie.slice("atrium-session=".length)}` } };
}

const json = (headers: Record<string, string>, body: unknown, method = "PUT") => ({ method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });

describe("/api/user-settings", () => {
  it("refuses a request without credentials with 401 and Backstage's error body", async () => {
    const response = await app.get("/api/user-settings/buckets/user-settings/keys/theme");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { name: "AuthenticationError", message: "Missing credentials" },
      request: { method: "GET", url: "/api/user-settings/buckets/user-settings/keys/theme" },
      response: { statusCode: 401 },
    });
  });

  it("refuses a static token with 403: settings belong to users, not services", async () => {
    const response = await app.get("/api/user-settings/buckets/user-settings/keys/theme", { headers: { authorization: `Bearer ${CI_TOKEN}` } });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toEqual({ name: "NotAllowedError", message: "This endpoint does not allow 'service' credentials" });
    expect((await app.get("/.backstage/auth/v1/cookie", { headers: { authorization: `Bearer ${CI_TOKEN}` } })).status).toBe(403);
  });

  it("stores, reads and deletes a value per user, bucket and key", async () => {
    const ada = await signIn("ada");
    const bob = await signIn("bob");
    const url = "/api/user-settings/buckets/starredEntities/keys/entityRefs";
    const missing = await app.get(url, { headers: ada.bearer });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toEqual({ name: "NotFoundError", message: "Unable to find 'entityRefs' in bucket 'starredEntities'" });

    const put = await app.get(url, json(ada.bearer, { value: ["component:default/listings-api"] }));
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ bucket: "starredEntities", key: "entityRefs", value: ["component:default/listings-api"] });
    // The session cookie is the same credential as the Bearer token.
    expect(await (await app.get(url, { headers: { cookie: ada.cookie } })).json()).toEqual({ bucket: "starredEntities", key: "entityRefs", value: ["component:default/listings-api"] });
    expect((await app.get(url, { headers: bob.bearer })).status).toBe(404);

    const deleted = await app.get(url, { method: "DELETE", headers: ada.bearer });
    expect(deleted.status).toBe(204);
    expect((await app.get(url, { headers: ada.bearer })).status).toBe(404);
  });

  it("answers bad and oversized input with 400 and 413, never 500", async () => {
    const ada = await signIn("ada");
    const url = "/api/user-settings/buckets/b/keys/k";
    const noValue = await app.get(url, json(ada.bearer, { other: 1 }));
    expect(noValue.status).toBe(400);
    expect((await noValue.json()).error.message).toBe('Missing required field "value"');
    expect((await app.get(url, { method: "PUT", headers: { ...ada.bearer, "content-type": "application/json" }, body: "{nope" })).status).toBe(400);
    const huge = await app.get(url, json(ada.bearer, { value: "x".repeat(200_000) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.name).toBe("PayloadTooLargeError");
    expect((await app.get(`/api/user-settings/buckets/${"b".repeat(300)}/keys/k`, { headers: ada.bearer })).status).toBe(400);
    const crossSite = await app.get(url, { ...json(ada.bearer, { value: 1 }), headers: { ...json(ada.bearer, {}).headers, origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });
});

describe("{app}/.backstage/auth/v1/cookie", () => {
  it("renews the signed-in user's app cookie and answers when it expires", async () => {
    const ada = await signIn("ada");
    const before = Date.now();
    const response = await app.get("/.backstage/auth/v1/cookie", { headers: { cookie: ada.cookie } });
    expect(response.status).toBe(200);
    const { expiresAt } = await response.json();
    expect(new Date(expiresAt).toISOString()).toBe(expiresAt);
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(55 * 60_000);
    const renewed = response.headers.getSetCookie().find((cookie) => cookie.startsWith("atrium-session="))!;
    expect(renewed).toMatch(/; Path=\/; Max-Age=3[56]\d\d; HttpOnly; SameSite=Lax$/);
    const page = await app.get("/", { headers: { cookie: renewed.split(";")[0] } });
    // Ada typed a User ID without a token: a guest, whose renewed session keeps this browser's guest settings.
    expect(await page.text()).toContain("Signed in as user:default/guest");
    const claims = (cookie: string) => JSON.parse(Buffer.from(cookie.split("=")[1].split(".")[1], "base64url").toString());
    expect(claims(renewed.split(";")[0]).gst).toBe(claims(ada.cookie).gst);
    // A Bearer token gets a cookie too, as Backstage's issueUserCookie does.
    expect((await app.get("/.backstage/auth/v1/cookie", { headers: ada.bearer })).status).toBe(200);
  });

  it("refuses without a session or with a forged one, and removes the cookie on DELETE", async () => {
    const none = await app.get("/.backstage/auth/v1/cookie");
    expect(none.status).toBe(401);
    expect((await none.json()).error.name).toBe("AuthenticationError");
    expect((await app.get("/.backstage/auth/v1/cookie", { headers: { cookie: "atrium-session=eyJhbGciOiJub25lIn0.e30." } })).status).toBe(401);
    const ada = await signIn("ada");
    const removed = await app.get("/.backstage/auth/v1/cookie", { method: "DELETE", headers: { cookie: ada.cookie, origin: app.server.url } });
    expect(removed.status).toBe(204);
    expect(removed.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-session=; Path=\/; Max-Age=0/));
    const crossSite = await app.get("/.backstage/auth/v1/cookie", { method: "DELETE", headers: { cookie: ada.cookie, origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });
});
