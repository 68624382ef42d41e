import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ConflictError, serializeError } from "../errors";
import type { Logger } from "../logger.server";
import { cadenceKind, firstRunAt, isoDurationMs, nextRunAt, taskSettings, type TaskScheduleDefinition, type TaskSettings } from "./schedule";
import { beatTask, persistTask, readPluginTasks, releaseTask, triggerStoredTask, tryClaimTask, type Claim, type TaskRow } from "./task-store.server";

// Atrium's one scheduler for background work, on the model of Backstage's
// SchedulerService: every background task is registered here with a
// frequency (cron, duration or manual), a timeout and an optional initial
// delay, and runs in a loop this module owns. A global task runs on one
// replica at a time: the replica takes a lease in scheduler_tasks and beats
// its heartbeat while it runs; a lease whose heartbeat is older than
// LEASE_STALE_MS is taken over, so a replica killed mid-run delays the task
// by about half a minute, never more. A local task runs on every replica,
// its state in memory. Whatever a task or the database throws is caught and
// logged with the task's id; the loop lives on and tries again. A process
// may register global tasks without ever running them (`runsGlobalTasks`):
// the HTTP workers beside a background worker (server/workers.js).

/** A holder that has not beaten for this long is presumed dead. */
export const LEASE_STALE_MS = 30_000;
/** How often a running task's holder renews its lease. */
export const HEARTBEAT_MS = 10_000;
/** Backstage's worker checks the database for due work every 5 s (sooner for shorter cadences). */
const WORK_CHECK_MS = 5000;
/** After a database error in the loop itself, wait this long before trying again. */
const LOOP_ERROR_BACKOFF_MS = 1000;
/** Node's timers take at most a signed 32-bit delay; longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type TaskFunction = (signal: AbortSignal) => void | Promise<void>;

export type TaskDefinition = TaskScheduleDefinition & { id: string; fn: TaskFunction };

export type TaskDescriptor = { id: string; scope: "global" | "local"; settings: TaskSettings };

/** A task as Backstage's scheduler API shows it (GET .backstage/scheduler/v1/tasks). */
export type TaskApiTask = {
  taskId: string;
  pluginId: string;
  scope: "global" | "local";
  settings: TaskSettings;
  taskState:
    | { status: "running"; startedAt: string; timesOutAt?: string; lastRunStartedAt?: string; lastRunEndedAt?: string; lastRunError?: string }
    | { status: "idle"; startsAt?: string; lastRunStartedAt?: string; lastRunEndedAt?: string; lastRunError?: string }
    | null;
  workerState: { status: "initial-wait" | "idle" | "running" } | null;
};

/** The scheduler as one plugin sees it (Backstage's SchedulerService). */
export type PluginScheduler = {
  readonly pluginId: string;
  /** Registers a task; it starts running when the scheduler has started. Throws for invalid settings or a duplicate id. */
  scheduleTask(task: TaskDefinition): void;
  /** Makes a task due now. NotFoundError for an unknown task, ConflictError while it runs. */
  triggerTask(id: string): Promise<void>;
  getScheduledTasks(): TaskDescriptor[];
  /** Every task of the plugin with its state, for the tasks API. */
  describeTasks(): Promise<TaskApiTask[]>;
};

export type Scheduler = {
  forPlugin(pluginId: string): PluginScheduler;
  /** The plugin's scheduler if the plugin has scheduled anything. */
  plugin(pluginId: string): PluginScheduler | undefined;
  /** Starts every registered task's loop (and those registered later). */
  start(): void;
  /** Aborts running tasks, waits for them, and releases their leases. */
  stop(): Promise<void>;
};

type Worker = {
  descriptor: TaskDescriptor;
  workerState: NonNullable<TaskApiTask["workerState"]>;
  /** For local tasks: their whole state. */
  local?: { nextRunAt: number | null; running?: { startedAt: number; timesOutAt: number }; lastRunStartedAt?: number; lastRunEndedAt?: number; lastRunError?: string };
  start(signal: AbortSignal): Promise<void>;
  wake(): void;
};

