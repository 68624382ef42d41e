import { ServiceUnavailableError } from "../errors";

// What a failing database looks like from here, in one place: the database
// cannot be reached (PostgreSQL gone, a connection dropped, a failover), or it
// cannot take a write (the disk is full). Such an error is not the request's
// fault nor a bug, so it becomes a ServiceUnavailableError: 503 with
// Backstage's error body at every edge (app/lib/errors.ts), the driver's
// message kept as the cause for the log.

/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/**
 * PostgreSQL's SQLSTATEs of an unavailable server: class 08 (connection
 * exception), 53 (insufficient resources: disk full, out of memory, too many
 * connections), 57P01-57P03 (shut down by an administrator, crashed, not yet
 * accepting connections) and 58 (system error: an I/O error).
 */
const PG_STATE = /^(08|53|57P0[123]|58)/;

/** node-postgres's own messages for a connection lost or never made; they carry no code. */
const PG_CONNECTION_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable$/];

/** SQLite's primary result codes of a database that cannot take a write: SQLITE_IOERR (10), SQLITE_FULL (13). */
const SQLITE_UNAVAILABLE = new Set([10, 13]);

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable; try again in a moment";

/** Whether `error` says the database is unreachable or cannot write, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message, name } = error as { code?: unknown; errcode?: unknown; message?: unknown; name?: unknown };
  if (name === "ServiceUnavailableError") return true;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || (code.length === 5 && PG_STATE.test(code)))) return true;
  if (typeof errcode === "number" && SQLITE_UNAVAILABLE.has(errcode & 0xff)) return true;
  return typeof message === "string" && typeof code !== "string" && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error to throw on: a ServiceUnavailableError for an unavailable database (the original as its cause), anything else unchanged. */
export function asDatabaseError(error: unknown): unknown {
  if (!isDatabaseUnavailable(error) || (error as Error).name === "ServiceUnavailableError") return error;
  return new ServiceUnavailableError(DATABASE_UNAVAILABLE_MESSAGE, { cause: error });
}
