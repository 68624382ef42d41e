import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { startServer, type RunningServer } from "../tests/support/server";

// kill -9 of the portal while scaffolder tasks run: the built server on a
// database that outlives it (a SQLite file, a PostgreSQL database) runs
// tasks that wait (debug:wait); it is killed with SIGKILL, started again on
// the same database, and within a minute no task is left processing: the
// tasks that cannot be recovered are failed with Backstage's stale message,
// the one whose template opts into recovery (startOver) runs again and
// completes.

const TOKEN = "scaffolder-kill-test-token-0123456789";

function template(name: string, spec: object): string {
  return JSON.stringify({ apiVersion: "scaffolder.backstage.io/v1beta3", kind: "Template", metadata: { name }, spec: { type: "service", owner: "group:default/platform", ...spec } });
}

function config(database: TestDatabaseConfig, sqliteFile: string | undefined, catalogFile: string) {
  const connection = sqliteFile ? `{ filename: '${sqliteFile}' }` : JSON.stringify(database.connection);
  return `
backend:
  database:
    client: ${database.client}
    connection: ${connection}
  auth:
    externalAccess:
      - type: static
        options: { token: ${TOKEN}, subject: scaffolder-kill-test }
catalog:
  locations:
    - type: file
      target: ${catalogFile}
      rules:
        - allow: [Template]
`;
}

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(TEST_ENGINES)("scaffolder tasks across a kill -9 on %s", (engine) => {
  let dir: string;
  let database: TestDatabaseConfig;
  let serverConfig: string;
  const servers: RunningServer[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-scaffolder-kill-"));
    database = testDatabaseConfig(engine);
    const catalogFile = path.join(dir, "templates.yaml");
    writeFileSync(
      catalogFile,
      [
        template("long-wait", { steps: [{ id: "wait", name: "Wait", action: "debug:wait", input: { minutes: 10 } }] }),
        template("recoverable-wait", {
          EXPERIMENTAL_recovery: { EXPERIMENTAL_strategy: "startOver" },
          parameters: { properties: { seconds: { type: "number" } } },
          steps: [{ id: "wait", name: "Wait", action: "debug:wait", input: { seconds: "${{ parameters.seconds }}" } }],
        }),
      ].join("\n---\n"),
    );
    serverConfig = config(database, engine === "sqlite" ? path.join(dir, "atrium.sqlite") : undefined, catalogFile);
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop("SIGKILL");
  });
  afterAll(async () => {
    await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  });

  async function start() {
    const server = await startServer(serverConfig);
    servers.push(server);
    return server;
  }

  const api = async (server: RunningServer, pathname: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}/api/scaffolder/v2${pathname}`, {
      ...init,
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...(init.headers as object) },
    });
    return { status: response.status, body: await response.json() };
  };

  it("leaves no task processing after a restart", { timeout: 180_000 }, async () => {
    const first = await start();
    for (const name of ["long-wait", "recoverable-wait"]) {
      await eventually(
        async () => ((await fetch(`${first.url}/api/catalog/entities/by-name/template/default/${name}`, { headers: { authorization: `Bearer ${TOKEN}` } })).ok ? true : undefined),
        `template ${name}`,
      );
    }
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const created = await api(first, "/tasks", { method: "POST", body: JSON.stringify({ templateRef: "template:default/long-wait", values: {} }) });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    // Long enough to be killed in the middle, short enough to finish after the restart.
    const recoverable = (await api(first, "/tasks", { method: "POST", body: JSON.stringify({ templateRef: "template:default/recoverable-wait", values: { seconds: 3 } }) })).body.id as string;
    await eventually(async () => {
      const { body } = await api(first, "/tasks?status=processing");
      return body.totalTasks === 4 ? true : undefined;
    }, "every task processing");

    first.process.kill("SIGKILL");
    await first.stop("SIGKILL");
    servers.splice(servers.indexOf(first), 1);

    const second = await start();
    const settled = await eventually(async () => {
      const { body } = await api(second, "/tasks?status=processing&status=open");
      return body.totalTasks === 0 ? true : undefined;
    }, "no task open or processing");
    expect(settled).toBe(true);
    for (const id of ids) {
      const { body: task } = await api(second, `/tasks/${id}`);
      expect(task.status).toBe("failed");
      const { body: events } = await api(second, `/tasks/${id}/events`);
      expect(events.at(-1)).toMatchObject({ type: "completion", body: { message: "This task was marked as stale as it exceeded its timeout" } });
    }
    const { body: restarted } = await api(second, `/tasks/${recoverable}`);
    expect(restarted.status).toBe("completed");
    const { body: recoveredEvents } = await api(second, `/tasks/${recoverable}/events`);
    expect(recoveredEvents[0]).toMatchObject({ type: "recovered", body: { recoverStrategy: "startOver" } });
    expect(recoveredEvents.at(-1)).toMatchObject({ type: "completion", body: { message: "Run completed with status: completed" } });
  });
});
