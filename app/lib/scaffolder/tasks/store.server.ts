import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Principal } from "../../auth/credentials";
import { isPostgres } from "../../db/dialect";
import type { Database, ScaffolderTaskEventsTable, ScaffolderTasksTable } from "../../db/schema";
import type { JsonObject, JsonValue } from "../actions/types";
import {
  FINAL_TASK_STATUSES,
  isRecoverable,
  type ListTasksRequest,
  type SerializedTask,
  type SerializedTaskEvent,
  type TaskEventType,
  type TaskSecrets,
  type TaskSpec,
  type TaskStatus,
} from "./types";

// The durable tasks of the scaffolder (migration 0007), on the model of
// Backstage's DatabaseTaskStore: a task is created open, claimed by one
// worker (a single conditional UPDATE; on PostgreSQL the candidate row is
// picked with FOR UPDATE SKIP LOCKED so concurrent workers never wait on each
// other), kept alive by its worker's heartbeat, and ended once with a
// completion event. A task whose heartbeat stopped is failed, or opened again
// when its template asked for recovery. Secrets leave the row when the task
// ends (and when a task that cannot be recovered is claimed, as in Backstage).

export type TaskRow = Selectable<ScaffolderTasksTable>;

/** What a run keeps between attempts: each finished step's output, and the checkpoints actions took. */
export type TaskState = {
  steps?: Record<string, { output: JsonObject }>;
  checkpoints?: Record<string, { status: "success"; value: JsonValue | null }>;
};

/** A task with what only the worker sees: its secrets, state and the principal it acts for. */
export type StoredTask = SerializedTask & { secrets?: TaskSecrets; state: TaskState; principal?: Principal };

export const STALE_TASK_MESSAGE = "This task was marked as stale as it exceeded its timeout";

const iso = (ms: number) => new Date(ms).toISOString();

function parse<T>(text: string | null, what: string, id: string): T | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`Failed to parse ${what} of task '${id}', ${String(error)}`);
  }
}

export function toStoredTask(row: TaskRow): StoredTask {
  return {
    id: row.id,
    spec: parse<TaskSpec>(row.spec, "spec", row.id)!,
    status: row.status as TaskStatus,
    createdAt: iso(row.created_at),
    ...(row.last_heartbeat_at !== null ? { lastHeartbeatAt: iso(row.last_heartbeat_at) } : {}),
    ...(row.created_by !== null ? { createdBy: row.created_by } : {}),
    ...(row.secrets !== null ? { secrets: parse<TaskSecrets>(row.secrets, "secrets", row.id) } : {}),
    state: parse<TaskState>(row.state, "state", row.id) ?? {},
    ...(row.principal !== null ? { principal: parse<Principal>(row.principal, "principal", row.id) } : {}),
  };
}

/** A task as the API shows it: never its secrets, state or principal. */
export function serializeTask(task: StoredTask): SerializedTask {
  const { id, spec, status, createdAt, lastHeartbeatAt, createdBy } = task;
  return { id, spec, status, createdAt, ...(lastHeartbeatAt ? { lastHeartbeatAt } : {}), ...(createdBy ? { createdBy } : {}) };
}

function toEvent(row: Selectable<ScaffolderTaskEventsTable>): SerializedTaskEvent {
  return { id: Number(row.id), taskId: row.task_id, type: row.event_type as TaskEventType, body: parse<JsonObject>(row.body, "event body", row.task_id) ?? {}, createdAt: iso(row.created_at) };
}

/**
 * After a startOver recovery, the events of the abandoned run are history:
 * only what followed the last recovery is the task's story (Backstage's
 * trimEventsTillLastRecovery). A retry keeps the earlier events: its steps
 * continue where they were.
 */
export function trimEventsTillLastRecovery(events: SerializedTaskEvent[]): SerializedTaskEvent[] {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type !== "recovered") continue;
    return event.body.recoverStrategy === "startOver" ? events.slice(index) : events;
  }
  return events;
}

const ORDER_COLUMNS = { createdAt: "created_at", status: "status", createdBy: "created_by", lastHeartbeatAt: "last_heartbeat_at", id: "id" } as const;

export type TaskStore = ReturnType<typeof createTaskStore>;

