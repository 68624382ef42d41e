import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import { isPostgres } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { FULL_TEXT_FIELDS } from "./search-rows";

// Full-text rows are derived from the search table. On SQLite they live in a
// contentless FTS5 trigram index whose rowids are the search rows' rowids,
// so nothing is stored twice and rows are deleted by rowid, never by scan; on
// PostgreSQL in a plain table with a pg_trgm GIN index.

type Db = Kysely<Database> | Transaction<Database>;

const FIELDS = sql.join([...FULL_TEXT_FIELDS]);

export async function insertFullTextRows(db: Db, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  const ids = sql.join(entityIds);
  if (isPostgres(db)) {
    await sql`INSERT INTO catalog_fts (entity_id, field, value)
      SELECT entity_id, key, value FROM catalog_search WHERE entity_id IN (${ids}) AND key IN (${FIELDS}) AND value IS NOT NULL`.execute(db);
  } else {
    // Without statistics SQLite prefers the (key, value) index here, which
    // reads every indexed field of the whole catalog for each batch: the
    // ingestion of a large catalog slowed down as it grew. Name the index.
    await sql`INSERT INTO catalog_fts (rowid, value)
      SELECT rowid, value FROM catalog_search INDEXED BY catalog_search_entity WHERE entity_id IN (${ids}) AND key IN (${FIELDS}) AND value IS NOT NULL`.execute(db);
  }
}

/** Must run before the entities' search rows are deleted. */
export async function deleteFullTextRows(db: Db, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  const ids = sql.join(entityIds);
  if (isPostgres(db)) {
    await sql`DELETE FROM catalog_fts WHERE entity_id IN (${ids})`.execute(db);
  } else {
    await sql`DELETE FROM catalog_fts WHERE rowid IN (SELECT rowid FROM catalog_search INDEXED BY catalog_search_entity WHERE entity_id IN (${ids}) AND key IN (${FIELDS}))`.execute(db);
  }
}

/**
 * Ids of entities whose indexed `fields` contain `pattern` (a LIKE pattern,
 * lower-cased). FTS5's trigram index answers a quoted phrase as a substring
 * match when the term has three characters or more and no wildcards.
 */
export function fullTextEntityIds(term: string, fields: string[], postgres: boolean): RawBuilder<unknown> {
  const restrict = fields.length === FULL_TEXT_FIELDS.length ? sql`` : sql` AND s.key IN (${sql.join(fields)})`;
  const pattern = `%${term}%`;
  if (postgres) {
    const field = fields.length === FULL_TEXT_FIELDS.length ? sql`` : sql` AND field IN (${sql.join(fields)})`;
    // OFFSET 0 keeps the planner from pulling the subquery up into the page
    // query: pulled up, it walks catalog_fts in uid order filtering every row
    // with the LIKE, which for a frequent term whose matches come late in uid
    // order reads most of the table (158 ms at 100,000 entities). Fenced, the
    // matches come from the trigram index and only they are ordered: the cost
    // follows the number of matches (decision 012).
    return sql`SELECT entity_id FROM catalog_fts WHERE value LIKE ${pattern}${field} OFFSET 0`;
  }
  if ([...term].length >= 3 && !/[%_]/.test(term)) {
    return sql`SELECT s.entity_id FROM catalog_fts JOIN catalog_search s ON s.rowid = catalog_fts.rowid WHERE catalog_fts MATCH ${`"${term.replaceAll('"', '""')}"`}${restrict}`;
  }
  return sql`SELECT s.entity_id FROM catalog_search s WHERE s.key IN (${sql.join(fields)}) AND s.value LIKE ${pattern}`;
}
