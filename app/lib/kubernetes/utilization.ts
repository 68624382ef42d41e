import type { ContainerStatus, CurrentResourceUsage, PodStatus } from "./types";

// Resource figures of the Kubernetes tab, as Backstage's kubernetes-react
// computes them (`utils/resources.ts`, `utils/pod.tsx`): CPU in cores, memory
// in bytes, each usage a percentage of the requests and of the limits. The
// colours of the bars and gauges are the UI kit's (app/components/ui/
// gauge-status.ts); this module gives them their percentages.

const DECIMAL_SUFFIXES: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/;

/**
 * A Kubernetes quantity as a plain number: "250m" → 0.25, "1.5" → 1.5,
 * "128Mi" → 134217728, "1Gi" → 1073741824, "500k" → 500000, "1e3" → 1000.
 * Numbers pass through; anything else is NaN, which the bars show as pending.
 */
export function parseQuantity(value: number | string): number {
  if (typeof value === "number") return value;
  const match = QUANTITY.exec(value.trim());
  if (!match) return Number.NaN;
  const [, digits, exponent, suffix = ""] = match;
  if (exponent) return Number(`${digits}${exponent}`);
  return Number(digits) * (BINARY_SUFFIXES[suffix] ?? DECIMAL_SUFFIXES[suffix]);
}

/** Rounded usage ÷ total × 100; 0 when the total is 0 (nothing requested or no limit). */
export function utilizationPercent(usage: number | string, total: number | string): number {
  const totalValue = parseQuantity(total);
  if (totalValue === 0) return 0;
  return Math.round((parseQuantity(usage) / totalValue) * 100);
}

/** Bytes as whole MiB: "128MiB". */
export function formatMiB(bytes: number | string): string {
  return `${(parseQuantity(bytes) / 1024 / 1024).toFixed(0)}MiB`;
}

/** Cores as whole millicores: "250m". */
export function formatMillicores(cores: number | string): string {
  return `${(parseQuantity(cores) * 1000).toFixed(0)}m`;
}

export type UtilizationText = { requests: string; limits: string };

/**
 * The pod table's CPU cell. The metrics API's numeric CPU usage comes in a
 * unit ten times the requests' (Backstage's `podStatusToCpuUtil` notes it as
 * a likely bug of the client library), so a numeric usage is divided by 10;
 * a quantity string is already in cores.
 */
export function podCpuUsageText(cpu: CurrentResourceUsage): UtilizationText {
  const usage = typeof cpu.currentUsage === "number" ? cpu.currentUsage / 10 : cpu.currentUsage;
  return {
    requests: `requests: ${utilizationPercent(usage, cpu.requestTotal)}% of ${formatMillicores(cpu.requestTotal)}`,
    limits: `limits: ${utilizationPercent(usage, cpu.limitTotal)}% of ${formatMillicores(cpu.limitTotal)}`,
  };
}

/** The pod table's memory cell: "requests: 50% of 128MiB", "limits: 25% of 256MiB". */
export function podMemoryUsageText(memory: CurrentResourceUsage): UtilizationText {
  return {
    requests: `requests: ${utilizationPercent(memory.currentUsage, memory.requestTotal)}% of ${formatMiB(memory.requestTotal)}`,
    limits: `limits: ${utilizationPercent(memory.currentUsage, memory.limitTotal)}% of ${formatMiB(memory.limitTotal)}`,
  };
}

/** One bar of the drawer: its title ("CPU requests: 250m"), and the usage it draws (in %, uncapped). */
export type UtilizationBar = { title: string; totalFormatted: string; percent: number };

export type UtilizationBars = { cpuRequests: UtilizationBar; cpuLimits: UtilizationBar; memoryRequests: UtilizationBar; memoryLimits: UtilizationBar };

/**
 * The four bars of a pod drawer or container card. Unlike the table, the
 * drawer compares the CPU usage as it comes, as Backstage's `PodDrawer` and
 * `ContainerCard` do.
 */
export function utilizationBars(cpu: CurrentResourceUsage, memory: CurrentResourceUsage): UtilizationBars {
  const bar = (title: string, usage: number | string, total: number | string, totalFormatted: string): UtilizationBar => ({
    title,
    totalFormatted,
    percent: utilizationPercent(usage, total),
  });
  return {
    cpuRequests: bar("CPU requests", cpu.currentUsage, cpu.requestTotal, formatMillicores(cpu.requestTotal)),
    cpuLimits: bar("CPU limits", cpu.currentUsage, cpu.limitTotal, formatMillicores(cpu.limitTotal)),
    memoryRequests: bar("Memory requests", memory.currentUsage, memory.requestTotal, formatMiB(memory.requestTotal)),
    memoryLimits: bar("Memory limits", memory.currentUsage, memory.limitTotal, formatMiB(memory.limitTotal)),
  };
}

export type PodMetricsSummary = {
  podName: string;
  namespace: string;
  table: { cpu: UtilizationText; memory: UtilizationText };
  drawer: UtilizationBars;
  containers: Array<{ container: string; bars: UtilizationBars }>;
};

/** What the tab shows of one pod's metrics: the table's two cells, the drawer's bars, and each container card's bars. */
export function summarizePodMetrics(status: PodStatus): PodMetricsSummary {
  return {
    podName: status.pod.metadata?.name ?? "unknown",
    namespace: status.pod.metadata?.namespace ?? "unknown",
    table: { cpu: podCpuUsageText(status.cpu), memory: podMemoryUsageText(status.memory) },
    drawer: utilizationBars(status.cpu, status.memory),
    containers: status.containers.map((container: ContainerStatus) => ({ container: container.container, bars: utilizationBars(container.cpuUsage, container.memoryUsage) })),
  };
}

/** The metrics of one pod among a cluster's, by name and namespace, as Backstage's `usePodMetrics` finds them. */
export function findPodMetrics(podMetrics: PodStatus[], pod: { metadata?: { name?: string; namespace?: string } }): PodStatus | undefined {
  return podMetrics.find((status) => status.pod.metadata?.name === pod.metadata?.name && status.pod.metadata?.namespace === pod.metadata?.namespace);
}