export function createScheduler(options: {
  db: Kysely<Database>;
  logger: Logger;
  now?: () => number;
  /** Shorter intervals for tests. */
  timings?: { staleMs?: number; heartbeatMs?: number; workCheckMs?: number };
  /** False: global tasks are registered and can be triggered, but another process runs them. */
  runsGlobalTasks?: boolean;
}): Scheduler {
  const { db } = options;
  const now = options.now ?? Date.now;
  const staleMs = options.timings?.staleMs ?? LEASE_STALE_MS;
  const heartbeatMs = options.timings?.heartbeatMs ?? HEARTBEAT_MS;
  const workCheckMs = options.timings?.workCheckMs ?? WORK_CHECK_MS;
  /** This process, as a lease holder. */
  const holder = randomUUID();
  const plugins = new Map<string, PluginScheduler>();
  const loops: Array<Promise<void>> = [];
  let lifetime: AbortController | undefined;
  const pending: Worker[] = [];

  function run(worker: Worker) {
    if (!lifetime) {
      pending.push(worker);
      return;
    }
    // One loop per task, for the scheduler's lifetime: stop() awaits them all.
    loops.push(worker.start(lifetime.signal).catch((error) => options.logger.error({ err: error, task: worker.descriptor.id }, "Scheduler loop ended unexpectedly")));
  }

  function forPlugin(pluginId: string): PluginScheduler {
    const existing = plugins.get(pluginId);
    if (existing) return existing;
    const workers = new Map<string, Worker>();
    const logger = options.logger.child({ pluginId });

    const scheduler: PluginScheduler = {
      pluginId,
      scheduleTask(task) {
        if (!/^[\w.:-]{1,100}$/.test(task.id)) throw new Error(`Invalid task id '${task.id}': letters, digits, '_', '.', ':' and '-', at most 100`);
        if (workers.has(task.id)) throw new Error(`Task ${task.id} of plugin ${pluginId} is already scheduled`);
        const descriptor: TaskDescriptor = { id: task.id, scope: task.scope ?? "global", settings: taskSettings(task) };
        const taskLogger = logger.child({ task: task.id });
        const worker = descriptor.scope === "global" ? globalWorker(pluginId, descriptor, task.fn, taskLogger) : localWorker(descriptor, task.fn, taskLogger);
        workers.set(task.id, worker);
        run(worker);
      },
      async triggerTask(id) {
        const worker = workers.get(id);
        if (worker?.local) {
          if (worker.local.running) throw new ConflictError(`Task ${id} is currently running`);
          worker.local.nextRunAt = now();
        } else {
          await triggerStoredTask(db, { pluginId, taskId: id, now: now(), staleBefore: now() - staleMs });
        }
        worker?.wake();
      },
      getScheduledTasks: () => [...workers.values()].map((worker) => worker.descriptor),
      async describeTasks() {
        const rows = new Map((await readPluginTasks(db, pluginId)).map((row) => [row.task_id, row]));
        return [...workers.values()].map((worker) => ({
          taskId: worker.descriptor.id,
          pluginId,
          scope: worker.descriptor.scope,
          settings: worker.descriptor.settings,
          taskState: worker.local ? localTaskState(worker.local) : storedTaskState(rows.get(worker.descriptor.id), now() - staleMs),
          workerState: { ...worker.workerState },
        }));
      },
    };
    plugins.set(pluginId, scheduler);
    return scheduler;
  }

  /** Sleeps until `ms` pass, the worker is woken (before or during the sleep), or the scheduler stops. */
  function sleeper() {
    let wake: (() => void) | undefined;
    let woken = false;
    return {
      sleep(ms: number, signal: AbortSignal) {
        return new Promise<void>((resolve) => {
          if (woken || signal.aborted) {
            woken = false;
            return resolve();
          }
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener("abort", done);
            wake = undefined;
            resolve();
          };
          const timer = setTimeout(done, Math.min(Math.max(0, ms), MAX_TIMER_MS));
          signal.addEventListener("abort", done, { once: true });
          wake = done;
        });
      },
      wake: () => {
        if (wake) wake();
        else woken = true;
      },
    };
  }

  /**
   * Runs fn once under a timeout: its signal aborts when the timeout passes,
   * the scheduler stops, or `lost` says the lease is gone. Never throws: the
   * error is logged with the task id and returned.
   */
  async function invoke(descriptor: TaskDescriptor, fn: TaskFunction, logger: Logger, signal: AbortSignal, during?: (controller: AbortController) => () => void) {
    const controller = new AbortController();
    const onStop = () => controller.abort(new Error("The scheduler is stopping"));
    signal.addEventListener("abort", onStop, { once: true });
    const timeoutMs = isoDurationMs(descriptor.settings.timeoutAfterDuration);
    const timeout = setTimeout(
      () => {
        logger.warn({ timeout: descriptor.settings.timeoutAfterDuration }, "Task timed out; aborting it");
        controller.abort(new Error(`Task ${descriptor.id} timed out after ${descriptor.settings.timeoutAfterDuration}`));
      },
      Math.min(timeoutMs, MAX_TIMER_MS),
    );
    const stopDuring = during?.(controller);
    const started = now();
    logger.debug("Task started");
    try {
      await fn(controller.signal);
      logger.debug({ durationMs: now() - started }, "Task finished");
      return undefined;
    } catch (error) {
      logger.error({ err: error, durationMs: now() - started }, "Task failed; it runs again at its next time");
      const { name, message } = serializeError(error);
      return { name, message };
    } finally {
      clearTimeout(timeout);
      stopDuring?.();
      signal.removeEventListener("abort", onStop);
    }
  }

  function globalWorker(pluginId: string, descriptor: TaskDescriptor, fn: TaskFunction, logger: Logger): Worker {
    const { settings } = descriptor;
    const key = { pluginId, taskId: descriptor.id };
    const timeoutMs = isoDurationMs(settings.timeoutAfterDuration);
    const checkEvery = cadenceKind(settings) === "duration" ? Math.min(workCheckMs, isoDurationMs(settings.cadence)) : workCheckMs;
    const { sleep, wake } = sleeper();
    const worker: Worker = {
      descriptor,
      workerState: { status: "idle" },
      wake,
      async start(signal) {
        // Registration is retried until the database answers: a task is never silently dropped.
        while (!signal.aborted) {
          try {
            await persistTask(db, { ...key, settings, now: now() });
            logger.info({ scope: descriptor.scope, settings }, "Registered scheduled task");
            break;
          } catch (error) {
            logger.error({ err: error }, "Could not register the task; retrying");
            await sleep(LOOP_ERROR_BACKOFF_MS * 5, signal);
          }
        }
        if (options.runsGlobalTasks === false) return;
        if (settings.initialDelayDuration) {
          worker.workerState = { status: "initial-wait" };
          await sleep(isoDurationMs(settings.initialDelayDuration), signal);
        }
        worker.workerState = { status: "idle" };
        while (!signal.aborted) {
          let wait = checkEvery;
          try {
            const claim = await tryClaimTask(db, { ...key, ticket: randomUUID(), holder, now: now(), timeoutMs, staleBefore: now() - staleMs });
            if (claim) {
              await runClaimed(claim, signal);
              wait = 0;
            }
          } catch (error) {
            logger.error({ err: error }, "Could not check whether the task is due; retrying");
            wait = Math.max(LOOP_ERROR_BACKOFF_MS, checkEvery);
          }
          if (wait > 0) await sleep(wait, signal);
        }
      },
    };

    async function runClaimed(claim: Claim, signal: AbortSignal) {
      if (claim.tookOverFrom) logger.warn({ previousHolder: claim.tookOverFrom }, "Took over a task whose holder stopped beating its heartbeat");
      worker.workerState = { status: "running" };
      const error = await invoke(descriptor, fn, logger, signal, (controller) => {
        const beat = setInterval(() => {
          // A run past its timeout stops beating, so a hung task loses its lease too.
          if (now() > claim.startedAt + timeoutMs) return;
          beatTask(db, { ...key, ticket: claim.ticket, now: now() })
            .then((held) => {
              if (held || controller.signal.aborted) return;
              logger.warn("Another replica took the task's lease over; aborting this run");
              controller.abort(new Error(`Task ${descriptor.id} lost its lease`));
            })
            .catch((beatError) => logger.warn({ err: beatError }, "Could not renew the task's lease; retrying"));
        }, heartbeatMs);
        return () => clearInterval(beat);
      });
      worker.workerState = { status: "idle" };
      try {
        await releaseTask(db, { ...key, claim, settings, now: now(), error });
      } catch (releaseError) {
        logger.error({ err: releaseError }, `Could not release the task's lease; it lapses after ${staleMs / 1000} s`);
      }
    }

    return worker;
  }

  function localWorker(descriptor: TaskDescriptor, fn: TaskFunction, logger: Logger): Worker {
    const { settings } = descriptor;
    const { sleep, wake } = sleeper();
    const worker: Worker = {
      descriptor,
      workerState: { status: "idle" },
      local: { nextRunAt: null },
      wake,
      async start(signal) {
        const state = worker.local!;
        state.nextRunAt = firstRunAt(settings, now());
        logger.info({ scope: descriptor.scope, settings }, "Registered scheduled task");
        if (settings.initialDelayDuration) worker.workerState = { status: "initial-wait" };
        while (!signal.aborted) {
          const due = state.nextRunAt;
          if (due === null || due > now()) {
            await sleep(due === null ? workCheckMs : due - now(), signal);
            if (due !== null && due <= now()) worker.workerState = { status: "idle" };
            continue;
          }
          const startedAt = now();
          state.running = { startedAt, timesOutAt: startedAt + isoDurationMs(settings.timeoutAfterDuration) };
          worker.workerState = { status: "running" };
          const error = await invoke(descriptor, fn, logger, signal);
          state.running = undefined;
          worker.workerState = { status: "idle" };
          state.lastRunStartedAt = startedAt;
          state.lastRunEndedAt = now();
          state.lastRunError = error ? JSON.stringify(error) : undefined;
          state.nextRunAt = nextRunAt(settings, due, now());
        }
      },
    };
    return worker;
  }

  return {
    forPlugin,
    plugin: (pluginId) => plugins.get(pluginId),
    start() {
      if (lifetime) return;
      lifetime = new AbortController();
      for (const worker of pending.splice(0)) run(worker);
    },
    async stop() {
      lifetime?.abort();
      await Promise.all(loops);
    },
  };
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : new Date(ms).toISOString());

