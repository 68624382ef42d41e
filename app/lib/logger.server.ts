import pino from "pino";

export type Logger = pino.Logger;

/** How long the same warning or error is held back after it was logged, unless LOG_REPEAT_WINDOW_SECONDS says otherwise. */
export const DEFAULT_REPEAT_WINDOW_SECONDS = 60;
/** Beyond this many distinct recent warnings, the expired ones are forgotten. */
const MAX_TRACKED = 1000;

/**
 * One JSON logger for the process; LOG_LEVEL picks the level (info by
 * default). Warnings and errors are rate-limited: the same one (same level,
 * logger bindings such as the task, message and error message) is logged
 * once, then held back for LOG_REPEAT_WINDOW_SECONDS (60 s by default; 0
 * turns this off), at the end of which one line says how often it repeated.
 * A task failing every second on a full disk thus writes one line a minute,
 * not one a second.
 */
export function createLogger(env: Record<string, string | undefined> = process.env, destination?: pino.DestinationStream): Logger {
  const windowSeconds = repeatWindowSeconds(env.LOG_REPEAT_WINDOW_SECONDS);
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL ?? "info",
    base: { service: "atrium" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
    hooks: windowSeconds > 0 ? { logMethod: repeatLimiter(windowSeconds * 1000) } : {},
  };
  return destination ? pino(options, destination) : pino(options);
}

function repeatWindowSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_REPEAT_WINDOW_SECONDS;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_REPEAT_WINDOW_SECONDS;
}

type Repeat = { until: number; suppressed: number; timer?: NodeJS.Timeout; last?: { logger: pino.Logger; args: unknown[]; method: pino.LogFn } };

/** pino's logMethod hook that logs a repeated warning or error once per window and then how often it repeated. */
function repeatLimiter(windowMs: number) {
  const seen = new Map<string, Repeat>();
  const WARN = 40;
  const FATAL = 60;

  const flush = (key: string) => {
    const repeat = seen.get(key);
    if (!repeat) return;
    repeat.timer = undefined;
    if (repeat.suppressed === 0 || !repeat.last) {
      seen.delete(key);
      return;
    }
    const { logger, args, method } = repeat.last;
    const times = repeat.suppressed;
    // The next window starts now: an error that keeps coming is summarised once a window.
    seen.set(key, { until: Date.now() + windowMs, suppressed: 0 });
    const [first, ...rest] = args;
    const message = typeof first === "string" ? first : typeof rest[0] === "string" ? (rest.shift() as string) : "";
    const fields = typeof first === "object" && first !== null ? (first instanceof Error ? { err: first } : first) : {};
    method.apply(logger, [{ ...fields, repeated: times, repeatWindowSeconds: windowMs / 1000 }, `${message} (repeated ${times} times in the last ${windowMs / 1000} s)`]);
  };

  return function logMethod(this: pino.Logger, args: Parameters<pino.LogFn>, method: pino.LogFn, level: number) {
    if (level < WARN || level >= FATAL) return method.apply(this, args);
    const key = keyOf(this, args as unknown[], level);
    const now = Date.now();
    const repeat = seen.get(key);
    if (repeat && (now < repeat.until || repeat.suppressed > 0)) {
      repeat.suppressed++;
      repeat.last = { logger: this, args: [...(args as unknown[])], method };
      repeat.timer ??= setTimeout(() => flush(key), Math.max(0, repeat.until - now)).unref();
      return;
    }
    if (seen.size >= MAX_TRACKED) for (const [other, entry] of seen) if (!entry.timer && entry.until <= now) seen.delete(other);
    seen.set(key, { until: now + windowMs, suppressed: 0 });
    method.apply(this, args);
  };
}

function keyOf(logger: pino.Logger, args: unknown[], level: number): string {
  const [first, second] = args;
  const message = typeof first === "string" ? first : typeof second === "string" ? second : "";
  const err = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
  const errorMessage = err instanceof Error ? err.message : "";
  return `${level}\u0000${JSON.stringify(logger.bindings())}\u0000${message}\u0000${errorMessage}`;
}
