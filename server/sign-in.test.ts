import { describe, expect, it } from "vitest";
import { useServer } from "../tests/support/server";

// Sign-in with a sign-in page configured: sessions as cookies, tokens as Bearer.
const app = useServer("auth:\n  signInPage: [guest, custom]\n");
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

describe("sign-in", () => {
  it("sends a visitor without a session to the sign-in page, remembering where they were going", async () => {
    const response = await app.get("/settings?tab=general");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/sign-in?redirectTo=%2Fsettings%3Ftab%3Dgeneral");
    const page = await (await app.get("/sign-in?redirectTo=%2Fsettings")).text();
    expect(page).toContain("<title>Sign In |");
    expect(page).toContain("Enter as a Guest User.");
    expect(page).toContain("ID Token (optional)");
  });

  it("signs in a guest and keeps the session in an httpOnly cookie under the base path", async () => {
    const response = await app.get("/sign-in", form({ intent: "guest", redirectTo: "/settings" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("atrium-session="));
    expect(cookie).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const page = await app.get("/settings", { headers: { cookie: sessionOf(response)! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Signed in as user:default/guest");
  });

  it("enters a custom user without an ID token as a guest, refusing an ID token that is not an OpenID Connect JWT", async () => {
    const bad = await app.get("/sign-in", form({ intent: "custom", userId: "ada", idToken: "not-a-jwt" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Token is not a valid OpenID Connect JWT Token");
    expect(sessionOf(bad)).toBeUndefined();
    // server/custom-user.test.ts: only a verified ID token signs in the user it names.
    const good = await app.get("/sign-in", form({ intent: "custom", userId: "Ada" }));
    expect(good.status).toBe(302);
    const page = await (await app.get("/", { headers: { cookie: sessionOf(good)! } })).text();
    expect(page).toContain("Signed in as user:default/guest");
  });

  it("treats a forged session cookie as no session and clears it", async () => {
    const response = await app.get("/settings", { headers: { cookie: "atrium-session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyOmRlZmF1bHQvYWRtaW4ifQ." } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/sign-in\?redirectTo=/);
    expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-session=; Path=\/; Max-Age=0/));
  });

  it("accepts the session token as a Bearer token on the API and refuses a forged one with 401", async () => {
    const session = sessionOf(await app.get("/sign-in", form({ intent: "guest" })))!;
    const token = session.slice("atrium-session=".length);
    expect((await app.get("/api/catalog/entities/by-query?limit=1", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const forged = await app.get("/api/catalog/entities/by-query?limit=1", { headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
    expect((await forged.json()).error.name).toBe("AuthenticationError");
    const jwks = await (await app.get("/api/auth/.well-known/jwks.json")).json();
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", alg: "ES256" });
  });

  it("signs out with the menu's one item, ending the session", async () => {
    const session = sessionOf(await app.get("/sign-in", form({ intent: "guest" })))!;
    const response = await app.get("/sign-out", form({}, session));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/sign-in");
    expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-session=; Path=\/; Max-Age=0/));
  });

  it("refuses a sign-in posted from another site with 403, and never redirects elsewhere", async () => {
    const crossSite = await app.get("/sign-in", { ...form({ intent: "guest" }), headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(sessionOf(crossSite)).toBeUndefined();
    const offsite = await app.get("/sign-in", form({ intent: "guest", redirectTo: "//evil.example/steal" }));
    expect(offsite.headers.get("location")).toBe("/");
  });
});
