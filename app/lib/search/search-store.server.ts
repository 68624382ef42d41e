import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../db/dialect";
import { rankWords, TECHDOCS_FIRST_ID } from "../db/migrations/0010_search_rank";
import type { Database } from "../db/schema";
import type { SearchType } from "./query";

// The index's rows on both engines. Each document has searchable fields
// (title weighted most, then keywords, then text) and facets, the values its
// filters match, written as tokens of the same full-text index so that a
// filter is one more term of the match, never a scan of rows.
//
// Ranking: a broad term matches most of a million documents, and ranking
// costs something for each. So the matches are taken in windows of
// RANK_WINDOW in id order (the indexes give that order cheaply and stop
// early), and a page is ranked within its window: a term with fewer matches
// than that is ranked as a whole, a broad one costs one window. Pages stay
// stable: window w holds the same rows for every page of the query.
//
// On SQLite a window is ranked from search_rank (each document's title and
// keywords as words): a word of the term starting a word of the title counts
// 10, of the keywords 5, as bm25's column weights did. bm25 itself counts the
// rows of every word and filter token of the query on each call (their whole
// lists: 10-40 ms at 100,000 documents, growing with the index; migration
// 0010_search_rank). On PostgreSQL ts_rank reads only the row's own tsvector.
// There, docs pages have ids of their own range (TECHDOCS_FIRST_ID), so a
// type filter bounds the walk along the primary key.

type Db = Kysely<Database>;

/** Matches ranked together: a broad term's page costs one window of this many rows (bench:docs-search, docs/benchmarks.md). */
export const RANK_WINDOW = 250;
/** Texts longer than this are cut before indexing; a docs page of this size is a book chapter. */
export const MAX_INDEXED_TEXT = 100_000;
const MAX_FACET_VALUE = 100;
/** The longest prefix FTS5's prefix indexes hold (migration 0009_search: prefix = '2 3 4 5'). */
export const PREFIX_INDEXED = 5;
const BATCH = 200;

export type IndexedDocument = {
  type: SearchType;
  /** kind:namespace/name, lower case: what permissions are decided on. */
  entityRef: string;
  /** The docs page's path; '' for a catalog entity. */
  path: string;
  document: object;
  title: string;
  keywords: string;
  text: string;
  facets: Partial<Record<string, string>>;
};

export type StoreQuery = {
  words: string[];
  /**
   * Which words match as prefixes: "short" ones (up to PREFIX_INDEXED letters, which FTS5's prefix
   * indexes answer from stored lists) or "all". A longer prefix makes FTS5 merge the lists of every
   * word it starts (5-7 ms for a common word at 100,000 documents, growing with the index), while a
   * whole word is one list (0.3 ms); the service asks for "all" only when "short" finds nothing.
   */
  prefixes: "short" | "all";
  /** Every entry must match one of its values. */
  facets: Array<{ field: string; values: string[] }>;
  /** A condition on `d.entity_ref` (documents aliased d); undefined: everything is readable. */
  readable?: RawBuilder<unknown>;
  offset: number;
  limit: number;
};

export type StoreHit = { id: number; type: SearchType; document: Record<string, unknown> };
export type StoreAnswer = { hits: StoreHit[]; hasMore: boolean; total?: number };

/** A facet as a word of the index: 'x', a field letter, the value's UTF-8 bytes as letters a-p (no tokenizer or stemmer splits or changes it). */
export function facetToken(field: string, value: string): string {
  const bytes = new TextEncoder().encode(value.toLocaleLowerCase("en-US").slice(0, MAX_FACET_VALUE));
  let letters = "";
  for (const byte of bytes) letters += String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15));
  return `x${FIELD_LETTERS[field] ?? "z"}${letters}`;
}

const FIELD_LETTERS: Record<string, string> = { type: "t", kind: "k", lifecycle: "l", owner: "o", namespace: "n", name: "m", resultType: "r" };

function facetText(document: IndexedDocument): string {
  const tokens = [facetToken("resultType", document.type)];
  for (const [field, value] of Object.entries(document.facets)) if (value) tokens.push(facetToken(field, value));
  return tokens.join(" ");
}

/** Replaces the documents with these keys (entityRef, type, path) by the new versions. */
export async function upsertDocuments(db: Db, documents: IndexedDocument[]): Promise<void> {
  for (let i = 0; i < documents.length; i += BATCH) {
    const batch = documents.slice(i, i + BATCH);
    await db.transaction().execute(async (trx) => {
      const keys = sql.join(batch.map((doc) => sql`(${doc.entityRef}, ${doc.type}, ${doc.path})`));
      await deleteWhere(trx, sql`(entity_ref, type, path) IN (VALUES ${keys})`);
      await insertDocuments(trx, batch);
    });
  }
}

