import type { Logger } from "../logger.server";

// Readiness's view of the database (server/health.ts): one real round trip
// (AtriumDatabase.check), bounded in time, shared by every probe that asks
// while it runs and remembered for a moment after, so a storm of probes costs
// the database one query a second at most.

export type HealthStatus = { ok: true } | { ok: false; message: string };

export const HEALTH_CHECK_TIMEOUT_MS = 2_000;
export const HEALTH_CHECK_CACHE_MS = 1_000;

export type DatabaseHealth = { status(): Promise<HealthStatus> };

export function createDatabaseHealth(check: () => Promise<void>, options: { logger?: Logger; timeoutMs?: number; cacheMs?: number; now?: () => number } = {}): DatabaseHealth {
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? HEALTH_CHECK_CACHE_MS;
  const now = options.now ?? Date.now;
  let current: { result: Promise<HealthStatus>; settledAt?: number } | undefined;
  let healthy = true;

  const run = async (): Promise<HealthStatus> => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<HealthStatus>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, message: `The database did not answer within ${timeoutMs / 1000} s` }), timeoutMs);
    });
    const answered = check().then(
      (): HealthStatus => ({ ok: true }),
      (error: unknown): HealthStatus => ({ ok: false, message: `The database is unavailable: ${messageOf(error)}` }),
    );
    const status = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    if (status.ok !== healthy) {
      healthy = status.ok;
      if (status.ok) options.logger?.info("The database answers again; readiness is back to 200");
      else options.logger?.warn({ reason: status.message }, "The database does not answer; readiness answers 503 until it does");
    }
    return status;
  };

  return {
    status() {
      if (current && (current.settledAt === undefined || now() - current.settledAt < cacheMs)) return current.result;
      const entry: { result: Promise<HealthStatus>; settledAt?: number } = { result: run() };
      entry.result.then(() => (entry.settledAt = now()));
      current = entry;
      return entry.result;
    },
  };
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return message.slice(0, 300) || "no answer";
}
