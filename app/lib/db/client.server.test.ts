import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

describe("SQLite page caches", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // Every process's writer once had the ingestion's cache: each HTTP worker
  // could hold 384 MiB of pages its few writes never needed.
  it("gives the ingestion's large cache to the writer of the process that ingests only", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-caches-"));
    const cacheKiB = async (database: AtriumDatabase, reader: "db" | "readDb") => -Number((await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(database[reader])).rows[0].cache_size);
    for (const ingests of [true, false]) {
      const database = await openDatabase({ client: "better-sqlite3", connection: { directory: dir } } as never, dir, undefined, { ingests });
      try {
        expect(await cacheKiB(database, "readDb")).toBe(128 * 1024);
        expect(await cacheKiB(database, "db")).toBe((ingests ? 384 : 128) * 1024);
      } finally {
        await database.destroy();
      }
    }
  });
});
