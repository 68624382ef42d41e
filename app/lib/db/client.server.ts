import { accessSync, constants, mkdirSync } from "node:fs";
import { statfs } from "node:fs/promises";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { ConfigError } from "../config/errors";
import type { AtriumConfig } from "../config/schema";
import type { Logger } from "../logger.server";
import type { DatabaseSync } from "node:sqlite";
import { cancellablePool } from "./query-signal.server";
import { startCheckpointer } from "./sqlite-checkpointer.server";
import { lockWaitingDialect, openSqlite, SQLITE_BUSY } from "./sqlite-driver.server";
import type { Database } from "./schema";
import { asDatabaseError } from "./unavailable.server";

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
  /**
   * One real round trip, for readiness (app/lib/db/health.server.ts): a
   * `SELECT 1` on PostgreSQL over a connection of its own; on SQLite the
   * free space of the file's file system, then a committed write (a full
   * disk fails writes, not reads). Rejects with the driver's error when the
   * database cannot answer.
   */
  check(): Promise<void>;
  /**
   * Runs `fn` holding the database-wide start-up lock, so that replicas
   * starting together migrate and seed one after the other: a PostgreSQL
   * session advisory lock on a connection of its own. SQLite has no
   * replicas: `fn` just runs. Its worker processes (server/workers.js) start
   * one first, alone, so that one migrates and seeds before the others open
   * the file; a worker started again later finds nothing left to do.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
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

/**
 * Who copies SQLite's write-ahead log into the database file: by default the
 * connection that committed, at once (SQLite's automatic checkpoint);
 * `thread`, a thread of this process (./sqlite-checkpointer.server.ts), for
 * the process that runs the catalog's processing; `elsewhere`, another
 * process's thread, for the HTTP workers beside such a process. Ignored on
 * PostgreSQL and for an in-memory database.
 */
export type WalCheckpoints = "thread" | "elsewhere";

/**
 * Opens the one database Atrium uses; `rootDir` anchors relative SQLite
 * paths. `logger` hears of connections PostgreSQL dropped in the background,
 * and of checkpoints that failed.
 */
export async function openDatabase(config: DatabaseConfig | undefined, rootDir: string, logger?: Logger, options: OpenOptions = {}): Promise<AtriumDatabase> {
  const client = config?.client ?? "better-sqlite3";
  if (client === "pg") return openPostgres(config?.connection, config?.statementTimeout === false ? 0 : (config?.statementTimeout ?? DEFAULT_STATEMENT_TIMEOUT_MS), logger);
  return openSqliteDatabase(config?.connection, rootDir, logger, options);
}

type OpenOptions = {
  walCheckpoints?: WalCheckpoints;
  /**
   * Whether this process runs the catalog's processing (the default). An
   * HTTP worker beside the one that does writes sessions, settings and a
   * registered location now and then: its writer keeps the read
   * connection's cache, not the ingestion's.
   */
  ingests?: boolean;
};

/** An in-memory SQLite database lives inside one process: several worker processes (server/workers.js) cannot share it. */
export function isInMemoryDatabase(config: DatabaseConfig | undefined): boolean {
  return config?.client !== "pg" && config?.connection === ":memory:";
}

const WRITER_CACHE_MIB = 384;
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

function openSqliteDatabase(connection: DatabaseConfig["connection"], rootDir: string, logger: Logger | undefined, { walCheckpoints, ingests = true }: OpenOptions): AtriumDatabase {
  let filename: string;
  if (connection === ":memory:") filename = ":memory:";
  else if (typeof connection === "string") filename = path.resolve(rootDir, connection);
  else if (connection?.filename) filename = path.resolve(rootDir, connection.filename);
  else filename = path.resolve(rootDir, connection?.directory ?? "data", SQLITE_FILENAME);
  const onDisk = filename !== ":memory:";
  if (onDisk) ensureWritableDirectory(path.dirname(filename));

  // The writing connection gets the larger cache: ingesting a large catalog
  // inserts all over its indexes, and every page it must re-read or spill
  // before the commit costs far more there than on a read. Its statements are
  // kept prepared too: the scaffolder's tasks write the same few (an event, a
  // heartbeat, a claim) many times a second, and preparing cost more than running.
  const writer = openNamed(filename, { cacheMiB: ingests ? WRITER_CACHE_MIB : undefined, statementCache: WRITE_STATEMENT_CACHE, writer: true });
  if (onDisk && walCheckpoints) {
    writer.raw.exec("PRAGMA wal_autocheckpoint = 0");
    // The log grows to gigabytes between the thread's restarts in a large ingestion; the first commit after one cuts the file back.
    writer.raw.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  }
  const checkpointer =
    onDisk && walCheckpoints === "thread"
      ? startCheckpointer(filename, (message) => logger?.warn({ database: filename, error: message }, "A checkpoint of the SQLite write-ahead log failed"))
      : undefined;
  // The writer holds a transaction back while the thread starts the log over.
  const db = new Kysely<Database>({ dialect: lockWaitingDialect(writer, checkpointer?.beforeTransaction) });
  const check = async () => {
    if (onDisk) await sqliteFreeSpace(path.dirname(filename));
    sqliteWriteRoundTrip(writer.raw);
  };
  const sqlite = { client: "sqlite" as const, description: filename, check, exclusively: <T>(fn: () => Promise<T>) => fn() };
  if (!onDisk) return { ...sqlite, db, readDb: db, destroy: () => db.destroy() };
  // Reads repeat a few statements endlessly: keep them prepared.
  const readDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNamed(filename, { statementCache: READ_STATEMENT_CACHE }) }) });
  return {
    ...sqlite,
    db,
    readDb,
    destroy: async () => {
      await checkpointer?.stop();
      await readDb.destroy();
      await db.destroy();
    },
  };
}

