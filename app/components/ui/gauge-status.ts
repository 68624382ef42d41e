// The colours of gauges and usage bars, as Backstage
// decides them. Pure functions, so pages and tests share one rule.

export type GaugeStatus = "ok" | "warning" | "error" | "pending";

export const GAUGE_DEFAULTS = { max: 100, unit: "%" } as const;
/** Stroke widths of the linear usage bar. */
export const BAR_WIDTH = { thick: 4, thin: 1 } as const;

/** A gauge's colour by thirds of its max: error below one third, warning below two thirds, ok above. */
export function gaugeStatus(value: number, max: number = GAUGE_DEFAULTS.max): GaugeStatus {
  if (!Number.isFinite(value) || !(max > 0)) return "pending";
  if (value < max / 3) return "error";
  if (value < (max * 2) / 3) return "warning";
  return "ok";
}

/** A usage bar's colour from its percentage: pending when not a number, error at 100 or more, warning above 90 or below 40. */
export function usageStatus(percent: number): GaugeStatus {
  if (Number.isNaN(percent) || typeof percent !== "number") return "pending";
  if (percent >= 100) return "error";
  if (percent > 90 || percent < 40) return "warning";
  return "ok";
}

/** The length a usage bar draws: capped at 100, never below 0. */
export function barLength(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

export const GAUGE_COLOURS: Record<GaugeStatus, string> = {
  ok: "text-emerald-600 dark:text-emerald-400",
  warning: "text-amber-500 dark:text-amber-400",
  error: "text-red-600 dark:text-red-400",
  pending: "text-slate-400 dark:text-slate-500",
};
