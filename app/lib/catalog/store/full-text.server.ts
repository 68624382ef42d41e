import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from "kysely";
import { isPostgres } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { FULL_TEXT_FIELDS } from "./search-rows";

// The full-text index of the fields in FULL_TEXT_FIELDS.
//
// SQLite: a contentless FTS5 trigram table with one row per entity, one
// column per field (a field's several values, tags, joined by a newline),
// whose rowid is the entity's rowid in catalog_entities. New entities get
// uids after every uid in the catalog (ensureNewUidsSortLast in
// uid.server.ts), so rowid order is uid order, the order by-query answers in
// when no order is asked for: such a page walks the term's matches in rowid
// order and stops once it is full (fullTextIdsInUidOrder in
// query/entities-query.server.ts), however many entities match. Migration 0017 builds the table, and puts an
// older catalog's rows in uid order first.
//
// PostgreSQL: a plain table of (entity, field, value) rows with a pg_trgm GIN
// index.

type Db = Kysely<Database> | Transaction<Database>;
type FullTextField = (typeof FULL_TEXT_FIELDS)[number];

/** The FTS5 column of each indexed field. */
const COLUMNS: Record<FullTextField, string> = {
  "metadata.name": "name",
  "metadata.title": "title",
  "metadata.tags": "tags",
  "spec.owner": "owner",
  "spec.profile.displayname": "display_name",
};
/** Joins a field's values in its column: a term holding one is never answered from the index. */
const VALUE_SEPARATOR = "\n";

export type FullTextRow = { entity_id: string; key: string; value: string | null };

/** Indexes the entities' rows of the indexed fields; their old full-text rows must be gone. */
export async function insertFullTextRows(db: Db, rows: FullTextRow[]): Promise<void> {
  const indexed = rows.filter((row): row is FullTextRow & { value: string } => row.value !== null && row.key in COLUMNS);
  if (indexed.length === 0) return;
  if (isPostgres(db)) {
    await db
      .insertInto("catalog_fts" as never)
      .values(indexed.map((row) => ({ entity_id: row.entity_id, field: row.key, value: row.value })) as never)
      .execute();
    return;
  }
  const byEntity = new Map<string, Map<string, string[]>>();
  for (const row of indexed) {
    const fields = byEntity.get(row.entity_id) ?? new Map<string, string[]>();
    byEntity.set(row.entity_id, fields);
    fields.set(row.key, [...(fields.get(row.key) ?? []), row.value]);
  }
  const values = [...byEntity].map(([id, fields]) => sql`(${sql.join([id, ...FULL_TEXT_FIELDS.map((field) => fields.get(field)?.join(VALUE_SEPARATOR) ?? null)])})`);
  await sql`INSERT INTO catalog_fts (rowid, ${sql.raw(Object.values(COLUMNS).join(", "))})
    SELECT e.rowid, v.column2, v.column3, v.column4, v.column5, v.column6
    FROM (VALUES ${sql.join(values)}) v JOIN catalog_entities e ON e.entity_id = v.column1`.execute(db);
}

/** Indexes every entity from its search rows, which are written first; for rows written straight into the tables. */
export async function indexAllFullText(db: Db): Promise<void> {
  const fields = sql.join([...FULL_TEXT_FIELDS]);
  if (isPostgres(db)) {
    await sql`INSERT INTO catalog_fts (entity_id, field, value) SELECT entity_id, key, value FROM catalog_search WHERE key IN (${fields}) AND value IS NOT NULL`.execute(db);
    return;
  }
  const values = FULL_TEXT_FIELDS.map(
    (field) =>
      sql`(SELECT group_concat(s.value, ${VALUE_SEPARATOR}) FROM catalog_search s INDEXED BY catalog_search_entity WHERE s.entity_id = e.entity_id AND s.key = ${field} AND s.value IS NOT NULL)`,
  );
  await sql`INSERT INTO catalog_fts (rowid, ${sql.raw(Object.values(COLUMNS).join(", "))}) SELECT e.rowid, ${sql.join(values)} FROM catalog_entities e
    WHERE EXISTS (SELECT 1 FROM catalog_search s INDEXED BY catalog_search_entity WHERE s.entity_id = e.entity_id AND s.key IN (${fields}) AND s.value IS NOT NULL)`.execute(db);
}

/** Must run before the entities' rows are deleted. */
export async function deleteFullTextRows(db: Db, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  const ids = sql.join(entityIds);
  if (isPostgres(db)) await sql`DELETE FROM catalog_fts WHERE entity_id IN (${ids})`.execute(db);
  else await sql`DELETE FROM catalog_fts WHERE rowid IN (SELECT rowid FROM catalog_entities WHERE entity_id IN (${ids}))`.execute(db);
}

/**
 * The FTS5 query for `term` (lower-cased) in `fields`, or undefined when the
 * trigram index cannot answer it: FTS5 answers a quoted phrase as a
 * substring match when it has three characters or more, and the term must
 * hold no LIKE wildcard (Backstage's term is a LIKE pattern) and no value
 * separator. Every field must be indexed.
 */
export function trigramMatch(term: string, fields: string[]): string | undefined {
  if ([...term].length < 3 || /[%_]/.test(term) || term.includes(VALUE_SEPARATOR)) return undefined;
  if (!fields.every((field) => field in COLUMNS)) return undefined;
  const phrase = `"${term.replaceAll('"', '""')}"`;
  if (fields.length === FULL_TEXT_FIELDS.length) return phrase;
  return `{${[...new Set(fields.map((field) => COLUMNS[field as FullTextField]))].join(" ")}} : ${phrase}`;
}

/**
 * Entities (`e`) whose indexed `fields` contain `term` (lower-cased), where
 * `%` and `_` act as LIKE wildcards as they do in Backstage.
 */
export function fullTextCondition(term: string, fields: string[], postgres: boolean): RawBuilder<SqlBool> {
  const pattern = `%${term}%`;
  if (postgres) {
    const field = fields.length === FULL_TEXT_FIELDS.length ? sql`` : sql` AND field IN (${sql.join(fields)})`;
    // OFFSET 0 keeps the planner from pulling the subquery up into the page
    // query: pulled up, it walks catalog_fts in uid order filtering every row
    // with the LIKE, which for a frequent term whose matches come late in uid
    // order reads most of the table (158 ms at 100,000 entities). Fenced, the
    // matches come from the trigram index and only they are ordered: the cost
    // follows the number of matches (decision 012).
    return sql<SqlBool>`e.entity_id IN (SELECT entity_id FROM catalog_fts WHERE value LIKE ${pattern}${field} OFFSET 0)`;
  }
  const match = trigramMatch(term, fields);
  if (match) return sql<SqlBool>`e.rowid IN (SELECT rowid FROM catalog_fts WHERE catalog_fts MATCH ${match})`;
  return sql<SqlBool>`e.entity_id IN (SELECT s.entity_id FROM catalog_search s WHERE s.key IN (${sql.join(fields)}) AND s.value LIKE ${pattern})`;
}