/**
 * SQLite writes its database, its write-ahead log and its shared-memory file
 * beside each other, so the directory must be writable, not only the file.
 * Said at start-up with the path, rather than as SQLite's "unable to open
 * database file" or "attempt to write a readonly database", which name none.
 */
function ensureWritableDirectory(directory: string): void {
  try {
    mkdirSync(directory, { recursive: true });
    accessSync(directory, constants.W_OK);
  } catch (error) {
    throw new ConfigError([
      `The SQLite data directory '${directory}' is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): make it writable by the user Atrium runs as, or point backend.database.connection.directory elsewhere`,
    ]);
  }
}

function openNamed(filename: string, options: Parameters<typeof openSqlite>[1]) {
  try {
    return openSqlite(filename, options);
  } catch (error) {
    throw new ConfigError([`Could not open the SQLite database '${filename}': ${(error as Error).message}; the file and its directory must be writable by the user Atrium runs as`]);
  }
}

/** How long one query on the read pool may run before PostgreSQL stops it (backend.database.statementTimeout; false: no limit, passed on as 0). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

async function openPostgres(connection: DatabaseConfig["connection"], statementTimeoutMs: number, logger: Logger | undefined): Promise<AtriumDatabase> {
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
  // Named, so pg_stat_activity tells request reads from the rest.
  const pool = new pg.Pool({ ...poolConfig, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: poolConfig.application_name ?? "atrium" });
  // Reads for requests get a pool of their own, whose statements PostgreSQL
  // stops after the statement timeout and whose queries are cancelled when
  // their client leaves (query-signal.server.ts): expensive reads can then
  // neither hold the connections ingestion and sign-in write through, nor
  // run on for nobody. Writes (ingestion, migrations) keep no timeout.
  const readPool = new pg.Pool({ ...poolConfig, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statement_timeout: statementTimeoutMs || undefined, application_name: "atrium-read" });
  // Cancels go through a connection of their own, so they never queue behind the reads they cancel.
  const controlPool = new pg.Pool({ ...poolConfig, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: "atrium-cancel" });
  // A connection PostgreSQL drops (an outage, a restart, a failover) emits
  // 'error', and an 'error' nobody listens to ends the process. A pool
  // listens while a connection is idle; while a query holds it, its own
  // listener below does, and the query itself rejects (with a
  // ServiceUnavailableError, see cancellablePool). The pools replace broken
  // connections, so the portal recovers by itself when the database returns.
  for (const each of [pool, readPool, controlPool]) {
    each.on("error", (error) => logger?.warn({ err: error }, "Lost an idle database connection; a new one is opened when needed"));
    each.on("connect", (client) => client.on("error", () => undefined));
  }
  // Kysely's own cancellations connect with the pool's Client: one whose errors are heard.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { ...cancellablePool(pool, {}), Client: ListenedClient } }) });
  const readDb = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: { ...cancellablePool(readPool, { statementTimeoutMs, cancel: (pid) => controlPool.query("SELECT pg_cancel_backend($1)", [pid]) }), Client: ListenedClient },
    }),
  });
  const probe = new pg.Client(poolConfig);
  const where = `${probe.host}:${probe.port}/${probe.database}`;
  const health = postgresHealthCheck(poolConfig);
  return {
    db,
    readDb,
    client: "pg",
    description: where,
    check: health.check,
    exclusively: (fn) => withAdvisoryLock(poolConfig, fn),
    destroy: async () => {
      await health.close();
      await readDb.destroy();
      await db.destroy();
      await controlPool.end();
    },
  };
}

/**
 * A client of our own (the health check, the start-up lock, Kysely's
 * cancellations): its 'error' event is always heard, and the call it was
 * serving rejects instead, so a dropped connection cannot end the process.
 */
class ListenedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }
}

/**
 * Bounds a connection attempt to PostgreSQL (and, as pg-pool counts it, the
 * wait for a free connection of the pool), so a request fails with 503 rather
 * than waiting for ever on a host that is gone without a word. Generous, so a
 * busy pool is not mistaken for an outage.
 */
const CONNECT_TIMEOUT_MS = 30_000;
/** Bounds readiness's round trip (app/lib/db/health.server.ts bounds it again). */
const CHECK_TIMEOUT_MS = 2_000;
/** The start-up lock's key: any constant; Kysely's migration lock uses another. */
const STARTUP_LOCK = "atrium.startup";

