import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/lib/db/client.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { writeCatalog } from "../scripts/bench/catalog-generator.js";
import { fillLargeCatalog } from "../tests/support/large-catalog";
import { API_AUTHORIZATION, configArgs, runServer, startServer, writeConfig, type RunningServer } from "../tests/support/server";

// backend.workers: several worker processes behind one port (server/workers.js,
// docs/decisions/048-workers.md). node:sqlite answers synchronously, so a
// slow query holds the process that runs it; with two workers, a request on
// another connection is taken by the other one and answers at once. The
// background tasks run in a third worker that serves no requests.

// Enough that the slow query below takes seconds (about 3 s here).
const ENTITIES = 100_000;
// A full-text filter on a field without a full-text index that every entity matches, sorted by such a field: every entity's rows are read (server/query-limits.test.ts).
const SLOW_QUERY = "/api/catalog/entities/by-query?fullTextFilterTerm=generated&fullTextFilterFields=metadata.description,metadata.name&orderField=metadata.description,desc&limit=3";

type Answer = { status: number | string; ms: number; body: string };

/** A GET on a connection of its own (no keep-alive pool), timed. */
function onNewConnection(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return timedGet(url, { agent: false, headers: { ...headers, connection: "close" } });
}

function timedGet(url: string, options: { agent: Agent | false; headers: Record<string, string> }): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(url, { ...options, timeout: 60_000 }, (res) => {
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

/** Each worker's pid, by worker number, from its latest "Listening" line (the background worker's "Running the background tasks"). */
function workerPids(server: Pick<RunningServer, "output">): Map<number, number> {
  const pids = new Map<number, number>();
  for (const line of logLines(server)) {
    if ((line.msg === "Listening" || line.msg === "Running the background tasks") && typeof line.worker === "number") pids.set(line.worker, Number(line.pid));
  }
  return pids;
}

/** The first end of a run of a scheduled task. */
const taskFinished = (server: Pick<RunningServer, "output">, task: string) => logLines(server).find((line) => line.task === task && line.msg === "Task finished");

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
  /** How long by-name requests took on two kept-alive connections, one per HTTP worker, while a location of 10,000 entities was ingested. */
  const duringIngestion: number[] = [];
  let ingested: { sampleComponents: string[] };

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "atrium-workers-"));
    const database = await openDatabase({ client: "better-sqlite3", connection: { directory } } as never, directory);
    await migrateToLatest(database);
    await fillLargeCatalog(database.db, ENTITIES);
    await database.destroy();
    // Two files of 5,000 entities: each is written in one transaction, whose commit holds its process for a second or so.
    ingested = writeCatalog({ n: 10_000, files: 2, out: path.join(directory, "generated") });
    const catalog = `catalog:\n  locations:\n    - type: file\n      target: ${path.join(directory, "generated", "catalog.yaml")}\n  rules:\n    - allow: [Component, API, Resource, System, Domain, Group, User, Location]\n`;
    // At debug level the scheduler logs its tasks' runs.
    server = await startServer(`${catalog}backend:\n  workers: 2\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${directory}\n`, { LOG_LEVEL: "debug" });
    // startServer waits for the first worker; the primary says when both are.
    await until("both workers", () => (logLines(server).some((line) => line.msg === "Every worker process is ready") ? true : undefined));
    // Each worker's first request loads the route modules and reads the pages it needs from disk: not what is measured here.
    for (let attempt = 0; attempt < 6; attempt++) await onNewConnection(`${server.url}/api/catalog/entities/by-name/component/default/service-${attempt}`, API_AUTHORIZATION);
    // The catalog's processing ingests the location in the background worker. The primary hands connections to the
    // HTTP workers in turn, so two kept-alive connections reach both.
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    while (!taskFinished(server, "catalog-processing")) {
      const answers = await Promise.all([1, 2].map((n) => timedGet(`${server.url}/api/catalog/entities/by-name/component/default/service-${n}`, { agent, headers: API_AUTHORIZATION })));
      for (const answer of answers) duringIngestion.push(answer.status === 200 ? answer.ms : Infinity);
      if (duringIngestion.length > 200_000) throw new Error("the ingestion never finished");
    }
    agent.destroy();
    // The search index's first pass reads the whole catalog for seconds: a measure of its own, not this one's.
    await until("the first search indexing", () => (taskFinished(server, "search-catalog-collator") ? true : undefined), 120_000);
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
    // Every entity of the large catalog matches, and the two Location entities that lead to the generated one (its directory's name and its description).
    expect(JSON.parse(slowAnswer.body)).toMatchObject({ totalItems: ENTITIES + 2, items: [{ metadata: { name: "service-99999" } }, {}, {}] });
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

  it("ingests in a worker that serves no requests, so requests never wait for its writes", async () => {
    expect(logLines(server).find((line) => line.msg === "Starting worker processes")).toMatchObject({ workers: 2, backgroundWorker: 3 });
    expect(workerPids(server).get(3)).toBeDefined();
    expect(logLines(server).filter((line) => line.msg === "Listening" && line.worker === 3)).toEqual([]);
    // Every run of a background task was the background worker's.
    const runs = logLines(server).filter((line) => line.msg === "Task started" && ["catalog-processing", "search-catalog-collator"].includes(String(line.task)));
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs.map((line) => line.worker))).toEqual(new Set([3]));
    const sample = ingested.sampleComponents[0];
    expect(JSON.parse((await onNewConnection(`${server.url}/api/catalog/entities/by-name/component/default/${sample}`, API_AUTHORIZATION)).body).metadata.name).toBe(sample);

    const slowest = Math.max(...duringIngestion);
    console.info(`${duringIngestion.length} by-name requests during the ingestion; the slowest ${Math.round(slowest)} ms`);
    expect(duringIngestion.length).toBeGreaterThanOrEqual(10);
    // With the processing in an HTTP worker, the requests on its connection waited for each file's commit, a second or more.
    expect(slowest).toBeLessThan(500);
  });

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
    expect(pids).toHaveLength(3);
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
