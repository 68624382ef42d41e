import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";
import { eventually } from "../tests/support/fake-scm";

// A full disk under the built server on SQLite, with one worker process and
// with two (docs/decisions/048-workers.md). The data directory is a small
// tmpfs of its own (the tests run as root, so they can mount one), which the
// test fills with a file until the kernel says ENOSPC, as a disk filled by
// anything else on the host would be. Reads still work on a full disk,
// writes fail: readiness must turn 503 in every worker, a write must answer
// 503 in Backstage's error body rather than 500, the background tasks
// failing every second must not write a log line every second, and all of it
// must come back once space is freed.
//
// When writes fail depends on SQLite's write-ahead log: once a checkpoint
// has copied all of it, SQLite writes the log again from its beginning, into
// space the file already has, so writes succeed on a full disk until one
// needs the log to grow. The test fills the disk twice: first with a log
// that has such room (readiness must turn 503 all the same: a small write
// still succeeding says nothing of the next large one), then with a log
// truncated to nothing, so that every write needs new space and fails.

const REPEAT_WINDOW_SECONDS = 4;
const READINESS = "/.backstage/health/v1/readiness";

/** Writes zeros into `file` until the file system has no byte left. */
function fillDisk(file: string) {
  const fd = openSync(file, "w");
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Runs a checkpoint of the given mode on the server's SQLite file, from a connection of the test's own. */
function checkpoint(file: string, mode: "RESTART" | "TRUNCATE") {
  const database = new DatabaseSync(file);
  try {
    database.exec("PRAGMA busy_timeout = 10000");
    // busy 0: the checkpoint ran to its end (RESTART: the next write starts the log over; TRUNCATE: the log is empty).
    expect(database.prepare(`PRAGMA wal_checkpoint(${mode})`).get()).toMatchObject({ busy: 0 });
  } finally {
    database.close();
  }
}

/** A GET on a connection of its own, so the primary hands it to whichever worker is free, with a request id to find its log line by. */
function onNewConnection(url: string): Promise<{ status: number; requestId: string; body: string }> {
  const requestId = randomUUID();
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false, headers: { "x-request-id": requestId, connection: "close" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, requestId, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

type LogLine = { level: number; msg: string; repeated?: number; requestId?: string; worker?: number | string; pluginId?: string; task?: string };

describe.each([1, 2])("a full disk under the server on SQLite, %i worker process(es)", (workers) => {
  let mountPoint: string;
  let server: RunningServer;

  beforeAll(async () => {
    mountPoint = mkdtempSync(path.join(tmpdir(), "atrium-full-disk-"));
    // Fails the test (never skips it) where a tmpfs cannot be mounted.
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", mountPoint]);
    server = await startServer(
      `
backend:
  workers: ${workers}
  reading:
    allow:
      - host: example.invalid
  database:
    client: better-sqlite3
    connection:
      directory: ${path.join(mountPoint, "data")}
`,
      { LOG_REPEAT_WINDOW_SECONDS: String(REPEAT_WINDOW_SECONDS) },
    );
    await eventually(async () => ((await fetch(`${server.url}${READINESS}`)).status === 200 ? true : undefined), "the server to be ready", 60_000);
    if (workers > 1) await eventually(async () => (server.output().includes('"msg":"Every worker process is ready"') ? true : undefined), "every worker", 60_000);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (mountPoint) {
      execFileSync("umount", [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  const register = (target: string) =>
    fetch(`${server.url}/api/catalog/locations`, {
      method: "POST",
      headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target }),
    });

  const logLines = (from: number): LogLine[] =>
    server
      .output()
      .slice(from)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);

  /** Which worker answered each request, by request id. */
  const workerOf = (requestIds: string[]) => new Set(logLines(0).flatMap((line) => (line.msg === "request" && requestIds.includes(line.requestId ?? "") ? [line.worker ?? 1] : [])));
  const everyWorker = Array.from({ length: workers }, (_, index) => index + 1);

  it("turns readiness 503 in every worker and writes 503, logs each repeated failure once a window, and recovers when space is freed", async () => {
    expect((await register("https://example.invalid/before/catalog-info.yaml")).status).toBe(201);
    const databaseFile = path.join(mountPoint, "data", "atrium.sqlite");
    const filler = path.join(mountPoint, "filler");

    // A log with room to write again from its start: the round trip's one page still fits, readiness must say 503 anyway.
    checkpoint(databaseFile, "RESTART");
    fillDisk(filler);
    const unready: string[] = [];
    await eventually(
      async () => {
        const probe = await onNewConnection(`${server.url}${READINESS}`);
        if (probe.status === 503) unready.push(probe.requestId);
        else unready.length = 0;
        // Every worker answered 503 since the last 200.
        return workerOf(unready).size === workers ? true : undefined;
      },
      "readiness to turn 503 in every worker",
      10_000,
    );
    rmSync(filler);

    // A log truncated to nothing: every write needs new space.
    checkpoint(databaseFile, "TRUNCATE");
    const logFrom = server.output().length;
    fillDisk(filler);
    const filledAt = Date.now();

    const readiness = await eventually(
      async () => {
        const response = await fetch(`${server.url}${READINESS}`);
        return response.status === 503 ? response.json() : undefined;
      },
      "readiness to turn 503",
      20_000,
    );
    expect(readiness).toEqual({ status: "error", message: expect.stringMatching(/database or disk is full/) });
    expect((await fetch(`${server.url}/.backstage/health/v1/liveness`)).status).toBe(200);

    // A write answers 503 in Backstage's shape, not 500; reads still answer.
    const refused = await register("https://example.invalid/during/catalog-info.yaml");
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: { name: "ServiceUnavailableError", message: "The database is unavailable; try again in a moment" },
      request: { method: "POST", url: "/api/catalog/locations" },
      response: { statusCode: 503 },
    });
    expect((await fetch(`${server.url}/api/catalog/locations`, { headers: API_AUTHORIZATION })).status).toBe(200);

    // Three windows of a full disk, with readiness probed and a write refused four times a second, and the scheduler's tasks failing.
    let refusedWrites = 1;
    const probes: string[] = [];
    while (Date.now() < filledAt + 3 * REPEAT_WINDOW_SECONDS * 1000 + 1000) {
      const probe = await onNewConnection(`${server.url}${READINESS}`);
      expect(probe.status, probe.body).toBe(503);
      probes.push(probe.requestId);
      expect((await register("https://example.invalid/during/catalog-info.yaml")).status).toBe(503);
      refusedWrites++;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(refusedWrites).toBeGreaterThan(20);
    // Every worker was asked, and none said ready.
    expect([...workerOf(probes)].sort()).toEqual(everyWorker);
    const problems = logLines(logFrom).filter((line) => line.level >= 40);
    const byMessage = new Map<string, LogLine[]>();
    // A warning is the same one when its message and the logger's bindings (the worker, the plugin and task) are (app/lib/logger.server.ts).
    const warningOf = (line: LogLine) => [line.msg.replace(/ \(repeated \d+ times.*\)$/, ""), line.worker, line.pluginId, line.task].filter((part) => part !== undefined).join(" / ");
    for (const line of problems) byMessage.set(warningOf(line), [...(byMessage.get(warningOf(line)) ?? []), line]);
    // Something did fail over and over (else this test proves nothing), and was summarised rather than repeated.
    const summaries = problems.filter((line) => (line.repeated ?? 0) >= 2);
    const failedRequests = problems.filter((line) => line.msg.startsWith("API request failed"));
    // Every refused write is accounted for (but those of the window still open), in a handful of lines.
    const accounted = failedRequests.map((line) => line.repeated ?? 1).reduce((sum, times) => sum + times, 0);
    expect(accounted, JSON.stringify(problems.map((line) => [line.msg, line.repeated]))).toBeGreaterThan(refusedWrites / 2);
    expect(accounted).toBeLessThanOrEqual(refusedWrites);
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]!.msg).toMatch(/ \(repeated \d+ times in the last 4 s\)$/);
    // At most the first line and one summary per window, for each distinct warning.
    for (const [message, lines] of byMessage) expect(lines.length, message).toBeLessThanOrEqual(5);
    expect(server.process.exitCode).toBeNull();

    rmSync(filler);
    await eventually(async () => ((await fetch(`${server.url}${READINESS}`)).status === 200 ? true : undefined), "readiness to return to 200", 20_000);
    expect((await register("https://example.invalid/after/catalog-info.yaml")).status).toBe(201);
  }, 120_000);
});
