import { describe, expect, it } from "vitest";
import { useServer } from "../tests/support/server";

// The login rate limit counts the route React Router runs, so spelling its
// path another way (letter case, a trailing slash, percent-encoding, the
// `.data` suffix of JavaScript's form posts) is the same attempt, and is
// refused with the rest once the limit is spent.

const MAX = 2;
/** Both servers: the guest sign-in, the client's address from X-Forwarded-For, a small limit. */
const LIMITED = `
backend:
  trustProxy: true
auth:
  signInPage: [guest]
  loginRateLimit:
    max: ${MAX}
    windowSeconds: 600
`;
const served = useServer(LIMITED);

let nextAddress = 1;
/** A client address of its own (the proxy's X-Forwarded-For), so each test's attempts are counted apart. */
const freshAddress = () => ({ "x-forwarded-for": `198.51.100.${nextAddress++}` });

const guestPost = (path: string, headers: Record<string, string>) =>
  served.get(path, { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: "intent=guest" });

const POSTED = ["/sign-in", "/Sign-In", "/sign-in/", "/%73ign-in", "/SIGN-IN.data", "/sign-in.data", "/sign-in/.data", "/Auth/Login-Request"];
const FETCHED = ["/api/auth/oidc/start", "/api/auth/oidc/START", "/api/auth/oidc/start/", "/API/Auth/oidc/%73tart", "/api/auth/oidc/REFRESH/"];

describe("the login rate limit", () => {
  it.each(POSTED)("counts POST %s as a sign-in attempt and refuses it beyond the limit", async (path) => {
    const address = freshAddress();
    for (let i = 0; i < MAX; i++) {
      const response = await guestPost(path, address);
      // Within the limit the attempt goes on to the router (which may send an odd spelling to the sign-in page).
      expect(response.status).not.toBe(429);
      expect(response.status).not.toBe(404);
    }
    const limited = await guestPost(path, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it.each(FETCHED)("counts GET %s as a login attempt and refuses it beyond the limit", async (path) => {
    const address = freshAddress();
    for (let i = 0; i < MAX; i++) expect((await served.get(path, { headers: address })).status).not.toBe(429);
    const limited = await served.get(path, { headers: address });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.name).toBe("TooManyRequestsError");
  });

  it("refuses every spelling once the plain path has spent the limit, and only for that address", async () => {
    const address = freshAddress();
    for (let i = 0; i < MAX; i++) expect((await guestPost("/sign-in", address)).status).toBe(302);
    for (const path of POSTED) expect({ path, status: (await guestPost(path, address)).status }).toEqual({ path, status: 429 });
    for (const path of FETCHED) expect({ path, status: (await served.get(path, { headers: address })).status }).toEqual({ path, status: 429 });
    // Another address signs in as ever.
    const other = await guestPost("/sign-in", freshAddress());
    expect(other.status).toBe(302);
    expect(other.headers.getSetCookie().some((cookie) => cookie.startsWith("atrium-session="))).toBe(true);
  });

  it("does not count reading the sign-in page, nor other pages", async () => {
    const address = freshAddress();
    for (let i = 0; i < MAX + 3; i++) {
      expect((await served.get("/sign-in", { headers: address })).status).toBe(200);
      expect((await served.get("/SIGN-IN", { headers: address })).status).not.toBe(429);
      expect((await served.get("/sign-in.data", { headers: address })).status).toBe(200);
      expect((await served.get("/settings/start", { headers: address })).status).not.toBe(429);
    }
    expect((await guestPost("/sign-in", address)).status).toBe(302);
  });
});

describe("the login rate limit under a path prefix", () => {
  const prefixed = useServer(`
app:
  baseUrl: https://corp.example/portal
${LIMITED}`);
  const post = (path: string, headers: Record<string, string>) =>
    prefixed.get(path, { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: "intent=guest" });

  it("counts the prefixed routes however they are spelt", async () => {
    const address = freshAddress();
    for (let i = 0; i < MAX; i++) expect((await post("/portal/sign-in", address)).status).toBe(302);
    for (const path of ["/portal/Sign-In", "/portal/sign-in/", "/portal/%73ign-in", "/portal/SIGN-IN.data"])
      expect({ path, status: (await post(path, address)).status }).toEqual({ path, status: 429 });
    expect((await prefixed.get("/portal/api/auth/oidc/START", { headers: address })).status).toBe(429);
    expect((await post("/portal/sign-in", freshAddress())).status).toBe(302);
  });
});
