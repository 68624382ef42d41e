import type { Kysely } from "kysely";

// The catalog index lists entities in name order by default, as a reader
// expects a catalog to be. Its two common views, every entity of a kind and
// those of a kind and type, must stay a range of an index at a million
// entities instead of sorting every match (400,000 services): these indexes
// carry the name after the filter's columns and the id last, which breaks
// ties and makes the keyset cursor a range too (decision 012). The uid-order
// indexes stay: Backstage's API clients page in uid order.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("catalog_entities_kind_name").on("catalog_entities").columns(["kind", "name", "entity_id"]).ifNotExists().execute();
  await db.schema.createIndex("catalog_entities_kind_type_name").on("catalog_entities").columns(["kind", "spec_type", "name", "entity_id"]).ifNotExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("catalog_entities_kind_type_name").ifExists().execute();
  await db.schema.dropIndex("catalog_entities_kind_name").ifExists().execute();
}
