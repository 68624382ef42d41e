import { sql, type Kysely } from "kysely";

// Every worker and replica looks up the config roots when it starts
// (syncConfigRoots in app/lib/catalog/store/roots.server.ts). Without an
// index that read every entity, filling the page cache of each process with
// the catalog: half a second and 400 MiB per process at 100,000 entities.
// Only roots have a root_source, so the index holds a handful of rows.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("catalog_entities_roots").on("catalog_entities").column("root_source").where(sql.ref("root_source"), "is not", null).ifNotExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("catalog_entities_roots").ifExists().execute();
}