function localTaskState(state: NonNullable<Worker["local"]>): TaskApiTask["taskState"] {
  const last = { lastRunStartedAt: iso(state.lastRunStartedAt), lastRunEndedAt: iso(state.lastRunEndedAt), lastRunError: state.lastRunError };
  if (state.running) return withoutUndefined({ status: "running" as const, startedAt: iso(state.running.startedAt)!, timesOutAt: iso(state.running.timesOutAt), ...last });
  return withoutUndefined({ status: "idle" as const, startsAt: iso(state.nextRunAt), ...last });
}

/** A lease whose holder stopped beating shows as idle: it is up for grabs. */
function storedTaskState(row: TaskRow | undefined, staleBefore: number): TaskApiTask["taskState"] {
  if (!row) return null;
  const last = { lastRunStartedAt: iso(row.last_run_started_at), lastRunEndedAt: iso(row.last_run_ended_at), lastRunError: row.last_run_error_json ?? undefined };
  if (row.current_run_ticket && (row.current_run_heartbeat_at ?? 0) >= staleBefore) {
    return withoutUndefined({ status: "running" as const, startedAt: iso(row.current_run_started_at)!, timesOutAt: iso(row.current_run_expires_at), ...last });
  }
  return withoutUndefined({ status: "idle" as const, startsAt: iso(row.next_run_start_at), ...last });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