/** Removes every document of an entity of one type (a catalog entity, or all its docs pages). */
export async function deleteEntityDocuments(db: Db, type: SearchType, entityRefs: string[]): Promise<void> {
  for (let i = 0; i < entityRefs.length; i += BATCH) {
    await deleteWhere(db, sql`type = ${type} AND entity_ref IN (${sql.join(entityRefs.slice(i, i + BATCH))})`);
  }
}

/** An entity's docs pages become exactly `documents`, in one transaction. */
export async function replaceEntityDocuments(db: Db, type: SearchType, entityRef: string, documents: IndexedDocument[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteWhere(trx, sql`type = ${type} AND entity_ref = ${entityRef}`);
    for (let i = 0; i < documents.length; i += BATCH) await insertDocuments(trx, documents.slice(i, i + BATCH));
  });
}

async function deleteWhere(db: Db, where: RawBuilder<unknown>) {
  if (!isPostgres(db)) {
    await sql`DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_documents WHERE ${where})`.execute(db);
    await sql`DELETE FROM search_rank WHERE id IN (SELECT id FROM search_documents WHERE ${where})`.execute(db);
  }
  await sql`DELETE FROM search_documents WHERE ${where}`.execute(db);
}

async function insertDocuments(db: Db, documents: IndexedDocument[]) {
  if (documents.length === 0) return;
  const cut = (text: string) => text.slice(0, MAX_INDEXED_TEXT);
  if (isPostgres(db)) {
    // PostgreSQL's parser keeps 'group:default/renters' or a URL as one token; FTS5's unicode61 splits
    // them into words. Split them here too, so both engines find the same words.
    const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, " ");
    const rows = documents.map(
      (
        doc,
      ) => sql`(${doc.type === "techdocs" ? sql`nextval('search_techdocs_ids')` : sql`nextval('search_documents_id_seq')`}, ${doc.type}, ${doc.entityRef}, ${doc.path}, ${JSON.stringify(doc.document)},
        setweight(to_tsvector('english', ${words(doc.title)}), 'A') || setweight(to_tsvector('english', ${words(doc.keywords)}), 'B')
        || setweight(to_tsvector('english', ${words(cut(doc.text))}), 'C') || to_tsvector('simple', ${facetText(doc)}))`,
    );
    await sql`INSERT INTO search_documents (id, type, entity_ref, path, document, tsv) VALUES ${sql.join(rows)}`.execute(db);
    return;
  }
  const rows = documents.map((doc) => sql`(${doc.type}, ${doc.entityRef}, ${doc.path}, ${JSON.stringify(doc.document)})`);
  const inserted = await sql<{ id: number }>`INSERT INTO search_documents (type, entity_ref, path, document) VALUES ${sql.join(rows)} RETURNING id`.execute(db);
  const fts = documents.map((doc, index) => sql`(${inserted.rows[index].id}, ${doc.title}, ${cut(doc.text)}, ${doc.keywords}, ${facetText(doc)})`);
  await sql`INSERT INTO search_fts (rowid, title, text, keywords, facets) VALUES ${sql.join(fts)}`.execute(db);
  const rank = documents.map((doc, index) => sql`(${inserted.rows[index].id}, ${rankWords(doc.title)}, ${rankWords(doc.keywords)})`);
  await sql`INSERT INTO search_rank (id, title, keywords) VALUES ${sql.join(rank)}`.execute(db);
}

