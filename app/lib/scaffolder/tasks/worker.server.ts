import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { ANONYMOUS_CREDENTIALS, type Credentials } from "../../auth/credentials";
import { serializeError } from "../../errors";
import type { Logger } from "../../logger.server";
import type { PluginScheduler } from "../../scheduler/scheduler.server";
import type { JsonObject } from "../actions/types";
import { TaskCancelledError, type createWorkflowRunner, type RunnerWorkspace } from "./runner.server";
import type { Signals } from "./signals.server";
import type { StoredTask, TaskStore } from "./store.server";

// The workers that run claimed tasks, and the watch over tasks whose worker
// died, both registered on the one scheduler (docs/decisions/023-one-scheduler.md)
// as local tasks, so every replica works and watches. A worker claims open
// tasks up to its concurrency, beats each task's heartbeat while it runs,
// notices a cancellation (in this process at once, from another replica at
// the next beat) and ends the task with its completion event. A task left
// processing by a worker that stopped beating is settled by the watch:
// failed, or opened again when its template asked for recovery.

/** How often a running task's heartbeat is renewed (Backstage's TaskManager beats every second). */
export const TASK_HEARTBEAT_MS = 1000;
/** A processing task whose heartbeat is older than this lost its worker (Backstage's recovery default, 30 s). */
export const TASK_STALE_MS = 30_000;
/** How often the watch looks for such tasks. */
export const STALE_CHECK_MS = 10_000;
/** Workers look for open tasks this often even when nothing in this process woke them (another replica created it). */
export const CLAIM_POLL_MS = 1000;
/** Tasks one process runs at once (Backstage's default concurrentTasksLimit). */
export const DEFAULT_CONCURRENCY = 50;

/** A failed or cancelled task keeps its workspace this long for a retry; a later retry runs every step again. */
export const ENDED_WORKSPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export const WORKER_TASK_ID = "task-worker";
export const STALE_TASK_ID = "stale-tasks";
export const WORKSPACE_SWEEP_TASK_ID = "task-workspace-sweep";
export const NEW_TASK_TOPIC = "scaffolder:new-task";
export const eventsTopic = (taskId: string) => `scaffolder:events:${taskId}`;

export type TaskWorkspaces = {
  /** The directory that holds every task's directory (`<root>/<taskId>`). */
  root: string;
  open(taskId: string): Promise<RunnerWorkspace>;
  remove(taskId: string): Promise<void>;
};

type Runner = ReturnType<typeof createWorkflowRunner>;

/** Why a run was aborted without being cancelled: this process is stopping; the task is left for the watch. */
class WorkerStoppingError extends Error {
  override name = "WorkerStoppingError";
}

