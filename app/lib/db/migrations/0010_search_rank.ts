import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// Cheaper ranking and type-first windows for the search index
// (app/lib/search/search-store.server.ts, decision 037).
//
// SQLite: FTS5's bm25 counts, for every query, the rows holding each of its
// words and filter tokens (it walks their whole lists: 10-40 ms at 100,000
// documents, growing with the index). search_rank holds each document's
// title and keywords as lower-case words, so a window of matches is ranked
// from 250 short rows instead. Rows indexed before this migration get their
// title back from the stored document; their keywords come with their next
// write.
//
// PostgreSQL: matches are taken in id order along the primary key, and the
// planner cannot know that docs pages come after every catalog entity, so a
// docs-only query walked past all of them. Docs pages now take their ids
// from a range of their own (TECHDOCS_FIRST_ID and up), so a type filter is a
// range of the primary key.

/** The first id of a docs page on PostgreSQL (2^50); catalog entities stay below. */
export const TECHDOCS_FIRST_ID = 1_125_899_906_842_624;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE SEQUENCE search_techdocs_ids START ${sql.lit(TECHDOCS_FIRST_ID)}`.execute(db);
    await sql`UPDATE search_documents SET id = nextval('search_techdocs_ids') WHERE type = 'techdocs' AND id < ${sql.lit(TECHDOCS_FIRST_ID)}`.execute(db);
    return;
  }
  await sql`CREATE TABLE search_rank (id INTEGER PRIMARY KEY, title TEXT NOT NULL, keywords TEXT NOT NULL)`.execute(db);
  for (let after = 0; ;) {
    const { rows } = await sql<{ id: number; title: string | null }>`
      SELECT id, json_extract(document, '$.title') AS title FROM search_documents WHERE id > ${after} ORDER BY id LIMIT 2000`.execute(db);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    await sql`INSERT INTO search_rank (id, title, keywords) VALUES ${sql.join(rows.map((row) => sql`(${row.id}, ${rankWords(String(row.title ?? ""))}, '')`))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`DROP SEQUENCE IF EXISTS search_techdocs_ids`.execute(db);
  else await sql`DROP TABLE IF EXISTS search_rank`.execute(db);
}

/** A text as search_rank holds it: its words, lower case, without accents, one space apart (app/lib/search/query.ts, termWords). */
export function rankWords(text: string): string {
  return text
    .slice(0, 2000)
    .toLocaleLowerCase("en-US")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ")
    .slice(0, 1000);
}
