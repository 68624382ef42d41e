import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { asDatabaseError } from "./unavailable.server";

// Kysely's SqliteDialect speaks better-sqlite3's interface; node:sqlite is
// built into Node 24, so Atrium needs no native addon. This adapts one to the
// other.

/** How long a connection waits for another's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * `statementCache`: how many prepared statements to keep, by SQL text. The
 * read connection runs the same few queries over and over, and preparing one
 * cost more than running a lookup by key; statements are safe to reuse since
 * Kysely runs one query at a time per connection.
 */
export function openSqlite(filename: string, options: { statementCache?: number; cacheMiB?: number } = {}): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  raw.exec("PRAGMA foreign_keys = ON");
  if (filename !== ":memory:") {
    raw.exec("PRAGMA journal_mode = WAL");
    // In WAL mode NORMAL loses no committed data on a crash of the process,
    // only possibly the last transactions on a power cut; it syncs far less.
    raw.exec("PRAGMA synchronous = NORMAL");
    raw.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  }
  // A larger page cache keeps more of the catalog's indexes in memory; a
  // negative cache_size counts KiB.
  raw.exec(`PRAGMA cache_size = -${Math.round((options.cacheMiB ?? 128) * 1024)}`);
  raw.exec("PRAGMA temp_store = MEMORY");
  const prepare = options.statementCache ? cachedPrepare(raw, options.statementCache) : (sql: string) => adapt(raw.prepare(sql));
  return {
    raw,
    close: () => raw.close(),
    prepare: (sql) => (sql === "rollback" ? rollbackIfOpen(raw) : prepare(sql)),
  };
}

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
