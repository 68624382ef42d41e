import { sql, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { assembleEntityJson, relationsColumn, type EntityRow } from "./entity-reader.server";

// Stitching: each entity is stored as the API serves it (final_entity), so
// reads send stored text instead of assembling the body, its relations and
// its status on every request. Whatever changes what an entity shows (its
// row, its errors, a relation that another entity's processing adds or takes
// away) clears its final text and moves its ticket on, in the same
// transaction. The transaction stitches the entities it wrote before it
// commits; those it changed only through relations (a group whose members
// are written one file after another) are stitched by the processing task's
// sweep (stitchPending), once for every transaction that touched them. A
// row without final text is read correctly meanwhile, assembled from its
// parts (entity-reader).

type Db = Kysely<Database> | Transaction<Database>;

const BATCH = 500;

/**
 * A transaction that writes the catalog's entities or relations. On
 * PostgreSQL these take turns (a transaction-scoped advisory lock), as every
 * write does on SQLite: concurrent, one could write a relation to an entity
 * that the other has inserted but not committed, find no row to clear, and
 * the other commit a final text without that relation.
 */
export async function catalogTransaction<T>(db: Kysely<Database>, change: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) await sql`SELECT pg_advisory_xact_lock(hashtext('atrium catalog writes'))`.execute(trx);
    return change(trx);
  });
}

/** The columns an UPDATE sets when it changes what an entity shows. */
export function unstitched() {
  return { final_entity: null, stitch_ticket: sql<number>`stitch_ticket + 1` };
}

/**
 * Clears the final text of entities changed from outside their rows:
 * relations that other entities add or take away. On PostgreSQL every such
 * entity gets a new ticket, waiting or not, so that a sweep that read it
 * before this change cannot store what it read. On SQLite a stitch reads and
 * writes inside one write transaction, which nothing interleaves with, so an
 * entity already waiting for the sweep is left as it is: an ingestion clears
 * the same owners, systems and APIs file after file until its sweep, and
 * rewriting each of their rows every time was a page written at random per
 * entity and file.
 */
export async function markUnstitched(trx: Db, refs: Iterable<string>): Promise<void> {
  const postgres = isPostgres(trx);
  for (const chunk of chunksOf(refs)) {
    let update = trx.updateTable("catalog_entities").set(unstitched()).where("entity_ref", "in", chunk);
    if (!postgres) update = update.where("final_entity", "is not", null);
    await update.execute();
    await yieldToRequests();
  }
}

/**
 * Writes the final text of those of these entities that have none. Each
 * write lands only on the ticket it was computed from: on PostgreSQL another
 * transaction may have changed the entity since, and its own stitch (or the
 * next sweep) writes the text then.
 */
export async function stitch(trx: Db, refs: Iterable<string>): Promise<number> {
  let stitched = 0;
  for (const chunk of chunksOf(refs)) {
    const rows = await trx
      .selectFrom("catalog_entities as e")
      .select(["e.entity_id", "e.entity_ref", "e.body", "e.etag", "e.errors", "e.orphan", "e.stitch_ticket", relationsColumn(trx as Kysely<Database>).as("relations")])
      .where("e.entity_ref", "in", chunk)
      .where("e.final_entity", "is", null)
      .execute();
    if (rows.length === 0) continue;
    // One statement per chunk, not one per entity: the writing connection prepares each statement anew.
    const values = sql.join(rows.map((row) => sql`(${row.entity_id}, ${row.stitch_ticket}, ${assembleEntityJson(row as EntityRow)})`));
    await sql`UPDATE catalog_entities AS e SET final_entity = v.column3 FROM (VALUES ${values}) AS v
      WHERE e.entity_id = v.column1 AND e.stitch_ticket = CAST(v.column2 AS INTEGER)`.execute(trx);
    stitched += rows.length;
    await yieldToRequests();
  }
  return stitched;
}

/**
 * SQLite runs each statement synchronously and an await on a finished
 * statement never lets the event loop reach waiting requests; between
 * batches of a large write, let it, so the portal answers during ingestion.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Stitches up to `limit` entities still without final text; how many it found. */
export async function stitchPending(db: Kysely<Database>, limit = BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("catalog_entities").select("entity_ref").where("final_entity", "is", null).limit(limit).execute();
    await stitch(
      trx,
      rows.map((row) => row.entity_ref),
    );
    return rows.length;
  });
}

function chunksOf(refs: Iterable<string>): string[][] {
  const all = [...new Set(refs)];
  const result: string[][] = [];
  for (let i = 0; i < all.length; i += BATCH) result.push(all.slice(i, i + BATCH));
  return result;
}