export function createTaskWorkers(options: {
  store: TaskStore;
  runner: Runner;
  workspaces: TaskWorkspaces;
  signals: Signals;
  logger: Logger;
  concurrency?: number;
  timings?: { heartbeatMs?: number; staleMs?: number; staleCheckMs?: number; pollMs?: number };
}) {
  const { store, runner, workspaces, signals, logger } = options;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const heartbeatMs = options.timings?.heartbeatMs ?? TASK_HEARTBEAT_MS;
  const staleMs = options.timings?.staleMs ?? TASK_STALE_MS;
  const pollMs = options.timings?.pollMs ?? CLAIM_POLL_MS;
  /** Runs in this process, by task id: a cancellation aborts them at once. */
  const running = new Map<string, AbortController>();

  async function emitLog(taskId: string, body: JsonObject) {
    await store.emitEvent(taskId, "log", body);
    signals.notify(eventsTopic(taskId));
  }

  async function complete(taskId: string, status: "failed" | "completed" | "cancelled", body: JsonObject) {
    const event = await store.completeTask(taskId, status, body);
    signals.notify(eventsTopic(taskId));
    return event;
  }

  async function runTask(task: StoredTask, lifetime: AbortSignal): Promise<void> {
    const controller = new AbortController();
    running.set(task.id, controller);
    const onStop = () => controller.abort(new WorkerStoppingError("The portal is stopping"));
    lifetime.addEventListener("abort", onStop, { once: true });
    const beat = setInterval(() => {
      Promise.all([store.heartbeat(task.id), store.cancellationRequested(task.id)])
        .then(([alive, cancelled]) => {
          if (cancelled) controller.abort(new TaskCancelledError("The task was cancelled"));
          else if (!alive) controller.abort(new WorkerStoppingError("The task is no longer this worker's"));
        })
        .catch((error) => logger.warn({ err: error, taskId: task.id }, "Could not renew a task's heartbeat"));
    }, heartbeatMs);
    // The outcome is settled first and written last, after the workspace is gone: whoever sees the completion sees the end of it all.
    let outcome: { status: "failed" | "completed" | "cancelled"; body: JsonObject } | undefined;
    try {
      // A retry resumes in the workspace the failed attempt left; if it is gone (another replica ran it), the steps run again from the start.
      const resumable = existsSync(path.join(workspaces.root, task.id));
      const state = resumable ? task.state : { checkpoints: task.state.checkpoints };
      if (!resumable && task.state.steps && Object.keys(task.state.steps).length > 0) {
        await emitLog(task.id, { message: "The workspace of the earlier attempt is gone; every step runs again" });
      }
      const workspace = await workspaces.open(task.id);
      const credentials: Credentials = task.principal ? { principal: task.principal } : ANONYMOUS_CREDENTIALS;
      const { output } = await runner.execute({
        id: task.id,
        spec: task.spec,
        secrets: task.secrets,
        state,
        credentials,
        signal: controller.signal,
        workspace,
        emitLog: (body) => emitLog(task.id, body),
        saveState: (next) => store.saveState(task.id, next),
      });
      outcome = { status: "completed", body: { message: "Run completed with status: completed", output } };
    } catch (error) {
      const reason = controller.signal.reason;
      if (reason instanceof WorkerStoppingError) {
        // Left processing on purpose, workspace and all: the watch fails it, or restarts it if it is recoverable.
        logger.info({ taskId: task.id, reason: reason.message }, "Task run interrupted");
      } else if (error instanceof TaskCancelledError || reason instanceof TaskCancelledError) {
        outcome = { status: "cancelled", body: { message: "Run completed with status: cancelled" } };
      } else {
        const { name, message } = serializeError(error);
        outcome = { status: "failed", body: { message: "Run completed with status: failed", error: { name, message } } };
      }
    } finally {
      clearInterval(beat);
      lifetime.removeEventListener("abort", onStop);
      running.delete(task.id);
    }
    // A failed task keeps its workspace for a retry; a finished or cancelled one is done with it.
    if (outcome && outcome.status !== "failed") {
      await workspaces.remove(task.id).catch((error) => logger.warn({ err: error, taskId: task.id }, "Could not remove a task's workspace"));
    }
    if (outcome) await complete(task.id, outcome.status, outcome.body);
  }

  /** The worker loop: claims and runs tasks until the scheduler stops it. */
  async function work(lifetime: AbortSignal): Promise<void> {
    const runs = new Set<Promise<void>>();
    try {
      while (!lifetime.aborted) {
        while (runs.size < concurrency && !lifetime.aborted) {
          let task: StoredTask | undefined;
          try {
            task = await store.claimTask();
          } catch (error) {
            logger.error({ err: error }, "Could not claim a scaffolder task; trying again");
            break;
          }
          if (!task) break;
          logger.info({ taskId: task.id, template: task.spec.templateInfo?.entityRef }, "Running scaffolder task");
          const run: Promise<void> = runTask(task, lifetime)
            .catch((error) => logger.error({ err: error, taskId: task.id }, "Scaffolder task run failed unexpectedly"))
            .finally(() => {
              runs.delete(run);
              signals.notify(NEW_TASK_TOPIC);
            });
          runs.add(run);
        }
        await signals.wait(NEW_TASK_TOPIC, pollMs, lifetime);
      }
    } finally {
      // Every run is owned here: the loop ends only when they have.
      await Promise.allSettled([...runs]);
    }
  }

  return {
    /** Registers the worker loop and the watch with the scheduler. */
    register(scheduler: PluginScheduler, staleCheckMs = options.timings?.staleCheckMs ?? STALE_CHECK_MS) {
      // One long run per process: the loop lives until the scheduler stops; should it ever end, the next second starts it again.
      scheduler.scheduleTask({ id: WORKER_TASK_ID, scope: "local", frequency: { seconds: 1 }, timeout: { days: 24 }, fn: work });
      // Workspaces are this process's directories: each replica sweeps its own, hourly.
      scheduler.scheduleTask({ id: WORKSPACE_SWEEP_TASK_ID, scope: "local", frequency: { hours: 1 }, timeout: { minutes: 10 }, fn: () => sweepWorkspaces().then(() => undefined) });
      scheduler.scheduleTask({
        id: STALE_TASK_ID,
        scope: "local",
        frequency: { milliseconds: staleCheckMs },
        timeout: { minutes: 5 },
        fn: () => settleStale(),
      });
    },
    sweepWorkspaces,
    /** Aborts this process's run of a task, if it has one. */
    abortLocal(taskId: string): boolean {
      const controller = running.get(taskId);
      controller?.abort(new TaskCancelledError("The task was cancelled"));
      return controller !== undefined;
    },
    /** Wakes the workers of this process: a task was just created or opened again. */
    wake() {
      signals.notify(NEW_TASK_TOPIC);
    },
    settleStale,
    /** For tests: run the loop directly. */
    work,
  };

  /**
   * Removes the workspaces no task needs any more: those of tasks gone,
   * finished, or failed or cancelled longer ago than the retention.
   * Answers the task ids whose workspace was removed.
   */
  async function sweepWorkspaces(now = Date.now()): Promise<string[]> {
    const ids = (await readdir(workspaces.root).catch(() => [] as string[])).filter((id) => !running.has(id));
    const keep = await store.workspacesToKeep(ids, now - ENDED_WORKSPACE_RETENTION_MS);
    const removed: string[] = [];
    for (const id of ids) {
      if (keep.has(id)) continue;
      try {
        await workspaces.remove(id);
        removed.push(id);
      } catch (error) {
        logger.warn({ err: error, directory: id }, "Could not remove a task's workspace");
      }
    }
    if (removed.length) logger.info({ taskIds: removed }, "Removed the workspaces of tasks that need them no more");
    return removed;
  }

  async function settleStale() {
    const { recovered, failed } = await store.settleStaleTasks(Date.now() - staleMs);
    for (const id of [...recovered, ...failed]) signals.notify(eventsTopic(id));
    if (recovered.length) {
      logger.warn({ taskIds: recovered }, "Restarting scaffolder tasks whose worker stopped (recovery strategy startOver)");
      signals.notify(NEW_TASK_TOPIC);
    }
    if (failed.length) logger.warn({ taskIds: failed }, "Failed scaffolder tasks whose worker stopped");
  }
}
