import { sql } from "kysely";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { createScheduler, type Scheduler } from "./scheduler.server";

// The scheduler on both engines, with short lease timings: one replica at a
// time runs a global task, a dead holder's lease is taken over, errors
// (database errors included) are logged with the task id and the task runs
// again, triggers answer 404 and 409 as Backstage's do.

const TIMINGS = { staleMs: 400, heartbeatMs: 100, workCheckMs: 50 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe.each(TEST_ENGINES)("the scheduler on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  const started: Scheduler[] = [];
  afterEach(async () => {
    for (const scheduler of started.splice(0)) await scheduler.stop();
  });

  function replica(logger = pino({ level: "silent" }), runsGlobalTasks?: boolean) {
    const scheduler = createScheduler({ db: database.db, logger, timings: TIMINGS, runsGlobalTasks });
    started.push(scheduler);
    return scheduler;
  }

  it("runs a global task on one replica at a time, however long it runs", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const fn = async () => {
      running++;
      runs++;
      most = Math.max(most, running);
      // Longer than the stale limit: the holder's heartbeat keeps the lease.
      await sleep(TIMINGS.staleMs * 2);
      running--;
    };
    const replicas = [replica(), replica()];
    for (const scheduler of replicas) {
      scheduler.forPlugin("catalog").scheduleTask({ id: "slow", frequency: { milliseconds: 100 }, timeout: { seconds: 10 }, fn });
      scheduler.start();
    }
    await until(() => runs >= 3, 10_000);
    expect(most).toBe(1);
  });

  it("logs a database error with the task id, lives on and runs the task again", async () => {
    const { logger, lines } = capturingLogger();
    const scheduler = replica(logger);
    let attempts = 0;
    scheduler.forPlugin("catalog").scheduleTask({
      id: "broken",
      frequency: { milliseconds: 50 },
      timeout: { seconds: 10 },
      fn: async () => {
        attempts++;
        await sql`SELECT * FROM no_such_table`.execute(database.db);
      },
    });
    scheduler.start();
    await until(() => attempts >= 3);
    const failures = lines.filter((line) => line.msg === "Task failed; it runs again at its next time");
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[0]).toMatchObject({ level: 50, pluginId: "catalog", task: "broken" });
    expect(JSON.stringify(failures[0].err)).toMatch(/no_such_table/);
    await until(async () => (await scheduler.plugin("catalog")!.describeTasks())[0].taskState?.lastRunError !== undefined);
    const [task] = await scheduler.plugin("catalog")!.describeTasks();
    expect(task).toMatchObject({ taskId: "broken", pluginId: "catalog", scope: "global", settings: { version: 2, cadence: "PT0.05S", timeoutAfterDuration: "PT10S" } });
    expect(JSON.parse(task.taskState!.lastRunError!).message).toMatch(/no_such_table/);
  });

  it("takes over a lease whose holder stopped beating, and only then", async () => {
    const { logger, lines } = capturingLogger();
    // A holder that died mid-run: its lease is in the row and its heartbeat never moves again.
    const diedAt = Date.now();
    await database.db
      .insertInto("scheduler_tasks")
      .values({
        plugin_id: "catalog",
        task_id: "ingest",
        settings_json: "{}",
        next_run_start_at: diedAt - 1000,
        current_run_ticket: "dead-ticket",
        current_run_holder: "dead-replica",
        current_run_started_at: diedAt - 1000,
        current_run_heartbeat_at: diedAt,
        current_run_expires_at: diedAt + 3_600_000,
      })
      .execute();
    let ranAt = 0;
    const scheduler = replica(logger);
    scheduler.forPlugin("catalog").scheduleTask({ id: "ingest", frequency: { minutes: 10 }, timeout: { minutes: 10 }, fn: () => void (ranAt ||= Date.now()) });
    scheduler.start();
    await until(() => ranAt > 0);
    expect(ranAt - diedAt).toBeGreaterThanOrEqual(TIMINGS.staleMs);
    expect(lines.find((line) => line.msg === "Took over a task whose holder stopped beating its heartbeat")).toMatchObject({ task: "ingest", previousHolder: "dead-replica" });
    await until(async () => (await database.db.selectFrom("scheduler_tasks").select("current_run_ticket").executeTakeFirstOrThrow()).current_run_ticket === null);
  });

  it("triggers a task: 404 for an unknown one, 409 while it runs", async () => {
    const scheduler = replica();
    const plugin = scheduler.forPlugin("catalog");
    let release = () => {};
    let runs = 0;
    plugin.scheduleTask({
      id: "on-demand",
      frequency: { trigger: "manual" },
      timeout: { minutes: 1 },
      fn: () => {
        runs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    scheduler.start();
    await until(async () => (await plugin.describeTasks())[0].taskState !== null);
    await sleep(200);
    expect(runs).toBe(0);
    expect((await plugin.describeTasks())[0].taskState).toEqual({ status: "idle" });

    await plugin.triggerTask("on-demand");
    await until(() => runs === 1);
    await expect(plugin.triggerTask("on-demand")).rejects.toMatchObject({ name: "ConflictError", message: "Task on-demand is currently running" });
    expect((await plugin.describeTasks())[0]).toMatchObject({ taskState: { status: "running" }, workerState: { status: "running" } });
    release();
    await until(async () => (await plugin.describeTasks())[0].taskState?.status === "idle");
    expect((await plugin.describeTasks())[0].taskState).toMatchObject({ status: "idle", lastRunStartedAt: expect.any(String), lastRunEndedAt: expect.any(String) });
    await expect(plugin.triggerTask("no-such-task")).rejects.toMatchObject({ name: "NotFoundError", message: "Task no-such-task does not exist" });
  });

  it("leaves global tasks to another process when it does not run them, which runs what it triggers", async () => {
    const ran: string[] = [];
    const http = replica(undefined, false);
    const background = replica();
    for (const [name, scheduler] of [
      ["http", http],
      ["background", background],
    ] as const) {
      const plugin = scheduler.forPlugin("catalog");
      plugin.scheduleTask({ id: "ingest", frequency: { trigger: "manual" }, timeout: { seconds: 10 }, fn: () => void ran.push(name) });
      plugin.scheduleTask({ id: "local-sweep", scope: "local", frequency: { trigger: "manual" }, timeout: { seconds: 10 }, fn: () => void ran.push(`${name} local`) });
      scheduler.start();
    }
    await until(async () => (await http.forPlugin("catalog").describeTasks()).some((task) => task.taskId === "ingest"));
    for (let n = 0; n < 3; n++) {
      await http.forPlugin("catalog").triggerTask("ingest");
      await until(() => ran.filter((name) => name === "background").length === n + 1);
    }
    await http.forPlugin("catalog").triggerTask("local-sweep");
    await until(() => ran.includes("http local"));
    await sleep(TIMINGS.workCheckMs * 4);
    expect(ran).toEqual(["background", "background", "background", "http local"]);
  });

  it("runs a local task on every replica, its state in memory", async () => {
    const runsBy = [0, 0];
    const replicas = [replica(), replica()];
    replicas.forEach((scheduler, index) => {
      scheduler.forPlugin("catalog").scheduleTask({ id: "cache", scope: "local", frequency: { milliseconds: 50 }, timeout: { seconds: 1 }, fn: () => void runsBy[index]++ });
      scheduler.start();
    });
    await until(() => runsBy[0] >= 2 && runsBy[1] >= 2);
    expect(await database.db.selectFrom("scheduler_tasks").selectAll().execute()).toEqual([]);
    const [task] = await replicas[0].plugin("catalog")!.describeTasks();
    expect(task).toMatchObject({ taskId: "cache", scope: "local", taskState: { lastRunEndedAt: expect.any(String) } });
  });

  it("aborts a running task when it stops, and frees its lease", async () => {
    const scheduler = replica();
    let aborted = false;
    scheduler.forPlugin("catalog").scheduleTask({
      id: "long",
      frequency: { minutes: 1 },
      timeout: { minutes: 1 },
      fn: (signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }),
        ),
    });
    scheduler.start();
    await until(async () => Boolean((await database.db.selectFrom("scheduler_tasks").select("current_run_ticket").executeTakeFirst())?.current_run_ticket));
    await scheduler.stop();
    expect(aborted).toBe(true);
    expect(await database.db.selectFrom("scheduler_tasks").select(["current_run_ticket", "last_run_ended_at"]).executeTakeFirstOrThrow()).toMatchObject({
      current_run_ticket: null,
      last_run_ended_at: expect.any(Number),
    });
  });

  it("refuses a duplicate task id and invalid settings at registration", () => {
    const plugin = replica().forPlugin("catalog");
    plugin.scheduleTask({ id: "once", frequency: { minutes: 1 }, timeout: { minutes: 1 }, fn: () => {} });
    expect(() => plugin.scheduleTask({ id: "once", frequency: { minutes: 1 }, timeout: { minutes: 1 }, fn: () => {} })).toThrow(/already scheduled/);
    expect(() => plugin.scheduleTask({ id: "bad", frequency: "PT", timeout: { minutes: 1 }, fn: () => {} })).toThrow(/Invalid duration 'PT'/);
  });
});