/** One page of a query: ranked within windows of matches (above), the total when it is cheap to know. */
export async function queryDocuments(db: Db, query: StoreQuery, options: { countUpTo: number }): Promise<StoreAnswer> {
  const postgres = isPostgres(db);
  const match = postgres ? pgMatch(query) : ftsMatch(query);
  if (postgres) query = { ...query, readable: andAll(query.readable, typeIdRange(query)) };
  const wanted = query.limit + 1;
  const ranked: number[] = [];
  let total: number | undefined;
  if (!match) {
    // Neither words nor filters: every readable document, in id order.
    const rows = await sql<{ id: number }>`SELECT d.id FROM search_documents d WHERE ${query.readable ?? sql`1 = 1`} ORDER BY d.id LIMIT ${wanted} OFFSET ${query.offset}`.execute(db);
    ranked.push(...rows.rows.map((row) => Number(row.id)));
  } else {
    for (let window = Math.floor(query.offset / RANK_WINDOW); ranked.length < wanted; window++) {
      const bounds = await windowBounds(db, match, query.readable, window, postgres);
      if (bounds.count === 0) {
        // Past the last match: the total is counted below (unless nothing matched at all).
        if (window === 0) total = 0;
        break;
      }
      const skip = ranked.length === 0 ? query.offset - window * RANK_WINDOW : 0;
      ranked.push(...(await rankWindow(db, match, query, bounds, skip, wanted - ranked.length, postgres)));
      if (bounds.count < RANK_WINDOW) {
        total = window * RANK_WINDOW + bounds.count;
        break;
      }
    }
  }
  if (total === undefined || !match) total = await countUpTo(db, match, query.readable, options.countUpTo, postgres);
  const ids = ranked.slice(0, query.limit);
  const hits = await documentsById(db, ids);
  return { hits, hasMore: ranked.length > query.limit, total };
}

type Match = RawBuilder<unknown>;

/** An FTS5 query: every word as a prefix, each filter as a facet token (one of its values). */
function ftsMatch(query: StoreQuery): string | undefined {
  const parts = query.words.map((word) => (isPrefix(word, query) ? `"${word}"*` : `"${word}"`));
  for (const facet of query.facets) {
    parts.push(facet.values.length ? `facets : (${facet.values.map((value) => `"${facetToken(facet.field, value)}"`).join(" OR ")})` : `facets : "xnone"`);
  }
  return parts.length ? parts.join(" AND ") : undefined;
}

/** A tsquery: words stemmed as the index's English text with prefixes, filters as facets of the 'simple' configuration. */
function pgMatch(query: StoreQuery): Match | undefined {
  const parts: RawBuilder<unknown>[] = [];
  const words = pgWords(query);
  if (words) parts.push(words);
  for (const facet of query.facets) {
    const tokens = facet.values.length ? facet.values.map((value) => facetToken(facet.field, value)).join(" | ") : "xnone";
    parts.push(sql`to_tsquery('simple', ${tokens})`);
  }
  return parts.length ? sql.join(parts, sql` && `) : undefined;
}

/** On PostgreSQL, docs pages' ids are TECHDOCS_FIRST_ID and up (migration 0010_search_rank): a filter on one result type is a range of ids. */
function typeIdRange(query: StoreQuery): RawBuilder<unknown> | undefined {
  const types = query.facets.filter((facet) => facet.field === "resultType").map((facet) => new Set(facet.values.map((value) => value.toLocaleLowerCase("en-US"))));
  if (types.some((values) => values.size === 1 && values.has("techdocs"))) return sql`d.id >= ${integer(TECHDOCS_FIRST_ID)}`;
  if (types.some((values) => values.size === 1 && values.has("software-catalog"))) return sql`d.id < ${integer(TECHDOCS_FIRST_ID)}`;
  return undefined;
}

function andAll(...conditions: Array<RawBuilder<unknown> | undefined>): RawBuilder<unknown> | undefined {
  const present = conditions.filter((condition) => condition !== undefined);
  return present.length ? sql.join(present, sql` AND `) : undefined;
}

function pgWords(query: StoreQuery): RawBuilder<unknown> | undefined {
  return query.words.length ? sql`to_tsquery('english', ${query.words.map((word) => (isPrefix(word, query) ? `${word}:*` : word)).join(" & ")})` : undefined;
}

function isPrefix(word: string, query: StoreQuery): boolean {
  return query.prefixes === "all" || [...word].length <= PREFIX_INDEXED;
}

function matchCondition(match: Match | string, postgres: boolean): RawBuilder<unknown> {
  return postgres ? sql`d.tsv @@ (${match})` : sql`search_fts MATCH ${match}`;
}

function fromMatches(match: Match | string, readable: RawBuilder<unknown> | undefined, postgres: boolean) {
  if (postgres) return sql`search_documents d WHERE ${matchCondition(match, true)}${readable ? sql` AND ${readable}` : sql``}`;
  if (!readable) return sql`search_fts WHERE ${matchCondition(match, false)}`;
  return sql`search_fts JOIN search_documents d ON d.id = search_fts.rowid WHERE ${matchCondition(match, false)} AND ${readable}`;
}

const idColumn = (postgres: boolean) => (postgres ? sql`d.id` : sql`search_fts.rowid`);

