import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// SQLite's full-text index becomes one row per entity, keyed by the entity's
// rowid, with a column per indexed field (app/lib/catalog/store/
// full-text.server.ts). Read in rowid order, a term's matches come in uid
// order, so a by-query page stops once it is full. For that the entities'
// rowids must follow their uids: a catalog whose rows do not (written before
// uids were ordered, or by two processes at once) is copied once into a
// table filled in uid order. PostgreSQL's index is unchanged.

const FIELDS: Array<[column: string, key: string]> = [
  ["name", "metadata.name"],
  ["title", "metadata.title"],
  ["tags", "metadata.tags"],
  ["owner", "spec.owner"],
  ["display_name", "spec.profile.displayname"],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  // The uid index holds each row's rowid: read in uid order, the rowids must rise.
  const disorder =
    await sql`SELECT 1 FROM (SELECT rowid AS id, lag(rowid) OVER (ORDER BY entity_id) AS previous FROM catalog_entities INDEXED BY sqlite_autoindex_catalog_entities_1) WHERE previous > id LIMIT 1`.execute(
      db,
    );
  if (disorder.rows.length) await copyInUidOrder(db);

  await sql`DROP TABLE catalog_fts`.execute(db);
  await sql.raw(`CREATE VIRTUAL TABLE catalog_fts USING fts5(${FIELDS.map(([column]) => column).join(", ")}, content = '', contentless_delete = 1, tokenize = 'trigram')`).execute(db);
  const values = FIELDS.map(
    ([, key]) => sql`(SELECT group_concat(s.value, char(10)) FROM catalog_search s INDEXED BY catalog_search_entity WHERE s.entity_id = e.entity_id AND s.key = ${key} AND s.value IS NOT NULL)`,
  );
  const keys = sql.join(FIELDS.map(([, key]) => key));
  // Entities without any indexed value need no row.
  await sql`INSERT INTO catalog_fts (rowid, ${sql.raw(FIELDS.map(([column]) => column).join(", "))}) SELECT e.rowid, ${sql.join(values)} FROM catalog_entities e
    WHERE EXISTS (SELECT 1 FROM catalog_search s INDEXED BY catalog_search_entity WHERE s.entity_id = e.entity_id AND s.key IN (${keys}) AND s.value IS NOT NULL)`.execute(db);
}

/** Rewrites catalog_entities with the same definition and indexes, its rows inserted in uid order. */
async function copyInUidOrder(db: Kysely<any>): Promise<void> {
  const definitions = await sql<{ type: string; sql: string }>`SELECT type, sql FROM sqlite_master WHERE tbl_name = 'catalog_entities' AND sql IS NOT NULL ORDER BY type = 'index'`.execute(db);
  const [table, ...indexes] = definitions.rows;
  await sql.raw(table.sql.replace(/^CREATE TABLE\s+("?)catalog_entities\1/i, 'CREATE TABLE "catalog_entities_in_uid_order"')).execute(db);
  await sql`INSERT INTO catalog_entities_in_uid_order SELECT * FROM catalog_entities ORDER BY entity_id`.execute(db);
  await sql`DROP TABLE catalog_entities`.execute(db);
  await sql`ALTER TABLE catalog_entities_in_uid_order RENAME TO catalog_entities`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DROP TABLE catalog_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE catalog_fts USING fts5(value, content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
  await sql`INSERT INTO catalog_fts (rowid, value) SELECT rowid, value FROM catalog_search INDEXED BY catalog_search_entity WHERE key IN (${sql.join(FIELDS.map(([, key]) => key))}) AND value IS NOT NULL`.execute(
    db,
  );
}
