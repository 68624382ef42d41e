import pino from "pino";

export type Logger = pino.Logger;

/** One JSON logger for the process; LOG_LEVEL picks the level (info by default). */
export function createLogger(env: Record<string, string | undefined> = process.env): Logger {
  return pino({
    level: env.LOG_LEVEL ?? "info",
    base: { service: "atrium" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
  });
}
