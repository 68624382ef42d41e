import { DatabaseSync } from "node:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CatalogClient } from "@backstage/catalog-client";
import { importJWK, SignJWT, type JWK } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropTestDatabase, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { eventually } from "../tests/support/fake-scm";
import { startServer, type RunningServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer(["tomas.novak"]);
afterAll(() => users.close());

// The policy applied by the server, on the example organisation, on both
// engines: a restricted user sees only what it owns through /api/catalog,
// with totals, facets and cursors to match; what it may not do is refused
// with 403 however it is asked; a static token acts as a service; forged
// user tokens are refused with 401 even when signed with the server's key.

const STATIC_TOKEN = "ci-token-0123456789";
const READER_TOKEN = "reader-token-0123456789";
const OWNED = { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } };
const config = (database: string) => `
auth:
  signInPage: [guest, custom]
backend:
${database}
  auth:
    externalAccess:
      - type: static
        options: { token: ${STATIC_TOKEN}, subject: ci-pipeline }
      - type: static
        options: { token: ${READER_TOKEN}, subject: catalog-reader }
        accessRestrictions:
          - plugin: catalog
            permission: [catalog.entity.read]
            permissionAttribute: { action: read }
permission:
  enabled: true
  policy:
    roles:
      - name: owners
        members: ['*']
        permissions:
          - permission: catalog.entity.read
            conditions: ${JSON.stringify({ anyOf: [OWNED, { rule: "IS_ENTITY_KIND", params: { kinds: ["Group"] } }] })}
          - permission: catalog.entity.delete
            conditions: ${JSON.stringify(OWNED)}
          - permission: catalog.location.read
`;

const TOMAS_OWNERS = ["group:default/renter-experience-team", "group:default/product-design", "user:default/tomas.novak"];

type Engine = "sqlite" | "pg";

