import { z } from "zod";
import { KEYED_MESSAGE } from "./errors";

// Durations in config, in Backstage's forms (readDurationFromConfig in
// @backstage/config): an object of units ({ minutes: 3 }), an ISO 8601
// duration ('PT3M', 'P1DT6H') or a string with a unit ('3m', '2 hours').
// Anything else is refused, in Backstage's words, so a typo such as
// { minute: 3 } stops start-up instead of silently meaning the default.

export const DURATION_UNITS = ["years", "months", "weeks", "days", "hours", "minutes", "seconds", "milliseconds"] as const;
type DurationUnit = (typeof DURATION_UNITS)[number];

// Calendar units at their casual lengths, as Backstage (through luxon) converts them.
export const DURATION_UNIT_MS: Record<DurationUnit, number> = {
  years: 365 * 86_400_000,
  months: 30 * 86_400_000,
  weeks: 7 * 86_400_000,
  days: 86_400_000,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
  milliseconds: 1,
};

const EXPECTED_UNITS = DURATION_UNITS.map((unit) => `'${unit}'`).join(", ");

// P[nY][nM][nW][nD][T[nH][nM][nS]], each number possibly fractional.
const ISO_DURATION = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
const ISO_UNITS: DurationUnit[] = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"];

// The `ms` library's units, which Backstage accepts in a string such as '90s' or '2 hours'.
const SHORT_UNIT_MS: Record<string, number> = {
  ms: 1,
  msec: 1,
  msecs: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
  w: 604_800_000,
  week: 604_800_000,
  weeks: 604_800_000,
  y: 31_557_600_000,
  yr: 31_557_600_000,
  yrs: 31_557_600_000,
  year: 31_557_600_000,
  years: 31_557_600_000,
};

export type DurationResult = { ms: number } | { problem: string };

/**
 * A duration in milliseconds, or the problem in Backstage's words with
 * `{key}` where the key's path goes (errors.ts fills it in).
 */
export function parseDuration(value: unknown): DurationResult {
  if (typeof value === "string") return parseDurationString(value.trim());
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { problem: `Invalid type in config for key '{key}', got ${value === null ? "null" : Array.isArray(value) ? "array" : typeof value}, wanted object or string` };
  }
  const objectProblem = (problem: string) => ({ problem: `Failed to read duration from config at '{key}', ${problem}` });
  const entries = Object.entries(value as Record<string, unknown>);
  const unknown = entries.map(([unit]) => unit).filter((unit) => !(DURATION_UNITS as readonly string[]).includes(unit));
  if (unknown.length > 0) {
    return objectProblem(`Unknown ${unknown.length === 1 ? "property" : "properties"} ${unknown.map((unit) => `'${unit}'`).join(", ")}; expected one or more of ${EXPECTED_UNITS}`);
  }
  if (entries.length === 0) return objectProblem(`Needs one or more of ${EXPECTED_UNITS}`);
  let total = 0;
  for (const [unit, amount] of entries) {
    const number = typeof amount === "string" && amount.trim() !== "" ? Number(amount) : amount;
    if (typeof number !== "number" || !Number.isFinite(number)) return { problem: `Unable to convert config value for key '{key}.${unit}' to a number, got '${String(amount)}'` };
    if (number < 0) return objectProblem("Negative durations are not allowed");
    total += number * DURATION_UNIT_MS[unit as DurationUnit];
  }
  return { ms: total };
}

/** Milliseconds of an ISO 8601 duration; undefined when it is not one, "empty" for 'P' or 'PT'. */
export function isoDurationMs(value: string): number | "empty" | undefined {
  const match = ISO_DURATION.exec(value.toUpperCase());
  if (!match) return undefined;
  const parts = match.slice(1);
  if (parts.every((part) => part === undefined)) return "empty";
  return parts.reduce((total, part, index) => (part === undefined ? total : total + Number(part.replace(",", ".")) * DURATION_UNIT_MS[ISO_UNITS[index]]), 0);
}

function parseDurationString(value: string): DurationResult {
  const stringProblem = (problem: string) => ({ problem: `Invalid duration '${value}' in config at '{key}', ${problem}` });
  if (value.startsWith("P") || value.startsWith("-P")) {
    const ms = isoDurationMs(value);
    if (ms === undefined) return stringProblem("Invalid ISO format, expected a value similar to 'P2DT6H' (2 days 6 hours) or 'PT1M' (1 minute)");
    if (ms === "empty") return stringProblem("Invalid ISO format, no values given");
    return { ms };
  }
  if (/^\d+(?:\.\d+)?$/.test(value)) return stringProblem("The value cannot be a plain number; try adding a unit like 'ms' or 'seconds'");
  const match = /^(-?\d*\.?\d+) *([a-z]+)$/i.exec(value);
  const unitMs = match ? SHORT_UNIT_MS[match[2].toLowerCase()] : undefined;
  if (!match || unitMs === undefined) return stringProblem("Not a valid duration string, try a number followed by a unit such as '1d' or '2 seconds'");
  const amount = Number(match[1]);
  if (amount < 0) return stringProblem("Negative durations are not allowed");
  return { ms: amount * unitMs };
}

/**
 * A duration key that may also be `false` (Backstage's off switch, e.g.
 * catalog.processingInterval), as milliseconds or false. Zero is refused: an
 * interval of nothing would spin.
 */
export const configIntervalOrFalse = z.unknown().transform((value, ctx): number | false => {
  if (value === false || value === "false") return false;
  const result = parseDuration(value);
  if ("problem" in result) {
    ctx.addIssue({ code: "custom", message: `${KEYED_MESSAGE}${result.problem.replace("wanted object or string", "wanted object or string or false")}` });
    return z.NEVER;
  }
  if (result.ms <= 0) {
    ctx.addIssue({ code: "custom", message: "must be a duration longer than zero (false turns it off)" });
    return z.NEVER;
  }
  return result.ms;
});

/** A duration key, as milliseconds; zero is refused (a time limit or lifetime of nothing). */
export const configDuration = z.unknown().transform((value, ctx): number => {
  const result = parseDuration(value);
  if ("problem" in result) {
    ctx.addIssue({ code: "custom", message: `${KEYED_MESSAGE}${result.problem}` });
    return z.NEVER;
  }
  if (result.ms <= 0) {
    ctx.addIssue({ code: "custom", message: "must be a duration longer than zero" });
    return z.NEVER;
  }
  return result.ms;
});
