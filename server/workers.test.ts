import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/lib/db/client.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { fillLargeCatalog } from "../tests/support/large-catalog";
import { API_AUTHORIZATION, configArgs, runServer, startServer, writeConfig, type RunningServer } from "../tests/support/server";

// backend.workers: several worker processes behind one port (server/workers.js,
// docs/decisions/048-workers.md). node:sqlite answers synchronously, so a
// slow query holds the process that runs it; with two workers, a request on
// another connection is taken by the other one and answers at once.

// Enough that the slow query below takes seconds (about 3 s here).
const ENTITIES = 100_000;
// A full-text filter on a field without a full-text index that every entity matches, sorted by such a field: every entity's rows are read (server/query-limits.test.ts).
const SLOW_QUERY = "/api/catalog/entities/by-query?fullTextFilterTerm=generated&fullTextFilterFields=metadata.description,metadata.name&orderField=metadata.description,desc&limit=3";

type Answer = { status: number | string; ms: number; body: string };

/** A GET on a connection of its own (no keep-alive pool), timed. */
function onNewConnection(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false, headers: { ...headers, connection: "close" }, timeout: 60_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
    });
    req.on("error", (error) => resolve({ status: `no answer: ${error.message}`, ms: performance.now() - started, body: "" }));
    req.end();
  });
}

/** The server's log lines, parsed. */
function logLines(server: Pick<RunningServer, "output">): Array<Record<string, unknown>> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Each worker's pid, by worker number, from its latest "Listening" line. */
function workerPids(server: Pick<RunningServer, "output">): Map<number, number> {
  const pids = new Map<number, number>();
  for (const line of logLines(server)) if (line.msg === "Listening" && typeof line.worker === "number") pids.set(line.worker, Number(line.pid));
  return pids;
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("two workers on a SQLite file with 100,000 entities", () => {
  let directory: string;
  let server: RunningServer;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "atrium-workers-"));
    const database = await openDatabase({ client: "better-sqlite3", connection: { directory } } as never, directory);
    await migrateToLatest(database);
    await fillLargeCatalog(database.db, ENTITIES);
    await database.destroy();
    // At debug level the scheduler logs its tasks' runs.
    server = await startServer(`catalog:\n  locations: []\nbackend:\n  workers: 2\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${directory}\n`, { LOG_LEVEL: "debug" });
    // startServer waits for the first worker; the primary says when both are.
    await until("both workers", () => (logLines(server).some((line) => line.msg === "Every worker process is ready") ? true : undefined));
    // The search index's first pass reads the whole catalog on the worker holding its lease, holding that worker for seconds: a measure of its own, not this one's.
    await until("the first search indexing", () => (logLines(server).some((line) => line.task === "search-catalog-collator" && line.msg === "Task finished") ? true : undefined), 120_000);
    // Each worker's first request loads the route modules and reads the pages it needs from disk: not what is measured here.
    for (let attempt = 0; attempt < 6; attempt++) await onNewConnection(`${server.url}/api/catalog/entities/by-name/component/default/service-${attempt}`, API_AUTHORIZATION);
  }, 180_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(directory, { recursive: true, force: true });
  });

  it("answers a by-name request on another connection while a slow full-text query runs", async () => {
    const slow = onNewConnection(`${server.url}${SLOW_QUERY}`, API_AUTHORIZATION);
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const byName = await onNewConnection(`${server.url}/api/catalog/entities/by-name/component/default/service-42`, API_AUTHORIZATION);
    const slowWasRunning = !slowDone;
    const slowAnswer = await slow;

    expect(slowAnswer.status).toBe(200);
    expect(JSON.parse(slowAnswer.body)).toMatchObject({ totalItems: ENTITIES, items: [{ metadata: { name: "service-99999" } }, {}, {}] });
    expect(byName.status).toBe(200);
    expect(JSON.parse(byName.body).metadata.name).toBe("service-42");
    console.info(`slow full-text query: ${Math.round(slowAnswer.ms)} ms; by-name request during it: ${Math.round(byName.ms)} ms`);
    // The slow query takes from a third of a second (its pages cached) to two (cold); the by-name
    // answer came while it still ran, in a fraction of its time. With one worker it comes after
    // the slow one, two thirds of its time or more.
    expect(slowAnswer.ms).toBeGreaterThan(250);
    expect(slowWasRunning).toBe(true);
    expect(byName.ms).toBeLessThan(slowAnswer.ms / 3);
  }, 60_000);

  it("serves requests from both workers", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await onNewConnection(`${server.url}/api/catalog/entities/by-name/component/default/service-7`, API_AUTHORIZATION)).status).toBe(200);
    }
    const workers = new Set(logLines(server).flatMap((line) => (line.msg === "request" && line.path === "/api/catalog/entities/by-name/component/default/service-7" ? [line.worker] : [])));
    expect([...workers].sort()).toEqual([1, 2]);
  }, 60_000);

  it("starts a worker again when one dies", async () => {
    const before = workerPids(server);
    const killed = before.get(2)!;
    process.kill(killed, "SIGKILL");
    await until("the replacement", () => (logLines(server).some((line) => line.msg === "The replacement worker process is ready") ? true : undefined));
    const after = workerPids(server);
    expect(after.get(2)).not.toBe(killed);
    expect(isRunning(after.get(2)!)).toBe(true);
    expect(after.get(1)).toBe(before.get(1));
    expect(logLines(server).find((line) => line.msg === "A worker process stopped unexpectedly; starting another in its place")).toMatchObject({ slot: 2, pid: killed, signal: "SIGKILL" });
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await onNewConnection(`${server.url}/api/catalog/entities/by-name/component/default/service-9`, API_AUTHORIZATION)).status).toBe(200);
    }
  }, 90_000);

  it("stops every worker on SIGTERM, with exit code 0", async () => {
    const pids = [...workerPids(server).values()];
    expect(pids).toHaveLength(2);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(pids.filter(isRunning)).toEqual([]);
  }, 60_000);
});

