import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AtriumDatabase } from "../app/lib/db/client.server";
import type { Database } from "../app/lib/db/schema";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { startServer, type RunningServer } from "../tests/support/server";

// The scheduler in the built server, on both engines: catalog processing is
// its task, shown at Backstage's tasks path; a database error inside the
// task is logged with the task id and the process lives on; and a server
// killed with SIGKILL in the middle of ingesting a catalog of thousands of
// entities, then started again on the same database, finishes the ingestion
// within a minute, with every entity there exactly once.

const TOKEN = "scheduler-test-token-0123456789";
const FILES = 24;
const COMPONENTS_PER_FILE = 250;
const TOTAL = FILES * COMPONENTS_PER_FILE;
const TASKS_PATH = "/api/catalog/.backstage/scheduler/v1/tasks";

/** A generated catalog: one Location listing FILES files of COMPONENTS_PER_FILE components each, and their owner. */
function writeCatalog(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const targets = Array.from({ length: FILES }, (_, file) => `./part-${String(file).padStart(3, "0")}.yaml`);
  targets.forEach((target, file) => {
    const documents = Array.from({ length: COMPONENTS_PER_FILE }, (_, index) =>
      JSON.stringify({
        apiVersion: "backstage.io/v1alpha1",
        kind: "Component",
        metadata: { name: `service-${file}-${index}`, description: `Generated service ${index} of file ${file}`, tags: ["generated"] },
        spec: { type: "service", lifecycle: "production", owner: "group:default/platform" },
      }),
    );
    writeFileSync(path.join(dir, target), documents.join("\n---\n"));
  });
  const group = { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "platform" }, spec: { type: "team", children: [] } };
  const location = { apiVersion: "backstage.io/v1alpha1", kind: "Location", metadata: { name: "generated" }, spec: { targets } };
  const file = path.join(dir, "catalog.yaml");
  writeFileSync(file, [location, group].map((document) => JSON.stringify(document)).join("\n---\n"));
  return file;
}

