import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

// Kysely's SqliteDialect speaks better-sqlite3's interface; node:sqlite is
// built into Node 24, so Atrium needs no native addon. This adapts one to the
// other.

export function openSqlite(filename: string, options: { cacheMiB: number } = { cacheMiB: 128 }): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  raw.exec("PRAGMA foreign_keys = ON");
  if (filename !== ":memory:") {
    raw.exec("PRAGMA journal_mode = WAL");
    // In WAL mode NORMAL loses no committed data on a crash of the process,
    // only possibly the last transactions on a power cut; it syncs far less.
    raw.exec("PRAGMA synchronous = NORMAL");
    raw.exec("PRAGMA busy_timeout = 5000");
  }
  // A larger page cache keeps more of the catalog's indexes in memory; a
  // negative cache_size counts KiB.
  raw.exec(`PRAGMA cache_size = -${Math.round(options.cacheMiB * 1024)}`);
  raw.exec("PRAGMA temp_store = MEMORY");
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const statement = raw.prepare(sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}