async function windowBounds(db: Db, match: Match | string, readable: RawBuilder<unknown> | undefined, window: number, postgres: boolean) {
  const id = idColumn(postgres);
  const result = await sql<{ lo: number | string | null; hi: number | string | null; count: number | string }>`
    SELECT min(id) AS lo, max(id) AS hi, count(*) AS count FROM (
      SELECT ${id} AS id FROM ${fromMatches(match, readable, postgres)} ORDER BY ${id} LIMIT ${RANK_WINDOW} OFFSET ${window * RANK_WINDOW}
    ) w`.execute(db);
  const row = result.rows[0];
  return { lo: Number(row?.lo ?? 0), hi: Number(row?.hi ?? 0), count: Number(row?.count ?? 0) };
}

async function rankWindow(db: Db, match: Match | string, query: StoreQuery, bounds: { lo: number; hi: number }, skip: number, take: number, postgres: boolean) {
  const id = idColumn(postgres);
  const inWindow = sql`${fromMatches(match, query.readable, postgres)} AND ${id} BETWEEN ${integer(bounds.lo)} AND ${integer(bounds.hi)}`;
  if (postgres) {
    // Title (A), keywords (B), text (C), ranked on the term's words alone: with the filter tokens in its
    // query, ts_rank's proximity measure for several terms put a word in a title below one in a text.
    const words = pgWords(query);
    const rows = await sql<{ id: number | string }>`
      SELECT d.id AS id FROM ${inWindow} ORDER BY ${words ? sql`ts_rank('{0, 0.2, 0.5, 1}', d.tsv, ${words}) DESC, ` : sql``}d.id LIMIT ${take} OFFSET ${skip}`.execute(db);
    return rows.rows.map((row) => Number(row.id));
  }
  const rows = await sql<{ id: number }>`
    SELECT w.id AS id FROM (SELECT search_fts.rowid AS id FROM ${inWindow}) w LEFT JOIN search_rank r ON r.id = w.id
    ORDER BY ${query.words.length ? sql`${rankScore(query.words)} DESC, ` : sql``}w.id LIMIT ${take} OFFSET ${skip}`.execute(db);
  return rows.rows.map((row) => Number(row.id));
}

/**
 * An id written into the SQL as an integer: node:sqlite binds a JavaScript number as a REAL, and FTS5
 * takes only an INTEGER rowid bound as a range of its lists (with a REAL one it walks the whole list
 * and filters: 8 ms instead of 0.4 for a common word at 100,000 documents).
 */
function integer(value: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(value)) throw new Error(`not an id: ${value}`);
  return sql.lit(value);
}

/**
 * A window's order on SQLite: each word of the term that starts a word of the title counts 10, of
 * the keywords 5 (a word of more than three letters without its last letter, so 'handles' counts for
 * 'handle', as the highlighting in query.ts matches). Matches in the text alone keep their id order.
 */
function rankScore(words: string[]): RawBuilder<unknown> {
  const starts = words.map((word) => ` ${[...word].length > 3 ? [...word].slice(0, -1).join("") : word}`);
  return sql.join(
    starts.map((start) => sql`(instr(' ' || coalesce(r.title, ''), ${start}) > 0) * 10 + (instr(' ' || coalesce(r.keywords, ''), ${start}) > 0) * 5`),
    sql` + `,
  );
}

async function countUpTo(db: Db, match: Match | string | undefined, readable: RawBuilder<unknown> | undefined, cap: number, postgres: boolean): Promise<number | undefined> {
  const from = match ? fromMatches(match, readable, postgres) : sql`search_documents d WHERE ${readable ?? sql`1 = 1`}`;
  const result = await sql<{ count: number | string }>`SELECT count(*) AS count FROM (SELECT 1 FROM ${from} LIMIT ${cap + 1}) c`.execute(db);
  const count = Number(result.rows[0]?.count ?? 0);
  return count > cap ? undefined : count;
}

async function documentsById(db: Db, ids: number[]): Promise<StoreHit[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ id: number | string; type: SearchType; document: string }>`SELECT id, type, document FROM search_documents WHERE id IN (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, type: row.type, document: JSON.parse(row.document) as Record<string, unknown> }] : [];
  });
}

/** How many catalog changes wait for the collator, for tests and the benchmark. */
export async function pendingCatalogChanges(db: Db): Promise<number> {
  const result = await sql<{ count: number | string }>`SELECT count(*) AS count FROM search_catalog_changes`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}