function serverConfig(database: TestDatabaseConfig, sqliteFile: string | undefined, catalogFile: string): string {
  const connection = sqliteFile ? `{ filename: '${sqliteFile}' }` : JSON.stringify(database.connection);
  return `
backend:
  database:
    client: ${database.client}
    connection: ${connection}
  auth:
    externalAccess:
      - type: static
        options: { token: ${TOKEN}, subject: scheduler-test }
catalog:
  locations:
    - type: file
      target: ${catalogFile}
  rules:
    - allow: [Component, Group, Location]
  processingInterval: false
`;
}

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api(server: RunningServer, pathname: string, init: RequestInit = {}, token = TOKEN) {
  const response = await fetch(`${server.url}${pathname}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as object) } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const countComponents = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom("catalog_entities")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("kind", "=", "component")
        .executeTakeFirstOrThrow()
    ).count,
  );

describe.each(TEST_ENGINES)("the scheduler in the server on %s", (engine) => {
  let dir: string;
  let database: TestDatabaseConfig;
  let sqliteFile: string | undefined;
  let config: string;
  /** The test's own connection to the server's database. */
  let observer: AtriumDatabase;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-scheduler-"));
    database = testDatabaseConfig(engine);
    sqliteFile = engine === "sqlite" ? path.join(dir, "atrium.sqlite") : undefined;
    config = serverConfig(database, sqliteFile, writeCatalog(path.join(dir, "catalog")));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });
  afterAll(async () => {
    await observer?.destroy();
    await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  });

  async function start() {
    const server = await startServer(config);
    servers.push(server);
    // The server migrated the database: the test can watch it from now on.
    observer ??= await openDatabase((sqliteFile ? { client: "better-sqlite3", connection: { filename: sqliteFile } } : database) as never, dir);
    return server;
  }

  it("resumes an ingestion killed with SIGKILL within a minute of the restart, losing and duplicating nothing", async () => {
    const first = await start();
    // Mid-ingestion: some of the files are written, most are not.
    const before = await eventually(async () => {
      const count = await countComponents(observer.db);
      return count >= COMPONENTS_PER_FILE * 2 ? count : undefined;
    }, "ingestion to start");
    expect(before).toBeLessThan(TOTAL);

    // While the task runs, a trigger is refused with Backstage's 409.
    const conflict = await api(first, `${TASKS_PATH}/catalog-processing/trigger`, { method: "POST" });
    expect(conflict).toMatchObject({ status: 409, body: { error: { name: "ConflictError", message: "Task catalog-processing is currently running" }, response: { statusCode: 409 } } });

    await first.stop("SIGKILL");
    const killedAt = await countComponents(observer.db);
    expect(killedAt).toBeLessThan(TOTAL);

    const restartedAt = Date.now();
    const second = await start();
    await eventually(async () => ((await countComponents(observer.db)) === TOTAL ? true : undefined), "the ingestion to finish after the restart", 60_000);
    // The generated Location is done: not leased, no errors.
    await eventually(async () => {
      const rows = await observer.db.selectFrom("catalog_entities").select("lease_owner").where("kind", "=", "location").where("lease_owner", "is not", null).execute();
      return rows.length === 0 ? true : undefined;
    }, "the locations' leases to be released");
    const elapsed = Date.now() - restartedAt;
    expect(elapsed).toBeLessThan(60_000);
    const locations = await observer.db.selectFrom("catalog_entities").select("errors").where("kind", "=", "location").execute();
    expect(locations.map((row) => row.errors)).toEqual([null, null]);

    // Every entity once: names are distinct and complete, relations are not doubled, nothing orphaned.
    const names = await observer.db.selectFrom("catalog_entities").select("name").where("kind", "=", "component").execute();
    expect(new Set(names.map((row) => row.name)).size).toBe(TOTAL);
    const duplicatedRelations = await observer.db
      .selectFrom("catalog_relations")
      .select(["source_ref", "type", "target_ref"])
      .groupBy(["source_ref", "type", "target_ref"])
      .having(sql`count(*)`, ">", 1)
      .execute();
    expect(duplicatedRelations).toEqual([]);
    const owned = await observer.db
      .selectFrom("catalog_relations")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("type", "=", "ownedBy")
      .executeTakeFirstOrThrow();
    expect(Number(owned.count)).toBe(TOTAL);
    const orphans = await observer.db.selectFrom("catalog_entities").select("entity_ref").where("orphan", "=", 1).execute();
    expect(orphans).toEqual([]);

    // The new process took the dead one's lease over, and says so.
    expect(second.output()).toMatch(/"task":"catalog-processing".*"msg":"Took over a task whose holder stopped beating its heartbeat"/);
    const { body } = await api(second, TASKS_PATH);
    expect(body.tasks).toEqual([
      {
        taskId: "catalog-processing",
        pluginId: "catalog",
        scope: "global",
        settings: { version: 2, cadence: "PT1S", timeoutAfterDuration: "PT30M" },
        taskState: expect.objectContaining({ status: expect.stringMatching(/^(idle|running)$/) }),
        workerState: { status: expect.stringMatching(/^(idle|running)$/) },
      },
    ]);
  }, 150_000);

  it("logs a database error inside the processing task with the task's id, lives on, and runs the task again", async () => {
    const server = await start();
    await eventually(async () => ((await countComponents(observer.db)) === TOTAL ? true : undefined), "the catalog to be ingested");
    // The table the task reads goes away under it: every run now fails in the database.
    await sql`ALTER TABLE catalog_entities RENAME TO catalog_entities_away`.execute(observer.db);
    try {
      await eventually(async () => (/"task":"catalog-processing".*"msg":"Task failed; it runs again at its next time"/.test(server.output()) ? true : undefined), "the failure to be logged", 20_000);
      const failure = server
        .output()
        .split("\n")
        // Other tasks read the table too (the search index's catalog collator): this one's line.
        .find((line) => line.includes('"task":"catalog-processing"') && line.includes('"msg":"Task failed; it runs again at its next time"'))!;
      expect(JSON.parse(failure)).toMatchObject({ level: 50, pluginId: "catalog", task: "catalog-processing", err: { message: expect.stringMatching(/catalog_entities/) } });
      const failed = await eventually(async () => {
        const { body } = await api(server, TASKS_PATH);
        return body.tasks[0].taskState.lastRunError ? body.tasks[0] : undefined;
      }, "the error to show in the task's state");
      expect(JSON.parse(failed.taskState.lastRunError).message).toMatch(/catalog_entities/);
    } finally {
      await sql`ALTER TABLE catalog_entities_away RENAME TO catalog_entities`.execute(observer.db);
    }
    // The process lives on, and the next run succeeds.
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.url}/.backstage/health/v1/liveness`)).status).toBe(200);
    await eventually(
      async () => {
        const { body } = await api(server, TASKS_PATH);
        return body.tasks[0].taskState.lastRunEndedAt && !body.tasks[0].taskState.lastRunError ? true : undefined;
      },
      "a run without error",
      20_000,
    );
  }, 120_000);

  it("answers the tasks API only to a valid token, with Backstage's 404s", async () => {
    const server = await start();
    expect((await api(server, TASKS_PATH, {}, "not-a-valid-token")).status).toBe(401);
    expect((await api(server, `${TASKS_PATH}/catalog-processing/trigger`, { method: "POST" }, "not-a-valid-token")).status).toBe(401);
    expect(await api(server, `${TASKS_PATH}/no-such-task/trigger`, { method: "POST" })).toEqual({
      status: 404,
      body: {
        error: { name: "NotFoundError", message: "Task no-such-task does not exist" },
        request: { method: "POST", url: `${TASKS_PATH}/no-such-task/trigger` },
        response: { statusCode: 404 },
      },
    });
    expect(await api(server, "/api/nothing-here/.backstage/scheduler/v1/tasks")).toMatchObject({ status: 404, body: { error: { name: "NotFoundError" } } });
    // Idle with nothing due: a trigger is accepted, and the task runs.
    const before = (await api(server, TASKS_PATH)).body.tasks[0].taskState.lastRunEndedAt;
    await eventually(async () => ((await api(server, `${TASKS_PATH}/catalog-processing/trigger`, { method: "POST" })).status === 200 ? true : undefined), "an accepted trigger");
    await eventually(async () => ((await api(server, TASKS_PATH)).body.tasks[0].taskState.lastRunEndedAt !== before ? true : undefined), "the triggered run", 10_000);
  });
});
