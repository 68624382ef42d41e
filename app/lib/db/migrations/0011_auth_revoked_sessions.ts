import type { Kysely } from "kysely";

// Sessions ended by signing out: a user token names its session (claim sid)
// and is refused once the session is here, on every replica. A row is kept
// only as long as a token of that session could still be unexpired.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_revoked_sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("auth_revoked_sessions_expires_at_idx").on("auth_revoked_sessions").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_revoked_sessions").ifExists().execute();
}