/** `SELECT 1` over a connection of its own, so a busy pool does not read as an outage; a broken connection is replaced at the next check. */
function postgresHealthCheck(poolConfig: pg.PoolConfig) {
  let probe: Promise<pg.Client> | undefined;
  const connect = async () => {
    const client = new ListenedClient({ ...poolConfig, connectionTimeoutMillis: CHECK_TIMEOUT_MS, query_timeout: CHECK_TIMEOUT_MS });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };
  return {
    async check() {
      const current = (probe ??= connect());
      try {
        await (await current).query("SELECT 1");
      } catch (error) {
        if (probe === current) probe = undefined;
        await current.then((client) => client.end()).catch(() => undefined);
        throw error;
      }
    },
    async close() {
      const current = probe;
      probe = undefined;
      await current?.then((client) => client.end()).catch(() => undefined);
    },
  };
}

/**
 * Runs `fn` holding a session advisory lock on a connection of its own:
 * replicas starting together wait here for each other. Should that
 * connection drop, PostgreSQL releases the lock, so `fn` is given up too.
 */
async function withAdvisoryLock<T>(poolConfig: pg.PoolConfig, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client(poolConfig);
  let lost: (error: unknown) => void = () => undefined;
  const lostLock = new Promise<never>((_resolve, reject) => (lost = reject));
  lostLock.catch(() => undefined);
  client.on("error", (error) => lost(asDatabaseError(error)));
  try {
    await client.connect();
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [STARTUP_LOCK]);
    return await Promise.race([fn(), lostLock]);
  } catch (error) {
    throw asDatabaseError(error);
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}

/**
 * Below this much free space on the file system of a SQLite file, readiness
 * answers 503: the size of the write-ahead log at which SQLite checkpoints
 * (1000 pages of 4 KiB), which its next round of writes may need.
 */
export const SQLITE_MIN_FREE_BYTES = 4 * 1024 * 1024;

/**
 * Readiness's first question on SQLite: is there room left on the disk?
 * A committed write alone does not tell: SQLite restarts its write-ahead log
 * from the beginning once a checkpoint has copied it all, and writes into
 * the space the log already has, so on a full disk a small write (the round
 * trip's one page) can still succeed while larger ones, which need the log
 * to grow, fail. Whether it can depends on how much was written before the
 * disk filled: with two worker processes (docs/decisions/048-workers.md)
 * start-up wrote past a checkpoint and readiness stayed 200 while catalog
 * writes failed (server/full-disk.test.ts). The free space is the same for
 * every process writing the file, so they all turn 503 together. A process
 * running as root may use the blocks reserved for root, others may not.
 */
async function sqliteFreeSpace(directory: string): Promise<void> {
  const stats = await statfs(directory);
  const free = (process.getuid?.() === 0 ? stats.bfree : stats.bavail) * stats.bsize;
  if (free < SQLITE_MIN_FREE_BYTES) {
    throw new Error(`database or disk is full: ${free} bytes left on the file system of ${directory}, ${SQLITE_MIN_FREE_BYTES} needed`);
  }
}

/**
 * SQLite's readiness round trip: a committed write, as a full disk fails
 * writes while reads still answer (docs/decisions/039-database-failures-and-health.md).
 * It runs on the writing connection itself, synchronously: a write from a
 * connection of its own would make the writer drop its page cache at its
 * next transaction, every second. While that connection is inside a
 * transaction it is writing already, and another process holding the write
 * lock is writing too: neither is an outage, and the check does not wait
 * for them (waiting would block the event loop).
 */
function sqliteWriteRoundTrip(raw: DatabaseSync): void {
  if (raw.isTransaction) return;
  // The writing connection's busy timeout is 0 (lockWaitingDialect): a held lock fails at once.
  try {
    raw.exec("BEGIN IMMEDIATE");
    const { user_version: version } = raw.prepare("PRAGMA user_version").get() as { user_version: number };
    raw.exec(`PRAGMA user_version = ${Number(version)}`);
    raw.exec("COMMIT");
  } catch (error) {
    if (raw.isTransaction) raw.exec("ROLLBACK");
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return;
    throw error;
  }
}

/** Creates the configured database when it does not exist yet, as Backstage does. */
async function ensurePostgresDatabase(poolConfig: pg.PoolConfig): Promise<void> {
  const target = new ListenedClient(poolConfig);
  try {
    await target.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error; // 3D000: invalid_catalog_name
  } finally {
    await target.end().catch(() => undefined);
  }
  const admin = new ListenedClient({ ...poolConfig, database: "postgres" });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(target.database ?? DEFAULT_PG_DATABASE)}`);
  } catch (error) {
    // Created by another replica meanwhile: 42P04 (duplicate_database), or 23505 when both got as far as pg_database's unique index.
    if (!["42P04", "23505"].includes((error as { code?: string }).code ?? "")) throw error;
  } finally {
    await admin.end();
  }
}
