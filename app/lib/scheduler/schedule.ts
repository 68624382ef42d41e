import { CronExpressionParser } from "cron-parser";
import { DURATION_UNIT_MS, isoDurationMs as parseIsoDuration } from "../config/duration";

// A task's schedule in Backstage's terms (SchedulerServiceTaskScheduleDefinition):
// a frequency that is a cron expression, a duration or 'manual', a timeout and
// an optional initial delay. They are kept as Backstage's scheduler keeps
// them (its settings version 2: a cadence string and ISO 8601 durations), so
// the tasks API shows the same settings a Backstage backend would.

/** Backstage's HumanDuration (luxon's duration object). */
export type HumanDuration = {
  years?: number;
  months?: number;
  weeks?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
};

/** A duration: an object of units, or an ISO 8601 duration such as `PT30S`. */
export type TaskDuration = HumanDuration | string;

export type TaskFrequency = { cron: string } | { trigger: "manual" } | TaskDuration;

export type TaskScheduleDefinition = {
  frequency: TaskFrequency;
  timeout: TaskDuration;
  initialDelay?: TaskDuration;
  scope?: "global" | "local";
};

export type TaskSettings = {
  version: 2;
  /** A cron expression, an ISO 8601 duration, or 'manual'. */
  cadence: string;
  timeoutAfterDuration: string;
  initialDelayDuration?: string;
};

export class InvalidScheduleError extends Error {
  override name = "InvalidScheduleError";
}

/** Milliseconds of an ISO 8601 duration; throws for anything else ("PT" and "P" included). */
export function isoDurationMs(value: string): number {
  const ms = parseIsoDuration(value.trim());
  if (typeof ms !== "number") throw new InvalidScheduleError(`Invalid duration '${value}', expected an ISO 8601 duration such as PT30S`);
  return ms;
}

/** A duration as an ISO 8601 string, the form the settings keep. */
export function toIsoDuration(value: TaskDuration, what: string): string {
  if (typeof value === "string") {
    isoDurationMs(value);
    return value.trim().toUpperCase();
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new InvalidScheduleError(`Invalid ${what}, expected a duration object or an ISO 8601 duration`);
  const entries = Object.entries(value);
  for (const [unit, amount] of entries) {
    if (!(unit in DURATION_UNIT_MS)) throw new InvalidScheduleError(`Invalid ${what}, unknown unit '${unit}' (expected one of ${Object.keys(DURATION_UNIT_MS).join(", ")})`);
    if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) throw new InvalidScheduleError(`Invalid ${what}, '${unit}' must be a non-negative number`);
  }
  if (entries.length === 0) throw new InvalidScheduleError(`Invalid ${what}, the duration is empty`);
  const part = (amount: number | undefined, letter: string) => (amount ? `${amount}${letter}` : "");
  const seconds = (value.seconds ?? 0) + (value.milliseconds ?? 0) / 1000;
  const date = part(value.years, "Y") + part(value.months, "M") + part(value.weeks, "W") + part(value.days, "D");
  const time = part(value.hours, "H") + part(value.minutes, "M") + part(Number(seconds.toFixed(3)), "S");
  const iso = `P${date}${time ? `T${time}` : ""}`;
  return iso === "P" ? "PT0S" : iso;
}

/** Validates a schedule and turns it into the settings the scheduler stores. */
export function taskSettings(schedule: TaskScheduleDefinition): TaskSettings {
  const { frequency } = schedule;
  let cadence: string;
  if (frequency && typeof frequency === "object" && "cron" in frequency) {
    if (typeof frequency.cron !== "string") throw new InvalidScheduleError("Invalid cron, expected a string");
    try {
      CronExpressionParser.parse(frequency.cron);
    } catch (error) {
      throw new InvalidScheduleError(`Invalid cron '${frequency.cron}': ${(error as Error).message}`);
    }
    cadence = frequency.cron.trim();
  } else if (frequency && typeof frequency === "object" && "trigger" in frequency) {
    if (frequency.trigger !== "manual") throw new InvalidScheduleError(`Invalid trigger '${String(frequency.trigger)}', expected 'manual'`);
    cadence = "manual";
  } else {
    cadence = toIsoDuration(frequency as TaskDuration, "frequency");
    if (isoDurationMs(cadence) <= 0) throw new InvalidScheduleError("Invalid frequency, the duration must be longer than zero");
  }
  const timeoutAfterDuration = toIsoDuration(schedule.timeout, "timeout");
  if (isoDurationMs(timeoutAfterDuration) <= 0) throw new InvalidScheduleError("Invalid timeout, the duration must be longer than zero");
  return {
    version: 2,
    cadence,
    timeoutAfterDuration,
    ...(schedule.initialDelay !== undefined ? { initialDelayDuration: toIsoDuration(schedule.initialDelay, "initialDelay") } : {}),
  };
}

export type CadenceKind = "cron" | "duration" | "manual";

export function cadenceKind(settings: TaskSettings): CadenceKind {
  if (settings.cadence === "manual") return "manual";
  return settings.cadence.startsWith("P") ? "duration" : "cron";
}

/** When a task first becomes due after it is registered at `now`; null for a manual task. */
export function firstRunAt(settings: TaskSettings, now: number): number | null {
  if (settings.initialDelayDuration) return now + isoDurationMs(settings.initialDelayDuration);
  const kind = cadenceKind(settings);
  if (kind === "manual") return null;
  if (kind === "cron") return nextCronTime(settings.cadence, now);
  return now;
}

/**
 * When a task is next due after a run that was due at `dueAt` ended at `now`.
 * A duration keeps its rhythm (due + cadence) but never schedules in the
 * past, as Backstage's scheduler does.
 */
export function nextRunAt(settings: TaskSettings, dueAt: number | null, now: number): number | null {
  const kind = cadenceKind(settings);
  if (kind === "manual") return null;
  if (kind === "cron") return nextCronTime(settings.cadence, now);
  return Math.max((dueAt ?? now) + isoDurationMs(settings.cadence), now);
}

function nextCronTime(expression: string, after: number): number {
  return CronExpressionParser.parse(expression, { currentDate: new Date(after), tz: "UTC" })
    .next()
    .getTime();
}
