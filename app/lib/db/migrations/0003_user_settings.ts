import type { Kysely } from "kysely";

// User settings, Backstage's shape: one JSON value per user, bucket and key.
// The value is text holding JSON so both engines store it the same way.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_settings")
    .addColumn("user_entity_ref", "text", (col) => col.notNull())
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("user_settings_pk", ["user_entity_ref", "bucket", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_settings").ifExists().execute();
}
