import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AtriumDatabase } from "../app/lib/db/client.server";
import { dropTestDatabase, PG_ADMIN, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";
import { startTcpProxy, type TcpProxy } from "../tests/support/tcp-proxy";
import { eventually } from "../tests/support/fake-scm";

// PostgreSQL going away under the built server: it reaches the database
// through a real TCP proxy on 127.0.0.1, which the test kills (every
// connection dropped, nothing listening) and restores, while the catalog is
// being ingested, after the ingestion, and under API load. Each time the
// process stays up, requests answer 503 with Backstage's error body,
// readiness turns 503, and everything comes back by itself once the
// database does.

const FILES = 24;
const COMPONENTS_PER_FILE = 250;
const TOTAL = FILES * COMPONENTS_PER_FILE;
const READINESS = "/.backstage/health/v1/readiness";
const ENTITIES = "/api/catalog/entities/by-query?filter=kind=component&limit=200";

function writeCatalog(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const targets = Array.from({ length: FILES }, (_, file) => `./part-${file}.yaml`);
  targets.forEach((target, file) => {
    const documents = Array.from({ length: COMPONENTS_PER_FILE }, (_, index) =>
      JSON.stringify({
        apiVersion: "backstage.io/v1alpha1",
        kind: "Component",
        metadata: { name: `service-${file}-${index}`, description: `Generated service ${index} of file ${file}` },
        spec: { type: "service", lifecycle: "production", owner: "group:default/platform" },
      }),
    );
    writeFileSync(path.join(dir, target), documents.join("\n---\n"));
  });
  const location = { apiVersion: "backstage.io/v1alpha1", kind: "Location", metadata: { name: "generated" }, spec: { targets } };
  const file = path.join(dir, "catalog.yaml");
  writeFileSync(file, JSON.stringify(location));
  return file;
}

describe("PostgreSQL going away under the server", () => {
  let dir: string;
  let database: TestDatabaseConfig;
  let proxy: TcpProxy;
  let server: RunningServer;
  /** The test's own connection, straight to PostgreSQL, not through the proxy. */
  let observer: AtriumDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-outage-"));
    database = testDatabaseConfig("pg");
    proxy = await startTcpProxy({ host: PG_ADMIN.host, port: PG_ADMIN.port });
    const throughProxy = { ...(database.connection as object), host: "127.0.0.1", port: proxy.port };
    server = await startServer(`
backend:
  database:
    client: pg
    connection: ${JSON.stringify(throughProxy)}
catalog:
  locations:
    - type: file
      target: ${writeCatalog(path.join(dir, "catalog"))}
  rules:
    - allow: [Component, Location]
  processingInterval: false
`);
    await eventually(async () => ((await fetch(`${server.url}${READINESS}`)).status === 200 ? true : undefined), "the server to be ready", 60_000);
    observer = await openDatabase(database as never, dir);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await observer?.destroy();
    await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: API_AUTHORIZATION });
  const components = async () =>
    Number(
      (
        await observer.db
          .selectFrom("catalog_entities")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("kind", "=", "component")
          .executeTakeFirstOrThrow()
      ).count,
    );

  function expectAlive() {
    expect(server.process.exitCode, server.output().slice(-3000)).toBeNull();
    expect(server.output()).not.toContain("Unhandled 'error' event");
  }

  /** The database is gone: readiness turns 503, a request answers 503 in Backstage's shape, liveness stays 200, and the process lives. */
  async function expectOutage() {
    const readiness = await eventually(
      async () => {
        const response = await fetch(`${server.url}${READINESS}`);
        return response.status === 503 ? response.json() : undefined;
      },
      "readiness to turn 503",
      10_000,
    ).catch((error: unknown) => {
      expectAlive();
      throw error;
    });
    expect(readiness).toMatchObject({ status: "error", message: expect.stringMatching(/database/) });
    const response = await get(ENTITIES);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { name: "ServiceUnavailableError", message: "The database is unavailable; try again in a moment" },
      request: { method: "GET", url: "/api/catalog/entities/by-query" },
      response: { statusCode: 503 },
    });
    // A page whose data is in the database says so too, as a page.
    const page = await fetch(`${server.url}/catalog`);
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect((await fetch(`${server.url}/.backstage/health/v1/liveness`)).status).toBe(200);
    // A moment more for any late 'error' event to end the process.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expectAlive();
  }

  /** The database is back: readiness returns to 200 and requests succeed, with nothing restarted. */
  async function expectRecovery() {
    await eventually(async () => ((await fetch(`${server.url}${READINESS}`)).status === 200 ? true : undefined), "readiness to return to 200", 20_000);
    await eventually(async () => ((await get(ENTITIES)).status === 200 ? true : undefined), "the API to answer again", 20_000);
    expectAlive();
  }

  it("survives a drop during ingestion, and the ingestion finishes after the database returns", async () => {
    const before = await eventually(
      async () => {
        const count = await components();
        return count >= 500 ? count : undefined;
      },
      "the ingestion to start",
      60_000,
    );
    expect(before).toBeLessThan(TOTAL);
    await proxy.kill();
    await expectOutage();
    await proxy.restore();
    await expectRecovery();
    await eventually(async () => ((await components()) === TOTAL ? true : undefined), "the ingestion to finish", 120_000);
    expectAlive();
  }, 240_000);

  it("survives a drop after the ingestion, with pooled connections idle", async () => {
    await eventually(async () => ((await components()) === TOTAL ? true : undefined), "the ingestion to finish", 120_000);
    expectAlive();
    await proxy.kill();
    await expectOutage();
    await proxy.restore();
    await expectRecovery();
  }, 180_000);

  it("survives a drop under API load: requests in flight answer 503 with the error body, none is cut off", async () => {
    type Outcome = { startedAt: number; status: number | "connection lost"; body: unknown };
    const outcomes: Outcome[] = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        const startedAt = Date.now();
        try {
          const response = await get(ENTITIES);
          outcomes.push({ startedAt, status: response.status, body: await response.json() });
        } catch {
          outcomes.push({ startedAt, status: "connection lost", body: undefined });
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The database stops answering first, so that the clients' next requests are waiting on it when it goes.
    proxy.hold();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killedAt = Date.now();
    await proxy.kill();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await expectOutage();
    await proxy.restore();
    await expectRecovery();
    loading = false;
    await Promise.all(clients);

    expect(outcomes.filter((outcome) => outcome.startedAt < killedAt && outcome.status === 200).length).toBeGreaterThan(0);
    const failures = outcomes.filter((outcome) => outcome.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    // Every failure is a 503 in Backstage's shape: never a 500, never a connection cut.
    for (const failure of failures) {
      expect(failure).toMatchObject({ status: 503, body: { error: { name: "ServiceUnavailableError" }, response: { statusCode: 503 } } });
    }
    // Some of them were in flight when the database went.
    expect(failures.some((failure) => failure.startedAt < killedAt)).toBe(true);
    expectAlive();
  }, 120_000);
});
