import { useTranslation } from "./root-data";
import { BAR_WIDTH, barLength, GAUGE_COLOURS, GAUGE_DEFAULTS, gaugeStatus, usageStatus } from "./gauge-status";

/**
 * A circular gauge: the value out of `max` (default 100) in `unit` (default
 * %), coloured by thirds of the max. Drawn in SVG, so it needs no script.
 */
export function Gauge({ value, max = GAUGE_DEFAULTS.max, unit = GAUGE_DEFAULTS.unit, label }: { value: number; max?: number; unit?: string; label?: string }) {
  const t = useTranslation();
  const status = gaugeStatus(value, max);
  const fraction = max > 0 && Number.isFinite(value) ? Math.min(1, Math.max(0, value / max)) : 0;
  const circumference = 2 * Math.PI * 40;
  const shown = Number.isFinite(value) ? Math.round(value) : "–";
  return (
    <figure className="inline-flex flex-col items-center gap-1">
      <svg
        viewBox="0 0 100 100"
        {...meterRole(Number.isFinite(value) ? value : undefined, max)}
        aria-label={label ?? t("uiKit.gauge.label", { value: shown, max, unit })}
        data-status={status}
        className={`h-28 w-28 ${GAUGE_COLOURS[status]}`}
      >
        <circle cx="50" cy="50" r="40" fill="none" strokeWidth="10" className="stroke-slate-200 dark:stroke-slate-700" />
        <circle
          cx="50"
          cy="50"
          r="40"
          fill="none"
          strokeWidth="10"
          stroke="currentColor"
          strokeLinecap="round"
          strokeDasharray={`${fraction * circumference} ${circumference}`}
          transform="rotate(-90 50 50)"
        />
        <text x="50" y="50" textAnchor="middle" dominantBaseline="central" className="fill-slate-900 text-lg font-semibold dark:fill-slate-100">
          {shown}
          {unit}
        </text>
      </svg>
      {label ? <figcaption className="text-sm">{label}</figcaption> : null}
    </figure>
  );
}

/**
 * A linear usage bar from a percentage: pending when not a number, error at
 * 100% or more, warning above 90% or below 40%; drawn capped at 100.
 */
export function LinearGauge({ percent, thin = false, label }: { percent: number; thin?: boolean; label?: string }) {
  const t = useTranslation();
  const status = usageStatus(percent);
  const known = Number.isFinite(percent);
  const width = thin ? BAR_WIDTH.thin : BAR_WIDTH.thick;
  return (
    <svg
      {...meterRole(known ? barLength(percent) : undefined, 100)}
      aria-label={label ?? (known ? t("uiKit.gauge.usage", { value: Math.round(percent) }) : t("uiKit.gauge.unknown"))}
      data-status={status}
      viewBox={`0 0 100 ${width}`}
      preserveAspectRatio="none"
      height={width}
      className={`w-full ${GAUGE_COLOURS[status]}`}
    >
      <line x1="0" y1={width / 2} x2="100" y2={width / 2} strokeWidth={width} className="stroke-slate-200 dark:stroke-slate-700" />
      <line x1="0" y1={width / 2} x2={barLength(percent)} y2={width / 2} strokeWidth={width} stroke="currentColor" />
    </svg>
  );
}

/** A meter must have a value; one that is not known is a picture whose label says so. */
function meterRole(value: number | undefined, max: number) {
  return value === undefined ? { role: "img" } : { role: "meter", "aria-valuenow": value, "aria-valuemin": 0, "aria-valuemax": max };
}
