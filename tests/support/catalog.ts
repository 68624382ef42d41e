import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { createCatalog, type Catalog } from "../../app/lib/catalog/catalog.server";
import { configSchema } from "../../app/lib/config/schema";
import { openDatabase, type AtriumDatabase } from "../../app/lib/db/client.server";
import { migrateToLatest } from "../../app/lib/db/migrate.server";
import type { Database } from "../../app/lib/db/schema";
import { createScheduler } from "../../app/lib/scheduler/scheduler.server";
import { dropTestDatabase, testDatabaseConfig, type TEST_ENGINES, type TestDatabaseConfig } from "./databases";

/**
 * A catalog of `documents`, ingested once on a fresh database for the calling
 * describe block (one file location, the kinds in `allow` plus Location, no
 * refresh), and dropped after it. Read `fixture.catalog` and `fixture.db`
 * inside the tests and in later beforeAll hooks.
 */
export function useIngestedCatalog(engine: (typeof TEST_ENGINES)[number], documents: object[], allow: string[]): { readonly catalog: Catalog; readonly db: Kysely<Database> } {
  let dir: string;
  let config: TestDatabaseConfig;
  let database: AtriumDatabase | undefined;
  let catalog: Catalog | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-catalog-"));
    writeFileSync(path.join(dir, "all.yaml"), documents.map((document) => JSON.stringify(document)).join("\n---\n"));
    config = testDatabaseConfig(engine);
    database = await openDatabase(config as never, dir);
    await migrateToLatest(database);
    const catalogConfig = configSchema.parse({
      app: { baseUrl: "http://localhost:7007" },
      catalog: { locations: [{ type: "file", target: "./all.yaml" }], rules: [{ allow: [...allow, "Location"] }], processingInterval: false },
    });
    const logger = pino({ level: "silent" });
    // The scheduler is never started: the catalog is ingested once, here.
    catalog = createCatalog({ db: database.db, config: catalogConfig, rootDir: dir, logger, scheduler: createScheduler({ db: database.db, logger }).forPlugin("catalog") });
    await catalog.start();
    await catalog.engine.drain();
  });
  afterAll(async () => {
    await database?.destroy();
    await dropTestDatabase(config);
    rmSync(dir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useIngestedCatalog: the catalog exists only once its beforeAll has run");
    return value;
  };
  return {
    get catalog() {
      return ready(catalog);
    },
    get db() {
      return ready(database).db;
    },
  };
}
