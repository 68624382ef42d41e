import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// The catalog: every entity (Location entities included) in one table, its
// relations, a search table of flattened values for filters and facets, and
// a full-text table of the fields people search by. Times are epoch
// milliseconds; flags are 0/1 integers, so both engines read them alike.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalog_locations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("target", "text", (col) => col.notNull())
    // The Location entity that represents it; kept when the target is edited.
    .addColumn("entity_ref", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addUniqueConstraint("catalog_locations_type_target", ["type", "target"])
    .execute();

  await db.schema
    .createTable("catalog_entities")
    .addColumn("entity_id", "text", (col) => col.primaryKey())
    .addColumn("entity_ref", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("namespace", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("spec_type", "text")
    .addColumn("spec_lifecycle", "text")
    .addColumn("spec_owner", "text")
    // The Location entity whose processing emitted this one; null for roots.
    .addColumn("parent_ref", "text")
    // For roots: the registered location's id, or 'config' for catalog.locations.
    .addColumn("root_source", "text")
    .addColumn("location_key", "text")
    .addColumn("origin_key", "text")
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("errors", "text")
    .addColumn("hash", "text", (col) => col.notNull())
    .addColumn("etag", "text", (col) => col.notNull())
    .addColumn("orphan", "integer", (col) => col.notNull().defaultTo(0))
    // Processing queue, for Location entities only.
    .addColumn("next_refresh_at", "bigint")
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "bigint")
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("catalog_entities_kind_type").on("catalog_entities").columns(["kind", "spec_type", "entity_id"]).execute();
  await db.schema.createIndex("catalog_entities_type").on("catalog_entities").columns(["spec_type"]).execute();
  await db.schema.createIndex("catalog_entities_owner").on("catalog_entities").columns(["spec_owner"]).execute();
  await db.schema.createIndex("catalog_entities_lifecycle").on("catalog_entities").columns(["spec_lifecycle"]).execute();
  await db.schema.createIndex("catalog_entities_name").on("catalog_entities").columns(["name", "entity_id"]).execute();
  await db.schema.createIndex("catalog_entities_namespace").on("catalog_entities").columns(["namespace"]).execute();
  // A Location's children per file: one Location may list hundreds of files.
  await db.schema.createIndex("catalog_entities_parent").on("catalog_entities").columns(["parent_ref", "location_key"]).execute();
  await db.schema.createIndex("catalog_entities_location").on("catalog_entities").columns(["location_key"]).execute();
  await db.schema.createIndex("catalog_entities_origin").on("catalog_entities").columns(["origin_key"]).execute();
  await db.schema.createIndex("catalog_entities_due").on("catalog_entities").columns(["next_refresh_at"]).execute();

  await db.schema
    .createTable("catalog_relations")
    .addColumn("originating_entity_id", "text", (col) => col.notNull())
    .addColumn("source_ref", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("target_ref", "text", (col) => col.notNull())
    // The target as written in the entity's relations: kind and namespace lower-cased, name as given.
    .addColumn("target_display", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("catalog_relations_source").on("catalog_relations").columns(["source_ref"]).execute();
  await db.schema.createIndex("catalog_relations_target").on("catalog_relations").columns(["target_ref"]).execute();
  await db.schema.createIndex("catalog_relations_origin").on("catalog_relations").columns(["originating_entity_id"]).execute();

  await db.schema
    .createTable("catalog_search")
    .addColumn("entity_id", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("value", "text")
    .addColumn("original_value", "text")
    .execute();
  await db.schema.createIndex("catalog_search_key_value").on("catalog_search").columns(["key", "value", "entity_id"]).execute();
  await db.schema.createIndex("catalog_search_entity").on("catalog_search").columns(["entity_id", "key"]).execute();

  // One number that changes with every write to the catalog: caches of
  // counts and facets are keyed by it, so they are exact on every replica.
  await db.schema
    .createTable("catalog_generation")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("generation", "bigint", (col) => col.notNull())
    .execute();
  await db.insertInto("catalog_generation").values({ id: 1, generation: 0 }).execute();

  if (isPostgres(db)) {
    await db.schema
      .createTable("catalog_fts")
      .addColumn("entity_id", "text", (col) => col.notNull())
      .addColumn("field", "text", (col) => col.notNull())
      .addColumn("value", "text", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("catalog_fts_entity").on("catalog_fts").columns(["entity_id"]).execute();
    // Trigram indexes make '%term%' searches indexable; without the extension
    // (no privilege to create it) searches still work, by scanning.
    const trigram = await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db).then(
      () => true,
      () => false,
    );
    if (trigram) await sql`CREATE INDEX catalog_fts_value ON catalog_fts USING gin (value gin_trgm_ops)`.execute(db);
  } else {
    // Contentless: the rowid of each row is the rowid of its catalog_search row (store/full-text.server.ts).
    await sql`CREATE VIRTUAL TABLE catalog_fts USING fts5(value, content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["catalog_generation", "catalog_fts", "catalog_search", "catalog_relations", "catalog_entities", "catalog_locations"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
