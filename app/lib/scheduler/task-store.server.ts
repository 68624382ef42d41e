import type { Kysely, Selectable } from "kysely";
import type { Database, SchedulerTasksTable } from "../db/schema";
import { ConflictError, NotFoundError } from "../errors";
import { firstRunAt, nextRunAt, type TaskSettings } from "./schedule";

// The rows of scheduler_tasks (migration 0006): one per global task, shared
// by every replica. Claiming, beating and releasing are single conditional
// UPDATEs, so two replicas can never both believe they hold a task.

export type TaskRow = Selectable<SchedulerTasksTable>;
type Key = { pluginId: string; taskId: string };

const row = (db: Kysely<Database>, key: Key) => db.updateTable("scheduler_tasks").where("plugin_id", "=", key.pluginId).where("task_id", "=", key.taskId);

export async function readTask(db: Kysely<Database>, key: Key): Promise<TaskRow | undefined> {
  return db.selectFrom("scheduler_tasks").selectAll().where("plugin_id", "=", key.pluginId).where("task_id", "=", key.taskId).executeTakeFirst();
}

export async function readPluginTasks(db: Kysely<Database>, pluginId: string): Promise<TaskRow[]> {
  return db.selectFrom("scheduler_tasks").selectAll().where("plugin_id", "=", pluginId).execute();
}

/**
 * Writes a task's settings at registration. A new task is due at its first
 * run; a task another replica (or an earlier start) registered keeps its
 * next run unless the new settings make it due sooner, as in Backstage.
 */
export async function persistTask(db: Kysely<Database>, key: Key & { settings: TaskSettings; now: number }): Promise<void> {
  const settingsJson = JSON.stringify(key.settings);
  await db
    .insertInto("scheduler_tasks")
    .values({ plugin_id: key.pluginId, task_id: key.taskId, settings_json: settingsJson, next_run_start_at: firstRunAt(key.settings, key.now) })
    .onConflict((oc) => oc.columns(["plugin_id", "task_id"]).doNothing())
    .execute();
  const existing = await readTask(db, key);
  if (!existing || existing.settings_json === settingsJson) return;
  const sooner = key.settings.cadence === "manual" ? null : nextRunAt(key.settings, null, key.now);
  const next = existing.next_run_start_at === null ? sooner : sooner === null ? existing.next_run_start_at : Math.min(existing.next_run_start_at, sooner);
  await row(db, key).set({ settings_json: settingsJson, next_run_start_at: next }).execute();
}

export type Claim = { ticket: string; startedAt: number; dueAt: number; tookOverFrom?: string };

/**
 * Takes the task's lease when it is due and nobody holds it, or when its
 * holder's heartbeat is older than `staleBefore` (the holder died or hung).
 */
export async function tryClaimTask(db: Kysely<Database>, key: Key & { ticket: string; holder: string; now: number; timeoutMs: number; staleBefore: number }): Promise<Claim | undefined> {
  const current = await readTask(db, key);
  if (!current || current.next_run_start_at === null || current.next_run_start_at > key.now) return undefined;
  const held = current.current_run_ticket !== null;
  if (held && (current.current_run_heartbeat_at ?? 0) >= key.staleBefore) return undefined;
  const result = await row(db, key)
    .set({
      current_run_ticket: key.ticket,
      current_run_holder: key.holder,
      current_run_started_at: key.now,
      current_run_heartbeat_at: key.now,
      current_run_expires_at: key.now + key.timeoutMs,
    })
    .where((eb) => (held ? eb("current_run_ticket", "=", current.current_run_ticket) : eb("current_run_ticket", "is", null)))
    .where("next_run_start_at", "=", current.next_run_start_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return { ticket: key.ticket, startedAt: key.now, dueAt: current.next_run_start_at, ...(held ? { tookOverFrom: current.current_run_holder ?? "unknown" } : {}) };
}

/** Renews the lease; false when it is no longer ours (taken over after our heartbeat lapsed). */
export async function beatTask(db: Kysely<Database>, key: Key & { ticket: string; now: number }): Promise<boolean> {
  const result = await row(db, key).set({ current_run_heartbeat_at: key.now }).where("current_run_ticket", "=", key.ticket).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a run: frees the lease, records how it went and when the task is due next. */
export async function releaseTask(db: Kysely<Database>, key: Key & { claim: Claim; settings: TaskSettings; now: number; error?: { name: string; message: string } }): Promise<void> {
  await row(db, key)
    .set({
      current_run_ticket: null,
      current_run_holder: null,
      current_run_started_at: null,
      current_run_heartbeat_at: null,
      current_run_expires_at: null,
      last_run_started_at: key.claim.startedAt,
      last_run_ended_at: key.now,
      last_run_error_json: key.error ? JSON.stringify(key.error) : null,
      next_run_start_at: nextRunAt(key.settings, key.claim.dueAt, key.now),
    })
    .where("current_run_ticket", "=", key.claim.ticket)
    .execute();
}

/** Makes the task due now: 404 when no replica registered it, 409 while a live holder runs it. */
export async function triggerStoredTask(db: Kysely<Database>, key: Key & { now: number; staleBefore: number }): Promise<void> {
  if (!(await readTask(db, key))) throw new NotFoundError(`Task ${key.taskId} does not exist`);
  const result = await row(db, key)
    .set({ next_run_start_at: key.now })
    .where((eb) => eb.or([eb("current_run_ticket", "is", null), eb("current_run_heartbeat_at", "<", key.staleBefore)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ConflictError(`Task ${key.taskId} is currently running`);
}