describe("backend.workers", () => {
  it("runs as many workers as the cores the process may use when unset", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "atrium-workers-default-"));
    // Not the tests' usual config, which sets one worker: the repository's app-config.yaml and a file database, as `npm start` runs.
    const config = writeConfig(
      `backend:\n  listen:\n    port: 0\n    host: 127.0.0.1\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${directory}\nkubernetes:\n  demoCluster: false\n`,
    );
    const { child, exited, output } = runServer(["--config", config]);
    try {
      const cores = availableParallelism();
      const server = { output };
      await until(
        "every worker",
        () => (cores === 1 ? logLines(server).some((line) => line.msg === "Atrium is ready") : logLines(server).some((line) => line.msg === "Every worker process is ready")) || undefined,
      );
      const port = Number(logLines(server).find((line) => line.msg === "Listening")!.port);
      expect((await fetch(`http://127.0.0.1:${port}/.backstage/health/v1/readiness`)).status).toBe(200);
      expect(logLines(server).filter((line) => line.msg === "Listening")).toHaveLength(cores);
      if (cores > 1) expect(logLines(server).find((line) => line.msg === "Starting worker processes")).toMatchObject({ workers: cores });
    } finally {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);

  it("runs one worker on an in-memory SQLite database, and says why", async () => {
    const server = await startServer("backend:\n  workers: 2\n");
    try {
      expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
      const lines = logLines(server);
      expect(lines.find((line) => String(line.msg).startsWith("Running one worker process"))?.msg).toContain("in-memory SQLite");
      expect(lines.some((line) => line.msg === "Starting worker processes")).toBe(false);
      expect(lines.filter((line) => line.msg === "Listening")).toHaveLength(1);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }
  }, 60_000);

  it("refuses a count that is not a positive integer, before forking anything", async () => {
    const { exited, output } = runServer(configArgs("backend:\n  workers: 0\n"));
    expect(await exited).toBe(1);
    expect(output()).toContain("backend.workers");
    expect(output()).not.toContain("Starting worker processes");
  }, 60_000);

  it("ends with exit code 1 when the workers cannot start, without forking again", async () => {
    // A directory where the database file should be: the first worker fails to open it.
    const directory = mkdtempSync(path.join(tmpdir(), "atrium-workers-bad-"));
    try {
      const { exited, output } = runServer(configArgs(`backend:\n  workers: 2\n  database:\n    client: better-sqlite3\n    connection:\n      filename: ${directory}\n`));
      expect(await exited).toBe(1);
      expect(output()).toContain("Atrium could not start its worker processes");
      expect(output().match(/"msg":"Starting worker processes"/g)).toHaveLength(1);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
