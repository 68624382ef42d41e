import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../tests/support/databases";
import { openDatabase, type AtriumDatabase } from "./client.server";
import { migrateToLatest } from "./migrate.server";

describe.each(TEST_ENGINES)("database on %s", (engine) => {
  let config: TestDatabaseConfig;
  let database: AtriumDatabase | undefined;

  afterEach(async () => {
    await database?.destroy();
    await dropTestDatabase(config);
  });

  it("opens (creating a missing PostgreSQL database), migrates and answers queries", async () => {
    config = testDatabaseConfig(engine);
    database = await openDatabase(config as never, process.cwd());
    expect(database.client).toBe(engine);
    await migrateToLatest(database);
    const { rows } = await sql<{ answer: number }>`select 1 + 1 as answer`.execute(database.db);
    expect(Number(rows[0].answer)).toBe(2);
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((table) => table.name)).toContain("kysely_migration");
  });
});
