import type { CoreV1Api, Metrics, PodStatus as ClientPodStatus, CurrentResourceUsage as ClientUsage } from "@kubernetes/client-node";
import type { KubernetesObject, PodStatus, CurrentResourceUsage } from "./types";

// Pod metrics as Backstage computes them: @kubernetes/client-node's topPods
// over the namespace's pod list and its metrics.k8s.io answer, each figure
// made JSON-safe (a bigint becomes its string). topPods walks every pod's
// containers and every metric's usage, so what would make it throw (a pod
// without containers, a metric without usage) is left out of its input: the
// pod itself still reaches the browser, which shows it as unreadable.

type PodMetricsItem = { metadata: { name: string }; containers: Array<{ name: string; usage: { cpu: string; memory: string } }> };

export async function podStatusesOf(pods: KubernetesObject[], metricsItems: KubernetesObject[]): Promise<PodStatus[]> {
  const { topPods } = await import("@kubernetes/client-node");
  const readablePods = pods.filter(hasContainers);
  const readableMetrics = metricsItems.filter(isPodMetrics);
  const core = { listNamespacedPod: async () => ({ items: readablePods }), listPodForAllNamespaces: async () => ({ items: readablePods }) } as unknown as CoreV1Api;
  const metrics = { getPodMetrics: async () => ({ items: readableMetrics }) } as unknown as Metrics;
  const statuses = await topPods(core, metrics, "namespace");
  return statuses.map(toWire);
}

function hasContainers(pod: KubernetesObject): boolean {
  const containers = (pod.spec as { containers?: unknown } | undefined)?.containers;
  return (
    typeof pod.metadata?.name === "string" &&
    Array.isArray(containers) &&
    containers.every((container) => container && typeof container === "object" && typeof (container as { name?: unknown }).name === "string")
  );
}

function isPodMetrics(item: KubernetesObject): boolean {
  const candidate = item as unknown as Partial<PodMetricsItem>;
  return (
    typeof candidate.metadata?.name === "string" &&
    Array.isArray(candidate.containers) &&
    candidate.containers.every((container) => container && typeof container.name === "string" && isQuantity(container.usage?.cpu) && isQuantity(container.usage?.memory))
  );
}

const isQuantity = (value: unknown) => typeof value === "string" && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+|[a-zA-Z]{1,2})?$/.test(value);

const safe = (value: number | bigint): number | string => (typeof value === "bigint" ? value.toString() : value);

const usageOf = (usage: ClientUsage): CurrentResourceUsage => ({ currentUsage: safe(usage.CurrentUsage), requestTotal: safe(usage.RequestTotal), limitTotal: safe(usage.LimitTotal) });

function toWire(status: ClientPodStatus): PodStatus {
  return {
    pod: status.Pod,
    cpu: usageOf(status.CPU),
    memory: usageOf(status.Memory),
    containers: status.Containers.map((container) => ({ container: container.Container, cpuUsage: usageOf(container.CPUUsage), memoryUsage: usageOf(container.MemoryUsage) })),
  };
}
