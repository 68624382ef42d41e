import type { Kysely } from "kysely";

// The scheduler's tasks (app/lib/scheduler): one row per global task of a
// plugin, shared by every replica. A replica runs a task by writing its
// ticket into the row (the lease) and beats its heartbeat while it runs; a
// lease whose heartbeat stopped is taken over. Columns follow Backstage's
// backstage_backend_tasks__tasks; times are epoch milliseconds.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scheduler_tasks")
    .addColumn("plugin_id", "text", (col) => col.notNull())
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("settings_json", "text", (col) => col.notNull())
    // Null for a task that only runs when triggered.
    .addColumn("next_run_start_at", "bigint")
    .addColumn("current_run_ticket", "text")
    // The replica holding the lease (a random id per process), for logs and the tasks API.
    .addColumn("current_run_holder", "text")
    .addColumn("current_run_started_at", "bigint")
    .addColumn("current_run_heartbeat_at", "bigint")
    .addColumn("current_run_expires_at", "bigint")
    .addColumn("last_run_started_at", "bigint")
    .addColumn("last_run_ended_at", "bigint")
    .addColumn("last_run_error_json", "text")
    .addPrimaryKeyConstraint("scheduler_tasks_pkey", ["plugin_id", "task_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scheduler_tasks").ifExists().execute();
}
