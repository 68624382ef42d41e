import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/lib/db/client.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { dropTestDatabase, PG_ADMIN, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { fillLargeCatalog } from "../tests/support/large-catalog";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// No query can hold the server. On SQLite, where queries run on the one
// thread that answers every request, the shapes that once read a field's rows
// once per entity (a full-text filter on a field without a full-text index, a
// sort by such a field) answered in minutes and held health and SIGTERM with
// them; on PostgreSQL, twelve such sorts took every connection for a minute
// and ran on after their clients left. Each case runs against a catalog of
// its own per engine, written straight into the database (tests/support/large-catalog.ts).

const ENTITIES = 50_000;
const NO_LOCATIONS = "catalog:\n  locations: []\n";

/** The time a request takes to answer, with its status, or why none came. */
async function timed(url: string, init: RequestInit = {}): Promise<{ status: number | string; ms: number; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    return { status: `no answer: ${(error as Error).message}`, ms: performance.now() - started, body: "" };
  }
}

/** Polls the health check every 100 ms while `work` runs; resolves with the slowest answer. */
async function slowestHealthWhile(server: RunningServer, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const health = await timed(`${server.url}/healthcheck`);
    expect(health.status).toBe(200);
    slowest = Math.max(slowest, health.ms);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return slowest;
}

describe("on SQLite, with 50,000 entities", () => {
  let directory: string;
  let server: RunningServer;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "atrium-query-limits-"));
    const database = await openDatabase({ client: "better-sqlite3", connection: { directory } } as never, directory);
    await migrateToLatest(database);
    await fillLargeCatalog(database.db, ENTITIES);
    await database.destroy();
    server = await startServer(`${NO_LOCATIONS}backend:\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${directory}\n`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(directory, { recursive: true, force: true });
  });

  it("answers a full-text filter on a field without a search index in seconds, and health answers throughout", async () => {
    const query = timed(`${server.url}/api/catalog/entities/by-query?fullTextFilterTerm=nebula&fullTextFilterFields=metadata.description`, { headers: API_AUTHORIZATION });
    const slowestHealth = await slowestHealthWhile(server, query);
    const answer = await query;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ items: [], totalItems: 0 });
    expect(answer.ms).toBeLessThan(10_000);
    expect(slowestHealth).toBeLessThan(10_000);

    const found = await timed(`${server.url}/api/catalog/entities/by-query?fullTextFilterTerm=number%2012345%20of&fullTextFilterFields=metadata.description`, { headers: API_AUTHORIZATION });
    expect(found.status).toBe(200);
    expect(JSON.parse(found.body).items.map((entity: { metadata: { name: string } }) => entity.metadata.name)).toEqual(["service-12345"]);
  }, 60_000);

  it("sorts by a field without a column in seconds, and health answers throughout", async () => {
    const query = timed(`${server.url}/api/catalog/entities/by-query?orderField=metadata.description,desc&limit=3`, { headers: API_AUTHORIZATION });
    const slowestHealth = await slowestHealthWhile(server, query);
    const answer = await query;
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body);
    expect(body.totalItems).toBe(ENTITIES);
    // Descriptions sort as text: "number 9999 " after "number 99989 ".
    expect(body.items.map((entity: { metadata: { name: string } }) => entity.metadata.name)).toEqual(["service-9999", "service-9998", "service-9997"]);
    expect(answer.ms).toBeLessThan(10_000);
    expect(slowestHealth).toBeLessThan(10_000);
  }, 60_000);

  it("filters by a prefix of a field without a column in seconds", async () => {
    const answer = await timed(`${server.url}/api/catalog/entities/by-query`, {
      method: "POST",
      headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ query: { "metadata.description": { $hasPrefix: "the service number 4999" } }, limit: 1 }),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).totalItems).toBe(11); // 4999 and 49990-49999
    expect(answer.ms).toBeLessThan(10_000);
  }, 60_000);

  it("stops on SIGTERM while such a query is asked for", async () => {
    void timed(`${server.url}/api/catalog/entities/by-query?fullTextFilterTerm=zz&fullTextFilterFields=metadata.description&orderField=metadata.description`, { headers: API_AUTHORIZATION });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 60_000);
});

