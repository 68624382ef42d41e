import type { Kysely } from "kysely";

// Signing keys for the user tokens Atrium issues: kept in the database so
// every replica signs and verifies with the same keys, rotated by age.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_keys")
    .addColumn("kid", "text", (col) => col.primaryKey())
    .addColumn("private_jwk", "text", (col) => col.notNull())
    .addColumn("public_jwk", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_keys").ifExists().execute();
}
