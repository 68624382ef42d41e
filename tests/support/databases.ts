import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import { openDatabase, type AtriumDatabase } from "../../app/lib/db/client.server";
import { migrateToLatest } from "../../app/lib/db/migrate.server";
import { migrations } from "../../app/lib/db/migrations/index";
import type { Database } from "../../app/lib/db/schema";

// Every store test runs on both engines. PostgreSQL is never skipped: if it is
// not reachable the tests fail, so a green run means both were exercised.

export const PG_ADMIN = {
  host: process.env.ATRIUM_TEST_PG_HOST ?? "127.0.0.1",
  port: Number(process.env.ATRIUM_TEST_PG_PORT ?? 5432),
  user: process.env.ATRIUM_TEST_PG_USER ?? "postgres",
  password: process.env.ATRIUM_TEST_PG_PASSWORD,
};

export type TestDatabaseConfig = {
  client: "better-sqlite3" | "pg";
  connection: string | Record<string, unknown>;
};

/** A fresh, empty database per call: an in-memory SQLite, or a new PostgreSQL database. */
export const TEST_ENGINES = ["sqlite", "pg"] as const;

export function testDatabaseConfig(engine: (typeof TEST_ENGINES)[number]): TestDatabaseConfig {
  if (engine === "sqlite") return { client: "better-sqlite3", connection: ":memory:" };
  return { client: "pg", connection: { ...PG_ADMIN, database: `atrium_test_${randomBytes(6).toString("hex")}` } };
}

/** Drops a PostgreSQL test database; a no-op for SQLite. */
export async function dropTestDatabase(config: TestDatabaseConfig): Promise<void> {
  if (config.client !== "pg" || typeof config.connection === "string") return;
  const admin = new pg.Client({ ...PG_ADMIN, database: "postgres" });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(String(config.connection.database))} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for each test of the calling describe block,
 * closed and dropped after it. Read `database.db` inside the tests.
 */
export function useMigratedDatabase(engine: (typeof TEST_ENGINES)[number]): { readonly db: Kysely<Database> } {
  const current = useFreshDatabase(engine, "useMigratedDatabase", (database) => migrateToLatest(database));
  return {
    get db() {
      return current().db;
    },
  };
}

/**
 * A fresh database for each test of the calling describe block, migrated up
 * to and including `lastMigration` only: a migration's test writes rows as
 * the schema before it held them, then runs migrateToLatest on `database`.
 */
export function useDatabaseMigratedTo(engine: (typeof TEST_ENGINES)[number], lastMigration: string): { readonly database: AtriumDatabase } {
  const current = useFreshDatabase(engine, "useDatabaseMigratedTo", async (database) => {
    const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateTo(lastMigration);
    if (error) throw error;
  });
  return {
    get database() {
      return current();
    },
  };
}

/** Opens and `prepare`s a database before each test, closes and drops it after; the database of the running test. */
function useFreshDatabase(engine: (typeof TEST_ENGINES)[number], helper: string, prepare: (database: AtriumDatabase) => Promise<unknown>): () => AtriumDatabase {
  let config: TestDatabaseConfig;
  let database: AtriumDatabase | undefined;
  beforeEach(async () => {
    config = testDatabaseConfig(engine);
    database = await openDatabase(config as never, process.cwd());
    await prepare(database);
  });
  afterEach(async () => {
    await database?.destroy();
    await dropTestDatabase(config);
  });
  return () => {
    if (!database) throw new Error(`${helper}: the database exists only inside a test`);
    return database;
  };
}
