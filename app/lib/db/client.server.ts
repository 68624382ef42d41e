import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { AtriumConfig } from "../config/schema";
import { openSqlite } from "./sqlite-driver.server";
import type { Database } from "./schema";

export type DatabaseClient = "sqlite" | "pg";

export type AtriumDatabase = {
  db: Kysely<Database>;
  /**
   * For reads that must not queue behind writes: on SQLite a second
   * connection (WAL lets it read while a write transaction is open); on
   * PostgreSQL the same pool.
   */
  readDb: Kysely<Database>;
  client: DatabaseClient;
  /** Where the data lives, for logs: a file path or host/database (no password). */
  description: string;
  destroy(): Promise<void>;
};

const SQLITE_FILENAME = "atrium.sqlite";
const READ_STATEMENT_CACHE = 256;
const WRITE_STATEMENT_CACHE = 256;
const PG_INT8 = 20;

// Times are epoch milliseconds in bigint columns: well inside a double, so
// read them as numbers, as SQLite returns them.
pg.types.setTypeParser(PG_INT8, (value) => Number(value));
const DEFAULT_PG_DATABASE = "atrium";

type DatabaseConfig = NonNullable<AtriumConfig["backend"]["database"]>;

/** Opens the one database Atrium uses; `rootDir` anchors relative SQLite paths. */
export async function openDatabase(config: DatabaseConfig | undefined, rootDir: string): Promise<AtriumDatabase> {
  const client = config?.client ?? "better-sqlite3";
  if (client === "pg") return openPostgres(config?.connection);
  return openSqliteDatabase(config?.connection, rootDir);
}

const WRITER_CACHE_MIB = 384;

function openSqliteDatabase(connection: DatabaseConfig["connection"], rootDir: string): AtriumDatabase {
  let filename: string;
  if (connection === ":memory:") filename = ":memory:";
  else if (typeof connection === "string") filename = path.resolve(rootDir, connection);
  else if (connection?.filename) filename = path.resolve(rootDir, connection.filename);
  else filename = path.resolve(rootDir, connection?.directory ?? "data", SQLITE_FILENAME);
  if (filename !== ":memory:") mkdirSync(path.dirname(filename), { recursive: true });

  // The writing connection gets the larger cache: ingesting a large catalog
  // inserts all over its indexes, and every page it must re-read or spill
  // before the commit costs far more there than on a read. Its statements are
  // kept prepared too: the scaffolder's tasks write the same few (an event, a
  // heartbeat, a claim) many times a second, and preparing cost more than running.
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(filename, { cacheMiB: WRITER_CACHE_MIB, statementCache: WRITE_STATEMENT_CACHE }) }),
  });
  if (filename === ":memory:") return { db, readDb: db, client: "sqlite", description: filename, destroy: () => db.destroy() };
  // Reads repeat a few statements endlessly: keep them prepared.
  const readDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(filename, { statementCache: READ_STATEMENT_CACHE }) }) });
  return {
    db,
    readDb,
    client: "sqlite",
    description: filename,
    destroy: async () => {
      await readDb.destroy();
      await db.destroy();
    },
  };
}

async function openPostgres(connection: DatabaseConfig["connection"]): Promise<AtriumDatabase> {
  const poolConfig: pg.PoolConfig =
    typeof connection === "string"
      ? { connectionString: connection }
      : {
          connectionString: connection?.connectionString,
          host: connection?.host,
          port: connection?.port,
          user: connection?.user,
          password: connection?.password,
          database: connection?.database ?? (connection?.connectionString ? undefined : DEFAULT_PG_DATABASE),
          ssl: connection?.ssl as pg.PoolConfig["ssl"],
        };
  await ensurePostgresDatabase(poolConfig);
  const pool = new pg.Pool({ ...poolConfig, max: 10 });
  // An idle connection the server closed (restart, failover) must not crash
  // the process; the pool replaces it and the next query reports any outage.
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const probe = new pg.Client(poolConfig);
  const where = `${probe.host}:${probe.port}/${probe.database}`;
  return { db, readDb: db, client: "pg", description: where, destroy: () => db.destroy() };
}

/** Creates the configured database when it does not exist yet, as Backstage does. */
async function ensurePostgresDatabase(poolConfig: pg.PoolConfig): Promise<void> {
  const target = new pg.Client(poolConfig);
  try {
    await target.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error; // 3D000: invalid_catalog_name
  } finally {
    await target.end().catch(() => undefined);
  }
  const admin = new pg.Client({ ...poolConfig, database: "postgres" });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(target.database ?? DEFAULT_PG_DATABASE)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== "42P04") throw error; // created by another replica meanwhile
  } finally {
    await admin.end();
  }
}
