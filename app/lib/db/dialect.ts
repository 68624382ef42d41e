import { PostgresAdapter, type Kysely } from "kysely";

/** Which SQL dialect a Kysely instance speaks, for the few statements that differ. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
