import { CompiledQuery, type Insertable, type Transaction } from "kysely";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

// One multi-row INSERT whose SQL text is written directly and whose values
// are handed to the driver as they are. Kysely's insert builder parses every
// value of every row into a node, then compiles the tree back into text and
// parameters, on each call: for the catalog's ingestion, tens of thousands
// of search rows per location file, that cost a tenth of the writing
// process's time (docs/decisions/057-ingestion-writes-without-the-query-builder.md).
// The text is the same for the same table, columns and row count, so each
// connection's prepared-statement cache (sqlite-driver.server.ts) keeps it.
//
// On SQLite the statement is INSERT OR FAIL. With the default conflict
// resolution (ABORT) a statement that may fail part-way keeps a journal of
// its own, a copy of every page it changes before the change, to undo just
// that statement; a thousand rows inserted all over a large index copied a
// thousand pages. FAIL keeps the rows before a failing one, and the
// transaction the statement runs in (a Transaction is required) rolls back
// as a whole on the error, so nothing partial is ever committed.

/**
 * Inserts `rows` with one statement, inside `trx`: the listed columns of
 * each row, a missing value as NULL. `suffix` is appended as written (an
 * ON CONFLICT clause, a RETURNING list); it must hold no parameters.
 */
export async function insertValues<T extends keyof Database, R = never>(
  trx: Transaction<Database>,
  table: T,
  columns: ReadonlyArray<keyof Insertable<Database[T]> & string>,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  suffix = "",
): Promise<R[]> {
  if (rows.length === 0) return [];
  const postgres = isPostgres(trx);
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of columns) parameters.push((row as Record<string, unknown>)[column] ?? null);
  const width = columns.length;
  const tuples = postgres
    ? rows.map((_, index) => `(${columns.map((__, offset) => `$${index * width + offset + 1}`).join(", ")})`).join(", ")
    : Array<string>(rows.length)
        .fill(`(${Array<string>(width).fill("?").join(", ")})`)
        .join(", ");
  const insert = postgres ? "INSERT INTO" : "INSERT OR FAIL INTO";
  const text = `${insert} ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ${tuples}${suffix ? ` ${suffix}` : ""}`;
  const result = await trx.executeQuery<R>(CompiledQuery.raw(text, parameters));
  return result.rows;
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
