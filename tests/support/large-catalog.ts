import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../app/lib/db/dialect";
import type { Database } from "../../app/lib/db/schema";
import { indexAllFullText } from "../../app/lib/catalog/store/full-text.server";

// A large catalog written straight into a migrated database in a few set-based
// statements (a recursive CTE on SQLite, generate_series on PostgreSQL): 50,000
// Components in seconds, where ingesting them through the server takes minutes.
// The rows are the ones the entity writer keeps (app/lib/catalog/store/): the
// entity, its search rows (a description included, which has no full-text
// index) and the full-text rows of its indexed fields; entities in uid order,
// as the writer inserts them.

const SEARCH_KEYS: Array<[string, string]> = [
  ["kind", "'component'"],
  ["metadata.name", "'service-' || i"],
  ["metadata.namespace", "'default'"],
  ["metadata.uid", "'uid-' || i"],
  ["metadata.description", "'the service number ' || i || ' of a large generated catalog, described at some length so that scanning it costs what a real description costs'"],
  ["spec.type", "'service'"],
  ["spec.lifecycle", "'production'"],
  ["spec.owner", "'group:default/team-' || (i % 50)"],
  ["metadata.tags", "'tag-' || (i % 20)"],
];

export async function fillLargeCatalog(db: Kysely<Database>, count: number): Promise<void> {
  const postgres = isPostgres(db);
  const numbers = postgres ? sql.raw(`SELECT generate_series(1, ${count}) AS i`) : sql.raw(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count}) SELECT i FROM n`);
  const body = `'{"apiVersion":"backstage.io/v1alpha1","kind":"Component","metadata":{"name":"service-' || i || '","namespace":"default","uid":"uid-' || i || '","description":"the service number ' || i || ' of a large generated catalog","tags":["tag-' || (i % 20) || '"]},"spec":{"type":"service","lifecycle":"production","owner":"group:default/team-' || (i % 50) || '"}}'`;
  const now = Date.now();
  await sql`INSERT INTO catalog_entities (entity_id, entity_ref, kind, namespace, name, spec_type, spec_lifecycle, spec_owner, body, hash, etag, orphan, updated_at)
    SELECT 'uid-' || i, 'component:default/service-' || i, 'component', 'default', 'service-' || i, 'service', 'production', 'group:default/team-' || (i % 50),
      ${sql.raw(body)}, 'hash', 'etag-' || i, 0, ${sql.raw(String(now))}
    FROM (${numbers}) numbers ORDER BY 1`.execute(db);
  for (const [key, value] of SEARCH_KEYS) {
    await sql`INSERT INTO catalog_search (entity_id, key, value, original_value)
      SELECT 'uid-' || i, ${key}, ${sql.raw(value)}, ${sql.raw(value)} FROM (${numbers}) numbers`.execute(db);
  }
  await indexAllFullText(db);
  if (postgres) await sql`ANALYZE`.execute(db);
  await sql`UPDATE catalog_generation SET generation = generation + 1`.execute(db);
}