export function createTaskStore(db: Kysely<Database>, now: () => number = Date.now) {
  const postgres = isPostgres(db);

  async function insertEvent(executor: Kysely<Database>, taskId: string, type: TaskEventType, body: JsonObject): Promise<SerializedTaskEvent> {
    const row = await executor
      .insertInto("scaffolder_task_events")
      .values({ task_id: taskId, event_type: type, body: JSON.stringify(body), created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvent(row);
  }

  async function getTask(taskId: string): Promise<StoredTask | undefined> {
    const row = await db.selectFrom("scaffolder_tasks").selectAll().where("id", "=", taskId).executeTakeFirst();
    return row ? toStoredTask(row) : undefined;
  }

  /**
   * Ends a task with its completion event, once: a task that has already
   * ended is left as it is (undefined). A cancellation may end an open task.
   */
  async function completeTask(taskId: string, status: "failed" | "completed" | "cancelled", body: JsonObject): Promise<SerializedTaskEvent | undefined> {
    return db.transaction().execute(async (trx) => {
      const from: TaskStatus[] = status === "cancelled" ? ["open", "processing"] : ["processing"];
      const updated = await trx.updateTable("scaffolder_tasks").set({ status, secrets: null }).where("id", "=", taskId).where("status", "in", from).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      return insertEvent(trx, taskId, "completion", body);
    });
  }

  return {
    getTask,
    completeTask,

    async createTask(options: { spec: TaskSpec; secrets?: TaskSecrets; createdBy?: string; principal?: Principal }): Promise<{ taskId: string }> {
      const taskId = randomUUID();
      await db
        .insertInto("scaffolder_tasks")
        .values({
          id: taskId,
          spec: JSON.stringify(options.spec),
          status: "open",
          created_by: options.createdBy ?? null,
          created_at: now(),
          last_heartbeat_at: null,
          secrets: options.secrets && Object.keys(options.secrets).length > 0 ? JSON.stringify(options.secrets) : null,
          state: null,
          principal: options.principal ? JSON.stringify(options.principal) : null,
        })
        .execute();
      return { taskId };
    },

    async listTasks(request: ListTasksRequest): Promise<{ tasks: StoredTask[]; totalTasks: number }> {
      const createdBy = [request.createdBy ?? []].flat();
      const statuses = [request.status ?? []].flat();
      let query = db.selectFrom("scaffolder_tasks");
      if (createdBy.length > 0) query = query.where("created_by", "in", createdBy);
      if (statuses.length > 0) query = query.where("status", "in", statuses);
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
      let rows = query.selectAll();
      const order = request.order?.length ? request.order : [{ field: "createdAt", order: "desc" } as const];
      for (const { field, order: direction } of order) rows = rows.orderBy(ORDER_COLUMNS[field], direction);
      // A stable order for pages: ties broken by id.
      rows = rows.orderBy("id", "asc");
      if (request.limit !== undefined) rows = rows.limit(request.limit);
      if (request.offset) rows = (request.limit === undefined ? rows.limit(postgres ? Number.MAX_SAFE_INTEGER : -1) : rows).offset(request.offset);
      return { tasks: (await rows.execute()).map(toStoredTask), totalTasks: Number(total) };
    },

    /** Takes the oldest open task for this worker, or nothing when none is open (or another worker took it first). */
    async claimTask(): Promise<StoredTask | undefined> {
      // Every worker polls; most polls find nothing. A read first keeps an idle
      // poll from taking SQLite's write lock, and from waiting for it behind
      // the catalog's ingestion in another process.
      if (!(await db.selectFrom("scaffolder_tasks").select("id").where("status", "=", "open").limit(1).executeTakeFirst())) return undefined;
      let candidate = db.selectFrom("scaffolder_tasks").select("id").where("status", "=", "open").orderBy("created_at").orderBy("id").limit(1);
      if (postgres) candidate = candidate.forUpdate().skipLocked();
      const row = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable("scaffolder_tasks")
          .set({ status: "processing", last_heartbeat_at: now() })
          .where("id", "=", candidate)
          .where("status", "=", "open")
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return undefined;
        const spec = parse<TaskSpec>(claimed.spec, "spec", claimed.id)!;
        // A task that cannot be recovered never needs its secrets again once its one run has them.
        if (!isRecoverable(spec) && claimed.secrets !== null) await trx.updateTable("scaffolder_tasks").set({ secrets: null }).where("id", "=", claimed.id).execute();
        return claimed;
      });
      return row ? toStoredTask(row) : undefined;
    },

    /** Renews the worker's heartbeat; false when the task is no longer processing (cancelled, taken over). */
    async heartbeat(taskId: string): Promise<boolean> {
      const result = await db.updateTable("scaffolder_tasks").set({ last_heartbeat_at: now() }).where("id", "=", taskId).where("status", "=", "processing").executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async saveState(taskId: string, state: TaskState): Promise<void> {
      await db
        .updateTable("scaffolder_tasks")
        .set({ state: JSON.stringify(state) })
        .where("id", "=", taskId)
        .execute();
    },

    emitEvent(taskId: string, type: "log" | "cancelled", body: JsonObject): Promise<SerializedTaskEvent> {
      return insertEvent(db, taskId, type, body);
    },

    /**
     * Events after `after` in order, the completion always among them
     * (Backstage's listEvents), but only the completion of the current
     * attempt: one that a retry or a recovery followed is history.
     */
    async listEvents(taskId: string, after?: number): Promise<SerializedTaskEvent[]> {
      let query = db.selectFrom("scaffolder_task_events").selectAll().where("task_id", "=", taskId);
      if (after !== undefined) query = query.where((eb) => eb.or([eb("id", ">", after), eb("event_type", "in", ["completion", "recovered"])]));
      const events = (await query.orderBy("id").execute()).map(toEvent);
      const attempt = Math.max(0, ...events.filter((event) => event.type === "recovered").map((event) => event.id));
      const current = after === undefined ? events : events.filter((event) => event.id > after || (event.type === "completion" && event.id > attempt));
      return trimEventsTillLastRecovery(current);
    },

    /**
     * Whether a cancellation was asked for during the task's current attempt:
     * a `cancelled` event after the last `recovered` one (a retry or a restart
     * begins a new attempt).
     */
    async cancellationRequested(taskId: string): Promise<boolean> {
      const attempt = db
        .selectFrom("scaffolder_task_events")
        .select((eb) => eb.fn.coalesce(eb.fn.max("id"), eb.lit(0)).as("id"))
        .where("task_id", "=", taskId)
        .where("event_type", "=", "recovered");
      const row = await db.selectFrom("scaffolder_task_events").select("id").where("task_id", "=", taskId).where("event_type", "=", "cancelled").where("id", ">", attempt).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Opens a failed or cancelled task again for a retry, with fresh secrets;
     * its state (the finished steps' outputs, the checkpoints) is kept.
     */
    async retryTask(taskId: string, secrets?: TaskSecrets): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("scaffolder_tasks")
          .set({ status: "open", last_heartbeat_at: null, secrets: secrets && Object.keys(secrets).length > 0 ? JSON.stringify(secrets) : null })
          .where("id", "=", taskId)
          .where("status", "in", ["failed", "cancelled"])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await insertEvent(trx, taskId, "recovered", { recoverStrategy: "retry" });
        return true;
      });
    },

    /**
     * Of the tasks `ids`, those whose workspace must stay: open or running
     * ones, and failed or cancelled ones whose last event is not older than
     * `endedSince` (a retry resumes in their workspace). A task that ended
     * otherwise, ended earlier, or no longer exists needs none.
     */
    async workspacesToKeep(ids: string[], endedSince: number): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom("scaffolder_tasks as task")
        .select((eb) => [
          "task.id",
          "task.status",
          eb
            .selectFrom("scaffolder_task_events as event")
            .select((inner) => inner.fn.max("event.created_at").as("at"))
            .whereRef("event.task_id", "=", "task.id")
            .as("last_event_at"),
        ])
        .where("task.id", "in", ids)
        .execute();
      const keep = rows.filter((row) => {
        if (row.status === "open" || row.status === "processing") return true;
        if (row.status !== "failed" && row.status !== "cancelled") return false;
        return Number(row.last_event_at ?? 0) >= endedSince;
      });
      return new Set(keep.map((row) => row.id));
    },

    /**
     * Settles the tasks whose worker stopped beating before `staleBefore`:
     * a recoverable task (startOver) is opened again with a `recovered`
     * event, any other is failed, its unfinished steps marked failed, with
     * Backstage's message. Answers what was done, for the log.
     */
    async settleStaleTasks(staleBefore: number): Promise<{ recovered: string[]; failed: string[] }> {
      const stale = await db.selectFrom("scaffolder_tasks").select(["id", "spec", "state"]).where("status", "=", "processing").where("last_heartbeat_at", "<", staleBefore).execute();
      const recovered: string[] = [];
      const failed: string[] = [];
      for (const { id, spec, state } of stale) {
        const parsed = parse<TaskSpec>(spec, "spec", id)!;
        if (isRecoverable(parsed)) {
          const reopened = await db.transaction().execute(async (trx) => {
            const result = await trx
              .updateTable("scaffolder_tasks")
              .set({ status: "open", last_heartbeat_at: null, state: JSON.stringify({ checkpoints: parse<TaskState>(state, "state", id)?.checkpoints ?? {} }) })
              .where("id", "=", id)
              .where("status", "=", "processing")
              .where("last_heartbeat_at", "<", staleBefore)
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) !== 1) return false;
            await insertEvent(trx, id, "recovered", { recoverStrategy: "startOver" });
            return true;
          });
          if (reopened) recovered.push(id);
          continue;
        }
        const events = await db.selectFrom("scaffolder_task_events").select(["event_type", "body"]).where("task_id", "=", id).where("event_type", "=", "log").orderBy("id").execute();
        const last = new Map<string, string>();
        for (const event of events) {
          const body = parse<JsonObject>(event.body, "event body", id) ?? {};
          if (typeof body.stepId === "string" && typeof body.status === "string") last.set(body.stepId, body.status);
        }
        const ended = await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable("scaffolder_tasks")
            .set({ status: "failed", secrets: null })
            .where("id", "=", id)
            .where("status", "=", "processing")
            .where("last_heartbeat_at", "<", staleBefore)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) return false;
          for (const [stepId, status] of last) if (status === "processing") await insertEvent(trx, id, "log", { message: STALE_TASK_MESSAGE, stepId, status: "failed" });
          await insertEvent(trx, id, "completion", { message: STALE_TASK_MESSAGE, error: { name: "Error", message: STALE_TASK_MESSAGE } });
          return true;
        });
        if (ended) failed.push(id);
      }
      return { recovered, failed };
    },

    /** Whether a task has ended. */
    isFinal: (status: TaskStatus) => FINAL_TASK_STATUSES.includes(status),
  };
}
