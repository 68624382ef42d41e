import type { Kysely } from "kysely";

// Pages filtered by kind alone (the catalog's most common filter) ordered by
// uid: (kind, spec_type, entity_id) gives no uid order within a kind, so the
// database either sorted every entity of the kind (23 ms for 67,500
// components at 100,000 entities on SQLite) or, on PostgreSQL, walked the
// primary key filtering out every earlier kind (668 ms cold). With this index
// the page is a range of it (decision 012).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("catalog_entities_kind_uid").on("catalog_entities").columns(["kind", "entity_id"]).ifNotExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("catalog_entities_kind_uid").ifExists().execute();
}
