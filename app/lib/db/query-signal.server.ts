import { AsyncLocalStorage } from "node:async_hooks";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import { InputError, ServiceUnavailableError } from "../errors";
import { asDatabaseError } from "./unavailable.server";

// Queries that end when their request does. server/app.ts runs every request
// inside `withRequestSignal`, whose signal aborts when the client goes away
// before the answer is complete; the read pool on PostgreSQL cancels the
// query a connection is running when that happens (pg_cancel_backend), so a
// client that gave up no longer holds a connection and a CPU. SQLite runs a
// query synchronously on the one thread: nothing can interrupt it there, so
// its queries are kept cheap instead (app/lib/catalog/query/sql.server.ts).

const requestSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `next` (the rest of the request's handling) with a signal that aborts when the client disconnects early. */
export function withRequestSignal(response: { on(event: "close", listener: () => void): unknown; writableFinished: boolean }, next: () => void): void {
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  requestSignal.run(controller.signal, next);
}

/**
 * Runs work that other requests may share (a cached count, a facet) outside
 * the request's signal: one client leaving must not cancel an answer others
 * are waiting for. The statement timeout still bounds it.
 */
export function detachedFromRequest<T>(work: () => T): T {
  return requestSignal.exit(work);
}

/**
 * A pool whose clients cancel their running query when the current request's
 * signal aborts, and which turns PostgreSQL's refusals of a value into
 * InputError, its statement timeout and an unavailable database
 * (./unavailable.server.ts) into ServiceUnavailableError.
 */
export function cancellablePool(pool: pg.Pool, options: { statementTimeoutMs?: number; cancel?: (pid: number) => Promise<unknown> }): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect().catch((error: unknown) => Promise.reject(asDatabaseError(error)));
      let cancelling: Promise<unknown> | undefined;
      const wrapped = {
        processID: (client as unknown as { processID?: number }).processID,
        query(sql: unknown, parameters?: unknown) {
          // A cursor (Kysely's streaming) is handed back as it is, synchronously, as pg does.
          if (typeof sql !== "string") return (client.query as (cursor: unknown) => unknown)(sql);
          return run(sql, parameters);
        },
        release(destroy?: boolean) {
          // A cancel still on its way must land before the connection runs someone else's query.
          if (cancelling) void cancelling.then(() => client.release(destroy));
          else client.release(destroy);
        },
      };
      async function run(sql: string, parameters: unknown) {
        // Only where a cancel is wired: writes carry on whoever asked for them.
        const signal = options.cancel ? requestSignal.getStore() : undefined;
        if (signal?.aborted) throw new ServiceUnavailableError("The request was abandoned by its client");
        const onAbort = () => {
          const pid = (client as unknown as { processID?: number }).processID;
          if (pid && options.cancel) cancelling = options.cancel(pid).catch(() => undefined);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        try {
          return await (client.query as (sql: string, parameters?: unknown) => Promise<unknown>)(sql, parameters);
        } catch (error) {
          throw translatePostgresError(error, options.statementTimeoutMs);
        } finally {
          signal?.removeEventListener("abort", onAbort);
        }
      }
      return wrapped as unknown as PostgresPoolClient;
    },
  };
}

// PostgreSQL's SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const QUERY_CANCELED = "57014";
const VALUE_REFUSED = new Set([
  "22021", // character_not_in_repertoire: a NUL byte in text
  "22P05", // untranslatable_character
  "54000", // program_limit_exceeded: e.g. a value too large for an index row
]);

function translatePostgresError(error: unknown, statementTimeoutMs: number | undefined): unknown {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message;
  if (code && VALUE_REFUSED.has(code)) return new InputError(`Invalid input, the database refused a value: ${message}`);
  if (code === QUERY_CANCELED && statementTimeoutMs && /statement timeout/.test(message)) {
    return new ServiceUnavailableError(`The query took longer than ${statementTimeoutMs / 1000} s (backend.database.statementTimeout) and was stopped`);
  }
  if (code === QUERY_CANCELED) return new ServiceUnavailableError("The query was cancelled");
  return asDatabaseError(error);
}
