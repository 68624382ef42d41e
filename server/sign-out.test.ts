import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVOCATION_CHECK_CACHE_MS } from "../app/lib/auth/revoked-sessions.server";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { startServer, type RunningServer } from "../tests/support/server";

// Signing out ends the session for whoever holds a copy of its token, on
// every replica (at once on the replica that signed out, within
// REVOCATION_CHECK_CACHE_MS on the others), and no session outlives auth.sessionDuration however often
// it is renewed (app/lib/auth/tokens.server.ts, revoked-sessions.server.ts).
// Each replica is a real server process on the same database, SQLite file or
// PostgreSQL.

const COOKIE_PATH = "/.backstage/auth/v1/cookie";
const API_PATH = "/api/catalog/entities/by-query?limit=1";
/** Long enough to sign in and renew once on a busy machine, short enough to wait out. */
const SESSION_SECONDS = 8;

const tokenOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("atrium-session=") && !cookie.startsWith("atrium-session=;"))
    ?.split(";")[0]
    .slice("atrium-session=".length);

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { sid: string; auth_time: number; exp: number };

describe.each(TEST_ENGINES)("sign-out and the session's absolute end on %s", (engine) => {
  let dir: string;
  let database: TestDatabaseConfig;
  let replicas: RunningServer[] = [];
  let short: RunningServer;
  /** Every server started, stopped after the tests even when a later one failed to start. */
  const started: RunningServer[] = [];

  function config(extra = "") {
    const connection = engine === "sqlite" ? `{ filename: '${path.join(dir, "atrium.sqlite")}' }` : JSON.stringify(database.connection);
    return `auth:\n  signInPage: [guest]\n${extra}backend:\n  database:\n    client: ${database.client}\n    connection: ${connection}\n`;
  }

  async function start(extra = "") {
    const server = await startServer(config(extra));
    started.push(server);
    return server;
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-sign-out-"));
    database = testDatabaseConfig(engine);
    // The first replica migrates the database; the others start beside it.
    const first = await start();
    const [second, shortLived] = await Promise.all([start(), start(`  sessionDuration: ${SESSION_SECONDS} seconds\n`)]);
    replicas = [first, second];
    short = shortLived;
  }, 60_000);
  afterAll(async () => {
    for (const server of started) await server.stop();
    await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(server: RunningServer): Promise<string> {
    const response = await fetch(`${server.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "intent=guest",
    });
    expect(response.status).toBe(302);
    return tokenOf(response)!;
  }

  const api = (server: RunningServer, token: string) => fetch(`${server.url}${API_PATH}`, { headers: { authorization: `Bearer ${token}` } });
  const renew = (server: RunningServer, token: string) => fetch(`${server.url}${COOKIE_PATH}`, { headers: { cookie: `atrium-session=${token}` } });

  it("refuses the token after sign-out on every replica: 401 on the API, no renewal, no page", async () => {
    const [one, two] = replicas;
    const token = await signIn(one);
    expect((await api(two, token)).status).toBe(200);
    const renewal = await renew(two, token);
    expect(renewal.status).toBe(200);
    const checkedOnTwoAt = Date.now();
    const renewed = tokenOf(renewal)!;
    expect(claimsOf(renewed).sid).toBe(claimsOf(token).sid);

    const signOut = await fetch(`${one.url}/sign-out`, { method: "POST", redirect: "manual", headers: { origin: one.url, cookie: `atrium-session=${token}` } });
    expect(signOut.status).toBe(302);

    // The replica that signed out refuses at once; the other trusts its last "not revoked" answer for a few seconds at most.
    for (const server of [one, two]) {
      if (server === two) await new Promise((resolve) => setTimeout(resolve, checkedOnTwoAt + REVOCATION_CHECK_CACHE_MS - Date.now()));
      for (const copy of [token, renewed]) {
        const refused = await api(server, copy);
        expect(refused.status).toBe(401);
        expect((await refused.json()).error).toEqual({ name: "AuthenticationError", message: "Invalid token: the session was signed out" });
        const noRenewal = await renew(server, copy);
        expect(noRenewal.status).toBe(401);
        expect(tokenOf(noRenewal)).toBeUndefined();
        const bearerRenewal = await fetch(`${server.url}${COOKIE_PATH}`, { headers: { authorization: `Bearer ${copy}` } });
        expect(bearerRenewal.status).toBe(401);
        const page = await fetch(`${server.url}/settings`, { redirect: "manual", headers: { cookie: `atrium-session=${copy}` } });
        expect(page.status).toBe(302);
        expect(page.headers.get("location")).toMatch(/^\/sign-in\?/);
      }
    }
    // Another sign-in is another session, untouched.
    expect((await api(two, await signIn(one))).status).toBe(200);
  });

  it("ends the session when Backstage's app cookie is deleted, as a Backstage frontend signs out", async () => {
    const [one, two] = replicas;
    const token = await signIn(two);
    const deleted = await fetch(`${two.url}${COOKIE_PATH}`, { method: "DELETE", headers: { origin: two.url, cookie: `atrium-session=${token}` } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-session=; Path=\/; Max-Age=0/));
    expect((await api(one, token)).status).toBe(401);
    expect((await renew(one, token)).status).toBe(401);
  });

  it("never renews a session past auth.sessionDuration, and refuses it after that", async () => {
    const token = await signIn(short);
    const started = claimsOf(token).auth_time;
    expect(claimsOf(token).exp).toBeLessThanOrEqual(started + SESSION_SECONDS);
    const renewal = await renew(short, token);
    expect(renewal.status).toBe(200);
    const renewed = tokenOf(renewal)!;
    expect(claimsOf(renewed)).toMatchObject({ sid: claimsOf(token).sid, auth_time: started, exp: started + SESSION_SECONDS });
    expect(Date.parse((await renewal.json()).expiresAt)).toBe((started + SESSION_SECONDS) * 1000);

    await new Promise((resolve) => setTimeout(resolve, (started + SESSION_SECONDS) * 1000 - Date.now() + 500));
    const late = await renew(short, renewed);
    expect(late.status).toBe(401);
    expect(tokenOf(late)).toBeUndefined();
    expect((await api(short, renewed)).status).toBe(401);
    // A page sends the visitor to sign in again, which starts a new session.
    const page = await fetch(`${short.url}/settings`, { redirect: "manual", headers: { cookie: `atrium-session=${renewed}` } });
    expect(page.headers.get("location")).toMatch(/^\/sign-in\?/);
    const again = await signIn(short);
    expect(claimsOf(again).sid).not.toBe(claimsOf(token).sid);
    expect((await api(short, again)).status).toBe(200);
  });
});
