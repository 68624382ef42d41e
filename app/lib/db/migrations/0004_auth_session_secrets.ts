import type { Kysely } from "kysely";

// Provider tokens a signed-in user obtained for the portal to use on their
// behalf (a GitHub token with repo scope for an import pull request): kept
// on the server, keyed by the hash of an httpOnly cookie, never in a page.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_session_secrets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_entity_ref", "text", (col) => col.notNull())
    .addColumn("secrets", "text", (col) => col.notNull())
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("auth_session_secrets_expires_at_idx").on("auth_session_secrets").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_session_secrets").ifExists().execute();
}
