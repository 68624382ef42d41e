import { CompiledQuery, sql, type Kysely } from "kysely";
import type { Database } from "../../app/lib/db/schema";

/**
 * The plan of a query, as text: SQLite's EXPLAIN QUERY PLAN details, or
 * PostgreSQL's EXPLAIN with sequential scans disabled. Test tables are tiny,
 * and PostgreSQL would rightly scan them; a scan that remains is one no
 * index can avoid.
 */
export async function queryPlan(db: Kysely<Database>, engine: "sqlite" | "pg", query: { compile(): CompiledQuery }): Promise<string> {
  const compiled = query.compile();
  if (engine === "sqlite") {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
    return result.rows.map((row) => row.detail).join("\n");
  }
  return db.connection().execute(async (connection) => {
    await sql`SET enable_seqscan = off`.execute(connection);
    try {
      const result = await connection.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    } finally {
      await sql`RESET enable_seqscan`.execute(connection);
    }
  });
}
