// Times of the Kubernetes tab in English, as Backstage's kubernetes-react
// writes them with luxon: `toRelative({ locale: 'en' })` for "Started: 5
// minutes ago" or "Paused (3 hours ago)", `Duration.toHuman()` over hours,
// minutes and seconds for a container's execution time. Nothing else in
// app/lib formats relative times, and luxon is not a dependency; the
// platform's Intl gives the same words.

/** Kubernetes timestamps arrive as RFC 3339 strings on the wire, as `Date`s through @kubernetes/client-node's types. */
export type KubernetesTime = Date | string | undefined | null;

export function parseKubernetesTime(value: KubernetesTime): Date | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const FIXED_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
  ["second", 1000],
];

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "always" });

function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  // As luxon does, a day past the end of the target month lands on its last day (31 January + 1 month = 28 February).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
}

/** Whole calendar months from `from` to `to`, negative when `to` is earlier. */
function wholeMonths(from: Date, to: Date): number {
  if (to < from) return -wholeMonths(to, from);
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (addMonthsUtc(from, months) > to) months -= 1;
  return months;
}

/**
 * "5 minutes ago", "in 2 hours": the largest unit with at least one whole
 * step, truncated toward zero, as luxon's `toRelative` does; years and
 * months are counted on the calendar, in UTC.
 */
export function formatRelativeTime(value: KubernetesTime, now: Date = new Date()): string | undefined {
  const date = parseKubernetesTime(value);
  if (!date) return undefined;
  const months = wholeMonths(now, date);
  if (Math.abs(months) >= 12) return relativeFormat.format(Math.trunc(months / 12), "year");
  if (Math.abs(months) >= 1) return relativeFormat.format(months, "month");
  const diff = date.getTime() - now.getTime();
  for (const [unit, length] of FIXED_UNITS) {
    const count = Math.trunc(diff / length);
    if (Math.abs(count) >= 1) return relativeFormat.format(count, unit);
  }
  return relativeFormat.format(0, "second");
}

const hourFormat = new Intl.NumberFormat("en", { style: "unit", unit: "hour", unitDisplay: "long" });
const minuteFormat = new Intl.NumberFormat("en", { style: "unit", unit: "minute", unitDisplay: "long" });
const secondFormat = new Intl.NumberFormat("en", { style: "unit", unit: "second", unitDisplay: "long", maximumFractionDigits: 3 });
const listFormat = new Intl.ListFormat("en", { type: "conjunction", style: "narrow" });

/** "0 hours, 2 minutes, 5 seconds": luxon's `diff(start, ['hours', 'minutes', 'seconds']).toHuman()`, zero units included. */
export function formatDuration(start: KubernetesTime, end: KubernetesTime): string | undefined {
  const from = parseKubernetesTime(start);
  const to = parseKubernetesTime(end);
  if (!from || !to) return undefined;
  const totalMs = to.getTime() - from.getTime();
  const hours = Math.trunc(totalMs / 3_600_000);
  const minutes = Math.trunc((totalMs - hours * 3_600_000) / 60_000);
  const seconds = (totalMs - hours * 3_600_000 - minutes * 60_000) / 1000;
  return listFormat.format([hourFormat.format(hours), minuteFormat.format(minutes), secondFormat.format(seconds)]);
}
