import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

// The scaffolder's durable tasks (app/lib/scaffolder/tasks/): one row per
// task, claimed by a worker that beats its heartbeat while it runs, and the
// task's events (log lines, the completion, cancellation and recovery) in
// the order they happened. Columns follow Backstage's scaffolder tables
// (tasks, task_events); times are epoch milliseconds, as everywhere in Atrium.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scaffolder_tasks")
    .addColumn("id", "text", (col) => col.primaryKey())
    // The task spec (TaskSpecV1beta3) as JSON.
    .addColumn("spec", "text", (col) => col.notNull())
    // open | processing | failed | cancelled | completed
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("last_heartbeat_at", "bigint")
    // The task's secrets as JSON while it may still run; null once it has ended. Never returned by the API.
    .addColumn("secrets", "text")
    // Step outputs and checkpoints kept for a retry or a recovery, as JSON.
    .addColumn("state", "text")
    // Whom the task acts for (the creator's principal) as JSON, so a worker in any process checks the same permissions.
    .addColumn("principal", "text")
    .execute();
  await db.schema.createIndex("scaffolder_tasks_status_idx").on("scaffolder_tasks").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("scaffolder_tasks_created_by_idx").on("scaffolder_tasks").columns(["created_by", "created_at"]).execute();

  const events = db.schema.createTable("scaffolder_task_events");
  await (isPostgres(db) ? events.addColumn("id", "serial", (col) => col.primaryKey()) : events.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement()))
    .addColumn("task_id", "text", (col) => col.notNull().references("scaffolder_tasks.id").onDelete("cascade"))
    // log | completion | cancelled | recovered
    .addColumn("event_type", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("scaffolder_task_events_task_idx").on("scaffolder_task_events").columns(["task_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scaffolder_task_events").ifExists().execute();
  await db.schema.dropTable("scaffolder_tasks").ifExists().execute();
}
