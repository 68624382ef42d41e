import type { Kysely } from "kysely";

// The template editor's state (app/lib/scaffolder/editor/template-editor.server.ts),
// moved from one process's memory to the database so that every worker
// process and every replica reads the same (docs/decisions/048-workers.md):
// per user, the template and values last posted and the template directory's
// files, and up to ten dry-run results. Never the secrets of a dry-run.
// Times are epoch milliseconds; the index on updated_at lets drafts left
// alone for half a day be swept in one statement, with their results.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scaffolder_editor_drafts")
    // settingsOwnerOf(identity): the user's entity ref, or a guest browser's own id.
    .addColumn("user_ref", "text", (col) => col.primaryKey())
    .addColumn("template_yaml", "text", (col) => col.notNull())
    .addColumn("values_yaml", "text", (col) => col.notNull())
    // JSON text: the directory's files ({path, base64Content, executable?}[]).
    .addColumn("files_json", "text", (col) => col.notNull())
    // How many dry-runs the user started since the draft was created: the next result's number.
    .addColumn("runs", "integer", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("scaffolder_editor_drafts_updated_at_idx").on("scaffolder_editor_drafts").column("updated_at").execute();
  await db.schema
    .createTable("scaffolder_editor_results")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_ref", "text", (col) => col.notNull())
    .addColumn("n", "integer", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("template_title", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    // JSON text: the rest of the result (error, log, files, output), read only when it is shown.
    .addColumn("body_json", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("scaffolder_editor_results_user_n_idx").on("scaffolder_editor_results").columns(["user_ref", "n"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scaffolder_editor_results").ifExists().execute();
  await db.schema.dropTable("scaffolder_editor_drafts").ifExists().execute();
}