describe("on PostgreSQL, with 50,000 entities", () => {
  let config: TestDatabaseConfig;
  let server: RunningServer;
  let admin: pg.Client;
  const database = () => String((config.connection as { database: string }).database);

  beforeAll(async () => {
    config = testDatabaseConfig("pg");
    const opened = await openDatabase(config as never, process.cwd());
    await migrateToLatest(opened);
    await fillLargeCatalog(opened.db, ENTITIES);
    await opened.destroy();
    server = await startServer(`${NO_LOCATIONS}backend:\n  database:\n    client: pg\n    statementTimeout: 3s\n    connection: ${JSON.stringify(config.connection)}\n`);
    admin = new pg.Client({ ...PG_ADMIN, database: database() });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await server?.stop("SIGKILL");
    if (config) await dropTestDatabase(config);
  });

  /** The queries the server now runs (or waits to run) for requests, as PostgreSQL lists them: its read pool names itself. */
  async function requestQueries(): Promise<string[]> {
    const { rows } = await admin.query<{ query: string }>("SELECT query FROM pg_stat_activity WHERE datname = $1 AND application_name = 'atrium-read' AND state = 'active'", [database()]);
    return rows.map((row) => row.query);
  }

  it("answers an unrelated one-row request promptly while twelve sorts by a field without a column run", async () => {
    const sorts = Array.from({ length: 12 }, (_, index) =>
      timed(`${server.url}/api/catalog/entities/by-query?orderField=metadata.description,${index % 2 ? "asc" : "desc"}&limit=5&offset=${index}`, { headers: API_AUTHORIZATION }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const one = await timed(`${server.url}/api/catalog/entities/by-name/component/default/service-42`, { headers: API_AUTHORIZATION });
    expect(one.status).toBe(200);
    expect(one.ms).toBeLessThan(10_000);
    const answers = await Promise.all(sorts);
    // Each sort answers, or is stopped by the statement timeout with a 503 that says so: none runs on.
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(JSON.parse(answer.body).error.message).toMatch(/backend\.database\.statementTimeout/);
    }
  }, 60_000);

  it("stops a query at the statement timeout with a 503 that says why, and health answers meanwhile", async () => {
    // A lock held by another session makes any read of the table wait, as a slow query would.
    const locker = new pg.Client({ ...PG_ADMIN, database: database() });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE catalog_entities IN ACCESS EXCLUSIVE MODE");
      const query = timed(`${server.url}/api/catalog/entities?limit=5&filter=kind=component`, { headers: API_AUTHORIZATION });
      const slowestHealth = await slowestHealthWhile(server, query);
      const answer = await query;
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { name: "ServiceUnavailableError", message: "The query took longer than 3 s (backend.database.statementTimeout) and was stopped" },
        response: { statusCode: 503 },
      });
      expect(answer.ms).toBeGreaterThan(2_500);
      expect(answer.ms).toBeLessThan(15_000);
      expect(slowestHealth).toBeLessThan(2_000);
    } finally {
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end();
    }
  }, 60_000);

  it("cancels the query of a client that disconnects", async () => {
    const locker = new pg.Client({ ...PG_ADMIN, database: database() });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE catalog_entities IN ACCESS EXCLUSIVE MODE");
      const request = httpRequest({ host: "127.0.0.1", port: server.port, path: "/api/catalog/entities?limit=7&filter=metadata.name=cancel-me", headers: API_AUTHORIZATION });
      request.on("error", () => undefined);
      request.end();
      let running: string[] = [];
      for (let attempt = 0; attempt < 40 && running.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        running = await requestQueries();
      }
      expect(running.length).toBeGreaterThan(0);
      request.destroy();
      // Well inside the 3 s statement timeout: the cancel, not the timeout, ended it.
      const disconnected = performance.now();
      while ((await requestQueries()).length > 0 && performance.now() - disconnected < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await requestQueries()).toEqual([]);
      expect(performance.now() - disconnected).toBeLessThan(2_000);
    } finally {
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end();
    }
  }, 60_000);
});
