import type { V1Pod } from "@kubernetes/client-node";

// metrics.k8s.io/v1beta1 PodMetrics as metrics-server reports them: only for
// running pods, the pod's labels copied (so label selectors work on them),
// CPU in nanocores ("12345678n") and memory in kibibytes ("25308Ki"), the
// units metrics-server writes and clients must parse.

export type PodMetrics = {
  metadata: { name: string; namespace: string; creationTimestamp?: string; labels?: Record<string, string> };
  timestamp: string;
  window: string;
  containers: Array<{ name: string; usage: { cpu: string; memory: string } }>;
};

const SUFFIXES: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, "": 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };

/** A Kubernetes quantity ("250m", "0.5", "192Mi", "1G") as a number of base units. */
export function parseQuantity(quantity: string | number | undefined): number {
  if (quantity === undefined) return 0;
  if (typeof quantity === "number") return quantity;
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(quantity.trim());
  if (!match || SUFFIXES[match[2]] === undefined) return 0;
  return Number(match[1]) * SUFFIXES[match[2]];
}

/** A steady share of the request per container, different per pod so the demo's gauges differ. */
function share(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return 0.25 + (hash % 60) / 100;
}

export function metricsOfRunningPods(pods: V1Pod[], now: Date): PodMetrics[] {
  return pods
    .filter((pod) => pod.status?.phase === "Running")
    .map((pod) => {
      const running = new Set((pod.status?.containerStatuses ?? []).filter((status) => status.state?.running).map((status) => status.name));
      return {
        metadata: { name: pod.metadata?.name ?? "", namespace: pod.metadata?.namespace ?? "default", creationTimestamp: now.toISOString(), labels: pod.metadata?.labels },
        timestamp: new Date(now.getTime() - 12_000).toISOString(),
        window: "20.052s",
        containers: (pod.spec?.containers ?? [])
          .filter((container) => running.has(container.name))
          .map((container) => {
            const ratio = share(`${pod.metadata?.name}/${container.name}`);
            const cpu = parseQuantity(container.resources?.requests?.cpu ?? "50m") * ratio;
            const memory = parseQuantity(container.resources?.requests?.memory ?? "64Mi") * ratio;
            return { name: container.name, usage: { cpu: `${Math.round(cpu * 1e9)}n`, memory: `${Math.round(memory / 1024)}Ki` } };
          }),
      };
    });
}
