import { Migrator, type MigrationProvider } from "kysely/migration";
import type { AtriumDatabase } from "./client.server";
import { migrations } from "./migrations/index";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date. Kysely takes a lock for the duration, so
 * replicas starting together on PostgreSQL apply each migration once.
 */
export async function migrateToLatest(database: AtriumDatabase): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).map((result) => result.migrationName);
}
