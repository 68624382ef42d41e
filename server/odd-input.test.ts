import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/lib/db/client.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { fillLargeCatalog } from "../tests/support/large-catalog";
import { API_AUTHORIZATION, configArgs, guestSessionCookie, repoRoot, startServer, type RunningServer } from "../tests/support/server";

// Odd input answers 400 (or what Backstage answers), never 500 and never a
// cut connection: NUL characters, which PostgreSQL refuses in text; value
// lists longer than the engines' parameter limits (32,766 on SQLite, 65,535
// on PostgreSQL); redirect targets outside Latin-1, which Node refuses to
// write into a Location header; and a data directory Atrium cannot write.

const ENTITIES = 1_000;
const NO_LOCATIONS = "catalog:\n  locations: []\n";

const inputError = (message: string | RegExp, method = "GET") => ({
  error: { name: "InputError", message: typeof message === "string" ? message : expect.stringMatching(message) },
  request: { method, url: expect.stringMatching(/^\/api\/catalog\//) },
  response: { statusCode: 400 },
});

describe.each(TEST_ENGINES)("the catalog API on %s", (engine) => {
  let config: TestDatabaseConfig;
  let directory: string | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    if (engine === "sqlite") {
      directory = mkdtempSync(path.join(tmpdir(), "atrium-odd-input-"));
      config = { client: "better-sqlite3", connection: { directory } };
    } else {
      config = testDatabaseConfig("pg");
    }
    const database = await openDatabase(config as never, process.cwd());
    await migrateToLatest(database);
    await fillLargeCatalog(database.db, ENTITIES);
    await database.destroy();
    server = await startServer(`${NO_LOCATIONS}backend:\n  database: ${JSON.stringify(config)}\n`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (directory) rmSync(directory, { recursive: true, force: true });
    else if (config) await dropTestDatabase(config);
  });

  async function call(pathAndQuery: string, init: RequestInit = {}) {
    const response = await fetch(`${server.url}${pathAndQuery}`, {
      ...init,
      headers: { ...API_AUTHORIZATION, ...(init.body ? { "content-type": "application/json" } : {}) },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  const post = (pathAndQuery: string, body: unknown) => call(pathAndQuery, { method: "POST", body: JSON.stringify(body) });

  it("refuses a NUL character in a filter, a term, an order, a query, a name or a ref with a 400 that says so", async () => {
    const filter = "Invalid filter, it must not contain NUL characters";
    // The whole catalog, streamed, and a page: neither cuts the connection.
    expect(await call("/api/catalog/entities?filter=metadata.name=a%00b")).toEqual({ status: 400, body: inputError(filter) });
    expect(await call("/api/catalog/entities?limit=5&filter=kind=component,metadata.name=a%00b")).toEqual({ status: 400, body: inputError(filter) });
    expect(await call("/api/catalog/entities/by-query?filter=metadata.description=%00")).toEqual({ status: 400, body: inputError(filter) });
    expect(await call("/api/catalog/entity-facets?facet=kind&filter=spec.type=%00")).toEqual({ status: 400, body: inputError(filter) });
    expect(await call("/api/catalog/entities/by-query?fullTextFilterTerm=serv%00ice")).toEqual({ status: 400, body: inputError("Invalid full text filter, it must not contain NUL characters") });
    expect(await call("/api/catalog/entities/by-query?orderField=metadata.na%00me,asc")).toEqual({ status: 400, body: inputError("Invalid order field, it must not contain NUL characters") });
    expect(await call("/api/catalog/entities?order=asc:metadata.na%00me")).toEqual({ status: 400, body: inputError("Invalid order, it must not contain NUL characters") });
    expect(await post("/api/catalog/entities/by-query", { query: { "metadata.name": { $in: ["service-1", "service-\u00002"] } } })).toEqual({
      status: 400,
      body: inputError("Invalid query: values and field names must not contain NUL characters", "POST"),
    });
    expect(await post("/api/catalog/entities/by-refs", { entityRefs: ["component:default/service-1", "component:default/service-\u00001"] })).toEqual({
      status: 400,
      body: inputError("Invalid entity ref, it must not contain NUL characters", "POST"),
    });
    expect(await call("/api/catalog/entities/by-name/component/default/service-%001")).toEqual({ status: 400, body: inputError("Request path contains a NUL character") });
    // Anything else PostgreSQL refuses as a value is a 400 too (a facet's name goes to it as is); SQLite stores NUL and simply finds nothing.
    const facet = await call("/api/catalog/entity-facets?facet=spec.t%00ype");
    if (engine === "pg") expect(facet).toEqual({ status: 400, body: inputError(/^Invalid input, the database refused a value: /) });
    else expect(facet).toEqual({ status: 200, body: { facets: { "spec.t\u0000ype": [] } } });
    // And the server is still there.
    expect((await call("/api/catalog/entities/by-name/component/default/service-1")).status).toBe(200);
  });

  it("answers value lists far beyond the engines' parameter limits", async () => {
    const names = Array.from({ length: 70_000 }, (_, index) => `n${index}`);
    const byName = await post("/api/catalog/entities/by-query", { query: { "metadata.name": { $in: [...names, "service-1", "service-2", "service-3"] } }, limit: 10 });
    expect(byName.status).toBe(200);
    expect(byName.body.totalItems).toBe(3);
    // A field kept only in the search table, inside $not, and in the legacy form of filters alongside.
    const byTag = await post("/api/catalog/entities/by-query", { query: { $not: { "metadata.tags": { $in: [...names, "tag-3"] } } }, limit: 1 });
    expect(byTag.status).toBe(200);
    expect(byTag.body.totalItems).toBe(ENTITIES - ENTITIES / 20);
    const several = await post("/api/catalog/entities/by-query", {
      query: { $all: [{ kind: { $in: [...names.slice(0, 35_000), "Component"] } }, { "spec.owner": { $in: [...names.slice(35_000), "group:default/team-7"] } }] },
      limit: 1,
    });
    expect(several.status).toBe(200);
    expect(several.body.totalItems).toBe(ENTITIES / 50);
    const refs = await post("/api/catalog/entities/by-refs", { entityRefs: Array.from({ length: 10_000 }, (_, index) => `component:default/service-${index + 1}`) });
    expect(refs.status).toBe(200);
    expect(refs.body.items.filter(Boolean)).toHaveLength(ENTITIES);
  }, 60_000);
});

describe("redirect targets outside Latin-1", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer("auth:\n  signInPage: [guest]\n");
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("are percent-encoded into the Location header instead of failing the response", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded", origin: server.url };
    // A guest's sign-in, then the sign-in page visited while signed in: each goes back where it was asked to (app/lib/links.ts safeRedirectPath, which every form's redirect goes through).
    const guest = await fetch(`${server.url}/sign-in`, { method: "POST", redirect: "manual", headers: form, body: `intent=guest&redirectTo=${encodeURIComponent("/catalog?q=嘊€")}` });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/catalog?q=%E5%98%8A%E2%82%AC");
    const cookie = await guestSessionCookie(server);
    const page = await fetch(`${server.url}/sign-in?redirectTo=/%E5%98%8A`, { redirect: "manual", headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/%E5%98%8A");
    // A lone surrogate cannot be encoded at all: the fallback, not a failure.
    const lone = await fetch(`${server.url}/sign-in`, { method: "POST", redirect: "manual", headers: form, body: "intent=guest&redirectTo=/%ED%A0%80" });
    expect(lone.status).toBe(302);
  });
});

describe("a data directory Atrium cannot write", () => {
  it("stops start-up with an error that names the directory", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "atrium-read-only-"));
    chmodSync(directory, 0o555);
    const args = configArgs(`backend:\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${directory}\n`);
    // root writes anywhere: the server then runs as nobody, who can read the config but not write the directory.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const file of args.filter((arg) => arg !== "--config")) chmodSync(path.dirname(file), 0o755);
    const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/index.js", ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.on("exit", (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    rmSync(directory, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain(`Atrium could not start. Invalid configuration:\n  - The SQLite data directory '${directory}' is not writable (EACCES)`);
    expect(output).not.toMatch(/\n\s+at /);
  }, 90_000);
});
