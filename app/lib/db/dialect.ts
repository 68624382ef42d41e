import { PostgresAdapter, type Kysely } from "kysely";

/** Which SQL dialect a Kysely instance speaks, for the few statements that differ. */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
