import type { Kysely } from "kysely";

// The scaffolder wizard's drafts (app/lib/scaffolder/wizard/drafts.server.ts):
// what a user has entered so far in one template's form and the step they are
// on, kept on the server so that Next, Back and Review work as plain form
// posts. One row per user and template; times are epoch milliseconds, and
// the index on updated_at lets old drafts be swept in one statement.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scaffolder_wizard_drafts")
    // settingsOwnerOf(identity): the user's entity ref, or a guest browser's own id.
    .addColumn("user_ref", "text", (col) => col.notNull())
    // The template's entity ref, lower-cased (template:default/name).
    .addColumn("template_ref", "text", (col) => col.notNull())
    .addColumn("values_json", "text", (col) => col.notNull())
    .addColumn("current_step", "integer", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("scaffolder_wizard_drafts_pkey", ["user_ref", "template_ref"])
    .execute();
  await db.schema.createIndex("scaffolder_wizard_drafts_updated_at_idx").on("scaffolder_wizard_drafts").column("updated_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scaffolder_wizard_drafts").ifExists().execute();
}