describe.each<Engine>(["sqlite", "pg"])("permissions enforced by the server on %s", (engine) => {
  let server: RunningServer;
  let database: TestDatabaseConfig;
  let sqliteFile: string | undefined;
  let tomas: string;
  let guest: string;

  beforeAll(async () => {
    database = testDatabaseConfig(engine);
    sqliteFile = engine === "sqlite" ? path.join(mkdtempSync(path.join(tmpdir(), "atrium-permission-")), "atrium.sqlite") : undefined;
    const connection = sqliteFile ? `{ filename: '${sqliteFile}' }` : JSON.stringify(database.connection);
    server = await startServer(config(`  database:\n    client: ${database.client}\n    connection: ${connection}`), {}, [users.config]);
    // Wait for the example organisation to be processed.
    await eventually(async () => (await api("/api/catalog/entities/by-query?filter=kind=component&limit=0", STATIC_TOKEN)).body.totalItems >= 30, "the example catalog");
    tomas = await signIn({ intent: "custom", userId: "tomas.novak", idToken: await users.idTokenFor("tomas.novak") });
    guest = await signIn({ intent: "guest" });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await dropTestDatabase(database);
  });

  async function signIn(form: Record<string, string>): Promise<string> {
    const response = await fetch(`${server.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams(form).toString(),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("atrium-session="))!;
    return cookie.split(";")[0].slice("atrium-session=".length);
  }

  async function api(pathname: string, token?: string, init: RequestInit = {}) {
    const response = await fetch(`${server.url}${pathname}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as object) } });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  const ownersFilter = `relations.ownedBy=${TOMAS_OWNERS.join(",relations.ownedBy=")}`;

  it("lists only what the user owns, with the total and pages to match what an unrestricted caller counts", async () => {
    const everything = await api("/api/catalog/entities/by-query?filter=kind=component&limit=0", STATIC_TOKEN);
    const owned = await api(`/api/catalog/entities/by-query?filter=kind=component,${ownersFilter}&limit=500`, STATIC_TOKEN);
    expect(owned.body.totalItems).toBeGreaterThan(0);
    expect(owned.body.totalItems).toBeLessThan(everything.body.totalItems);

    const first = await api("/api/catalog/entities/by-query?filter=kind=component&limit=4&orderField=metadata.name,asc", tomas);
    expect(first.status).toBe(200);
    expect(first.body.totalItems).toBe(owned.body.totalItems);
    const seen = [...first.body.items];
    for (let cursor = first.body.pageInfo.nextCursor; cursor;) {
      const page = await api(`/api/catalog/entities/by-query?cursor=${encodeURIComponent(cursor)}&limit=4`, tomas);
      expect(page.body.totalItems).toBe(owned.body.totalItems);
      seen.push(...page.body.items);
      cursor = page.body.pageInfo.nextCursor;
    }
    const names = (items: Array<{ metadata: { name: string } }>) => items.map((item) => item.metadata.name).sort();
    expect(names(seen)).toEqual(names(owned.body.items));
  });

  it("filters a cursor by the decision of whoever replays it, not of whoever made it", async () => {
    const unrestricted = await api("/api/catalog/entities/by-query?filter=kind=component&limit=2", STATIC_TOKEN);
    const replayed = await api(`/api/catalog/entities/by-query?cursor=${encodeURIComponent(unrestricted.body.pageInfo.nextCursor)}&limit=100`, tomas);
    const owned = await api(`/api/catalog/entities/by-query?filter=kind=component,${ownersFilter}&limit=0`, STATIC_TOKEN);
    expect(replayed.status).toBe(200);
    expect(replayed.body.totalItems).toBe(owned.body.totalItems);
    for (const item of replayed.body.items)
      expect(item.relations.map((relation: { targetRef: string }) => relation.targetRef)).toEqual(
        expect.arrayContaining([expect.stringMatching(/renter-experience-team|product-design|tomas\.novak/)]),
      );
    // Nothing in the cursor names the permission filter.
    expect(Buffer.from(unrestricted.body.pageInfo.nextCursor, "base64").toString()).not.toMatch(/ownedBy|renter/);
  });

  it("counts facets over what the user may read only", async () => {
    const mine = await api("/api/catalog/entity-facets?facet=kind&facet=spec.lifecycle", tomas);
    const readable = await api(`/api/catalog/entity-facets?facet=kind&facet=spec.lifecycle&filter=${ownersFilter}&filter=kind=group`, STATIC_TOKEN);
    expect(mine.status).toBe(200);
    expect(mine.body.facets).toEqual(readable.body.facets);
    expect(mine.body.facets.kind.map((facet: { value: string }) => facet.value)).not.toContain("User");
    // The guest owns nothing: groups only.
    expect((await api("/api/catalog/entity-facets?facet=kind", guest)).body.facets.kind).toEqual([{ value: "Group", count: 10 }]);
  });

  it("answers what the user may not read as missing: by-refs null, by-name and by-uid 404, GET /entities without it", async () => {
    const client = new CatalogClient({ discoveryApi: { getBaseUrl: async () => `${server.url}/api/catalog` } });
    const refs = ["component:default/tenant-portal-web", "component:default/rent-ledger-service", "group:default/payments-team"];
    const theirs = await api(`/api/catalog/entities/by-query?filter=kind=component,${ownersFilter}&limit=1&fields=metadata.name`, STATIC_TOKEN);
    const own = `component:default/${theirs.body.items[0].metadata.name}`;
    const { items } = await client.getEntitiesByRefs({ entityRefs: [own, ...refs], fields: ["kind", "metadata.name"] }, { token: tomas });
    expect(items[0]).toMatchObject({ metadata: { name: theirs.body.items[0].metadata.name } });
    expect(items[3]).toMatchObject({ kind: "Group" });
    const ledger = await api("/api/catalog/entities/by-name/component/default/rent-ledger-service", STATIC_TOKEN);
    expect(ledger.status).toBe(200);
    // Backstage's client turns the null of what may not be read into undefined, "missing".
    expect(items[2]).toBeUndefined();
    const raw = await api("/api/catalog/entities/by-refs", tomas, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entityRefs: refs.slice(1) }) });
    expect(raw.body.items[0]).toBeNull();
    expect(await client.getEntityByRef("component:default/rent-ledger-service", { token: tomas })).toBeUndefined();
    const byName = await api("/api/catalog/entities/by-name/component/default/rent-ledger-service", tomas);
    expect(byName.status).toBe(404);
    expect(byName.body.error.name).toBe("NotFoundError");
    expect((await api(`/api/catalog/entities/by-uid/${ledger.body.metadata.uid}`, tomas)).status).toBe(404);
    const all = await api("/api/catalog/entities?filter=kind=component", tomas);
    expect(all.body.map((entity: { metadata: { name: string } }) => entity.metadata.name)).not.toContain("rent-ledger-service");
    expect(all.body.length).toBeGreaterThan(0);
  });

  it("stops the ancestry at the first entity the user may not read", async () => {
    const theirs = await api(`/api/catalog/entities/by-query?filter=kind=component,${ownersFilter}&limit=1&fields=metadata.name`, STATIC_TOKEN);
    const name = theirs.body.items[0].metadata.name;
    const full = await api(`/api/catalog/entities/by-name/component/default/${name}/ancestry`, STATIC_TOKEN);
    expect(full.body.items.length).toBeGreaterThan(1);
    const mine = await api(`/api/catalog/entities/by-name/component/default/${name}/ancestry`, tomas);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0].parentEntityRefs).toEqual([]);
    expect((await api("/api/catalog/entities/by-name/component/default/rent-ledger-service/ancestry", tomas)).status).toBe(404);
  });

  it("refuses DELETE by-uid with 403 to a user without catalog.entity.delete on it, also when sent by hand", async () => {
    const ledger = await api("/api/catalog/entities/by-name/component/default/rent-ledger-service", STATIC_TOKEN);
    for (const token of [tomas, guest]) {
      const response = await api(`/api/catalog/entities/by-uid/${ledger.body.metadata.uid}`, token, { method: "DELETE" });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ error: { name: "NotAllowedError", message: "You are not allowed to perform catalog.entity.delete" }, response: { statusCode: 403 } });
    }
    // The session cookie, posted by hand without an Origin, is no different.
    const byCookie = await fetch(`${server.url}/api/catalog/entities/by-uid/${ledger.body.metadata.uid}`, { method: "DELETE", headers: { cookie: `atrium-session=${tomas}` } });
    expect(byCookie.status).toBe(403);
    // Under a conditional grant an unknown uid is refused too, as in Backstage.
    expect((await api("/api/catalog/entities/by-uid/00000000-0000-0000-0000-000000000000", tomas, { method: "DELETE" })).status).toBe(403);
    expect((await api("/api/catalog/entities/by-name/component/default/rent-ledger-service", STATIC_TOKEN)).status).toBe(200);
  });

  it("refuses the catalog's other actions the policy does not grant with 403", async () => {
    const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const cases = [
      ["/api/catalog/locations", { type: "url", target: "https://github.com/keystone-living/x/blob/main/catalog-info.yaml" }],
      ["/api/catalog/analyze-location", { location: { type: "url", target: "https://github.com/keystone-living/x" } }],
      ["/api/catalog/validate-entity", { entity: { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "x" } }, location: "url:https://github.com/x" }],
    ] as const;
    for (const [pathname, body] of cases) {
      const response = await api(pathname, tomas, json(body));
      expect([pathname, response.status, response.body.error.name]).toEqual([pathname, 403, "NotAllowedError"]);
    }
    // Removing or re-pointing a location is refused before the location is even looked up.
    const removed = await api("/api/catalog/locations/0190c0de-0000-7000-8000-000000000000", tomas, { method: "DELETE" });
    expect([removed.status, removed.body.error.message]).toEqual([403, "You are not allowed to perform catalog.location.delete"]);
    const repointed = await api("/api/catalog/locations/0190c0de-0000-7000-8000-000000000000", tomas, {
      ...json({ type: "url", target: "https://github.com/x/y/blob/main/catalog-info.yaml" }),
      method: "PUT",
    });
    expect(repointed.status).toBe(403);
    const theirs = await api(`/api/catalog/entities/by-query?filter=kind=component,${ownersFilter}&limit=1&fields=metadata.name`, STATIC_TOKEN);
    expect((await api("/api/catalog/refresh", tomas, json({ entityRef: `component:default/${theirs.body.items[0].metadata.name}` }))).status).toBe(403);
    // What the user cannot read cannot be refreshed either, and is not even confirmed to exist.
    expect((await api("/api/catalog/refresh", tomas, json({ entityRef: "component:default/rent-ledger-service" }))).status).toBe(404);
  });

  it("accepts a static token as a service principal, and refuses an unknown one with 401", async () => {
    const response = await api("/api/catalog/entities/by-query?limit=0", STATIC_TOKEN);
    expect(response.status).toBe(200);
    const decisions = await api("/api/permission/authorize", STATIC_TOKEN, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [{ id: "1", permission: { type: "basic", name: "catalog.location.create", attributes: { action: "create" } } }] }),
    });
    expect(decisions.body.items).toEqual([{ id: "1", result: "ALLOW" }]);
    const unknown = await api("/api/catalog/entities/by-query?limit=0", "ci-token-01234567890");
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.name).toBe("AuthenticationError");
    // A static token is a header credential only: in the cookie it means nothing.
    expect((await fetch(`${server.url}/api/catalog/entities/by-query?limit=0`, { headers: { cookie: `atrium-session=${STATIC_TOKEN}` } })).status).toBe(401);
  });

  it("holds a static token to its access restrictions: its plugins only, its actions only", async () => {
    const read = await api("/api/catalog/entities/by-query?filter=kind=component&limit=0", READER_TOKEN);
    expect(read.status).toBe(200);
    expect(read.body.totalItems).toBe((await api("/api/catalog/entities/by-query?filter=kind=component&limit=0", STATIC_TOKEN)).body.totalItems);
    const ledger = await api("/api/catalog/entities/by-name/component/default/rent-ledger-service", READER_TOKEN);
    const deleted = await api(`/api/catalog/entities/by-uid/${ledger.body.metadata.uid}`, READER_TOKEN, { method: "DELETE" });
    expect(deleted.status).toBe(403);
    // Reading locations is not among its permissions: for it there are none.
    expect((await api("/api/catalog/locations", READER_TOKEN)).body).toEqual([]);
    expect((await api("/api/catalog/locations/0190c0de-0000-7000-8000-000000000000", READER_TOKEN)).status).toBe(404);
    const elsewhere = await api("/api/permission/authorize", READER_TOKEN, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ items: [] }) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toEqual({ name: "NotAllowedError", message: "This token's access is restricted to plugin(s) 'catalog'" });
  });

  it("refuses forged user tokens with 401: wrong signature, alg none, expired, wrong issuer, wrong audience", async () => {
    const key = await signingKey();
    const claims = JSON.parse(Buffer.from(tomas.split(".")[1], "base64url").toString());
    const sign = async (overrides: { iss?: string; aud?: string; exp?: number }) =>
      new SignJWT({ ent: claims.ent, prv: "custom", sid: claims.sid, auth_time: claims.auth_time })
        .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "vnd.backstage.user" })
        .setSubject("user:default/dana.whitfield")
        .setIssuer(overrides.iss ?? claims.iss)
        .setAudience(overrides.aud ?? claims.aud)
        .setIssuedAt()
        .setExpirationTime(overrides.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(await importJWK(key.jwk, "ES256"));
    // The same key and claims make a token the server accepts: the refusals below are for the reasons named.
    expect((await api("/api/catalog/entities/by-query?limit=0", await sign({}))).status).toBe(200);
    const [header, payload, signature] = tomas.split(".");
    const forged = {
      "wrong signature": `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: "user:default/dana.whitfield" })).toString("base64url")}.${signature}`,
      "alg none": `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`,
      expired: await sign({ exp: Math.floor(Date.now() / 1000) - 60 }),
      "wrong issuer": await sign({ iss: "https://evil.example/api/auth" }),
      "wrong audience": await sign({ aud: "someone-else" }),
    };
    for (const [what, token] of Object.entries(forged)) {
      const response = await api("/api/catalog/entities/by-query?limit=0", token);
      expect([what, response.status, response.body.error.name]).toEqual([what, 401, "AuthenticationError"]);
    }
  });

  /** The server's current signing key, read from its database as an attacker with a copy of it could. */
  async function signingKey(): Promise<{ kid: string; jwk: JWK }> {
    let row: { kid: string; private_jwk: string };
    if (sqliteFile) {
      const db = new DatabaseSync(sqliteFile, { readOnly: true });
      row = db.prepare("SELECT kid, private_jwk FROM auth_keys ORDER BY created_at DESC LIMIT 1").get() as typeof row;
      db.close();
    } else {
      const client = new pg.Client(database.connection as pg.ClientConfig);
      await client.connect();
      row = (await client.query("SELECT kid, private_jwk FROM auth_keys ORDER BY created_at DESC LIMIT 1")).rows[0];
      await client.end();
    }
    return { kid: row.kid, jwk: JSON.parse(row.private_jwk) };
  }
});
