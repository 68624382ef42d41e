import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService, USER_TOKEN_TTL_SECONDS } from "../app/lib/auth/tokens.server";
import { openDatabase, type AtriumDatabase } from "../app/lib/db/client.server";
import { BrowserSession } from "../tests/support/browser-session";
import { repoRoot, startServer, type RunningServer } from "../tests/support/server";

// A session close to its end is renewed by whatever page the browser asks
// for, loader or action, and the renewed cookie reaches the browser
// (app/lib/auth/request-identity.server.ts). The near-expired session is
// signed by the server's own key, read from its database, as a session
// issued 58 minutes ago would be.

const filename = path.join(mkdtempSync(path.join(tmpdir(), "atrium-renewal-")), "atrium.sqlite");
let server: RunningServer;
let database: AtriumDatabase;
let issuer: string;
const GUEST_ID = "renewal-test-guest-browser-1";

beforeAll(async () => {
  server = await startServer(`auth:\n  signInPage: [guest]\nbackend:\n  database:\n    client: better-sqlite3\n    connection: { filename: '${filename}' }\n`);
  const browser = new BrowserSession();
  await browser.postForm(`${server.url}/sign-in`, { intent: "guest" }, { origin: server.url });
  issuer = claimsOf(browser.cookie("atrium-session")!.value).iss;
  database = await openDatabase({ client: "better-sqlite3", connection: { filename } }, repoRoot);
});
afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
}

/** A guest session with `secondsLeft` to live, signed with the server's key. */
async function endingSession(secondsLeft: number): Promise<string> {
  const tokens = createTokenService({ db: database.db, issuer, now: () => Date.now() - (USER_TOKEN_TTL_SECONDS - secondsLeft) * 1000 });
  const { token } = await tokens.issue({ userEntityRef: "user:default/guest", ownershipEntityRefs: ["user:default/guest"], provider: "guest", guestId: GUEST_ID });
  return token;
}

const renewedSession = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("atrium-session="))
    ?.split(";")[0]
    .slice("atrium-session=".length);

describe("session renewal", () => {
  it("renews a session with less than 180 seconds left on a page, keeping who it is", async () => {
    const response = await fetch(`${server.url}/settings`, { headers: { cookie: `atrium-session=${await endingSession(100)}` }, redirect: "manual" });
    expect(response.status).toBe(200);
    const renewed = renewedSession(response);
    expect(renewed).toBeDefined();
    const claims = claimsOf(renewed!);
    expect(claims.exp * 1000 - Date.now()).toBeGreaterThan((USER_TOKEN_TTL_SECONDS - 60) * 1000);
    expect(claims).toMatchObject({ sub: "user:default/guest", gst: GUEST_ID, prv: "guest" });
  });

  it("sends the renewed cookie with an action's redirect too, and leaves a fresh session alone", async () => {
    const star = await fetch(`${server.url}/catalog/star`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie: `atrium-session=${await endingSession(100)}` },
      body: new URLSearchParams({ entityRef: "component:default/tenant-portal-web", returnTo: "/" }),
    });
    // 303 once the example catalog has the entity, 403 before: either way the answer carries the renewal.
    expect([303, 403]).toContain(star.status);
    expect(claimsOf(renewedSession(star)!).gst).toBe(GUEST_ID);
    const fresh = await fetch(`${server.url}/settings`, { headers: { cookie: `atrium-session=${await endingSession(1000)}` }, redirect: "manual" });
    expect(fresh.status).toBe(200);
    expect(renewedSession(fresh)).toBeUndefined();
  });

  it("leaves /api alone: the API renews nothing on the way", async () => {
    const response = await fetch(`${server.url}/api/catalog/entities/by-query?limit=1`, { headers: { authorization: `Bearer ${await endingSession(100)}` } });
    expect(response.status).toBe(200);
    expect(renewedSession(response)).toBeUndefined();
  });
});
