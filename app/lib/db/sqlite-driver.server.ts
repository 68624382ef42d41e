import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { SqliteDialect, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteStatement } from "kysely";
import { asDatabaseError } from "./unavailable.server";

// Kysely's SqliteDialect speaks better-sqlite3's interface; node:sqlite is
// built into Node 24, so Atrium needs no native addon. This adapts one to the
// other.

/** How long a connection waits for another's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
export const SQLITE_BUSY = 5;

/**
 * `statementCache`: how many prepared statements to keep, by SQL text. The
 * read connection runs the same few queries over and over, and preparing one
 * cost more than running a lookup by key; statements are safe to reuse since
 * Kysely runs one query at a time per connection.
 */
export function openSqlite(filename: string, options: { statementCache?: number; cacheMiB?: number; writer?: boolean } = {}): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  raw.exec("PRAGMA foreign_keys = ON");
  if (filename !== ":memory:") {
    raw.exec("PRAGMA journal_mode = WAL");
    // In WAL mode NORMAL loses no committed data on a crash of the process,
    // only possibly the last transactions on a power cut; it syncs far less.
    raw.exec("PRAGMA synchronous = NORMAL");
    // SQLite's own waiting sleeps on the thread; the writer waits for the lock in lockWaitingDialect instead.
    raw.exec(`PRAGMA busy_timeout = ${options.writer ? 0 : SQLITE_BUSY_TIMEOUT_MS}`);
  }
  // A larger page cache keeps more of the catalog's indexes in memory; a
  // negative cache_size counts KiB.
  raw.exec(`PRAGMA cache_size = -${Math.round((options.cacheMiB ?? 128) * 1024)}`);
  raw.exec("PRAGMA temp_store = MEMORY");
  const prepare = options.statementCache ? cachedPrepare(raw, options.statementCache) : (sql: string) => adapt(raw.prepare(sql));
  return {
    raw,
    close: () => raw.close(),
    prepare: (sql) => (sql === "rollback" ? rollbackIfOpen(raw) : prepare(sql === "begin" && options.writer ? BEGIN_WRITE : sql)),
  };
}

/**
 * The writing connection's transactions take the write lock when they begin,
 * waiting for it as any write does. Kysely begins a deferred one, which takes
 * the lock at its first write: one that reads first fails at once with
 * "database is locked" (SQLITE_BUSY_SNAPSHOT, no waiting) when another
 * process committed in between, as the processing task's stitch sweep did
 * beside the search collator's writes in another worker.
 */
const BEGIN_WRITE = "BEGIN IMMEDIATE";

function adapt(statement: StatementSync): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => unavailableAs503(() => statement.all(...bind(parameters))),
    run: (parameters) => unavailableAs503(() => statement.run(...bind(parameters))),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

/**
 * Kysely's rollback after a failed statement. SQLite has already rolled the
 * transaction back itself after some errors (SQLITE_FULL at the commit, an
 * I/O error); a second ROLLBACK would then fail with "no transaction is
 * active" and hide the error that mattered.
 */
function rollbackIfOpen(raw: DatabaseSync): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    run: () => {
      if (raw.isTransaction) raw.exec("ROLLBACK");
      return { changes: 0, lastInsertRowid: 0 };
    },
    iterate: () => [][Symbol.iterator](),
  };
}

/** A full disk or an I/O error answers 503, not 500 (./unavailable.server.ts). */
function unavailableAs503<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw asDatabaseError(error);
  }
}

/** Prepared statements by SQL text, least recently used dropped first. */
function cachedPrepare(raw: DatabaseSync, size: number): (sql: string) => SqliteStatement {
  const cache = new Map<string, SqliteStatement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (statement) cache.delete(sql);
    else statement = adapt(raw.prepare(sql));
    cache.set(sql, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/**
 * Kysely's SQLite dialect for the writing connection, which waits for
 * another process's write lock (another worker's, server/workers.js) without
 * holding the event loop: SQLite's busy timeout sleeps on the thread, and
 * every request of the process waited with it, seconds while the catalog's
 * ingestion held the lock. A statement refused for the lock outside a
 * transaction (an autocommit write, or the BEGIN IMMEDIATE that starts every
 * transaction of this connection) is tried again after a pause, until
 * SQLITE_BUSY_TIMEOUT_MS has passed; nothing of it ran, so nothing runs twice.
 * `beforeTransaction` settles before each transaction begins: the checkpoint
 * thread holds the writer back with it while it starts the log over
 * (./sqlite-checkpointer.server.ts).
 */
export function lockWaitingDialect(database: SqliteDatabase & { raw: DatabaseSync }, beforeTransaction?: () => Promise<void>): SqliteDialect {
  return new (class extends SqliteDialect {
    createDriver(): Driver {
      const inner = super.createDriver();
      const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
        async executeQuery(query) {
          const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
          for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
            try {
              return await connection.executeQuery(query);
            } catch (error) {
              const busy = ((error as { errcode?: number }).errcode ?? 0) % 256 === SQLITE_BUSY;
              if (!busy || database.raw.isTransaction || Date.now() + pause > deadline) throw error;
              await new Promise((resolve) => setTimeout(resolve, pause));
            }
          }
        },
      });
      return {
        init: () => inner.init(),
        acquireConnection: async () => wrap(await inner.acquireConnection()),
        beginTransaction: async (connection, settings) => {
          await beforeTransaction?.();
          return inner.beginTransaction(connection, settings);
        },
        commitTransaction: (connection) => inner.commitTransaction(connection),
        rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
        releaseConnection: (connection) => inner.releaseConnection(connection),
        destroy: () => inner.destroy(),
      };
    }
  })({ database });
}
