import type { CoreV1Event, V1Pod } from "@kubernetes/client-node";
import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";
import type { DemoFixtures } from "./fixtures/builders.ts";
import { leasingFixtures } from "./fixtures/leasing.ts";
import { listingsFixtures } from "./fixtures/listings.ts";
import { maintenanceFixtures } from "./fixtures/maintenance.ts";
import { rentPaymentsFixtures } from "./fixtures/rent-payments.ts";
import { smartBuildingFixtures } from "./fixtures/smart-building.ts";
import { metricsOfRunningPods, type PodMetrics } from "./pod-metrics.ts";

// The demo cluster: workloads of the example catalog's components (their
// `backstage.io/kubernetes-id`, or autopay-scheduler's label selector), one
// namespace per system as examples/docs/platform-core/docs/architecture/runtime/kubernetes.md
// describes, covering every state the Kubernetes tab shows and every error
// Backstage's detection finds (plugins/kubernetes-common/src/error-detection/).
// Everything is simulated; the cluster's name says so wherever it is shown.

export const DEMO_CLUSTER = { name: "demo-cluster", title: "Demo cluster (simulated)" } as const;

/** The label selector autopay-scheduler's catalog entity uses instead of a kubernetes-id. */
export const AUTOPAY_LABEL_SELECTOR = "app.kubernetes.io/part-of=rent-payments,app.kubernetes.io/component in (autopay,autopay-reminders)";

export type DemoClusterFixtures = { objects: KubernetesObject[]; metrics: PodMetrics[]; logs: Record<string, string>; events: CoreV1Event[] };

/** The OOMKilled pod runs close to its memory limit again, so its gauge tells the story. */
const MEMORY_NEAR_LIMIT: Record<string, string> = { "maintenance/maintenance-requests-service-5c8d7f9b4-m4q9z": "371712Ki" };

export function demoClusterFixtures(now: Date = new Date()): DemoClusterFixtures {
  const parts: DemoFixtures[] = [...leasingFixtures(now), ...maintenanceFixtures(now), ...listingsFixtures(now), ...smartBuildingFixtures(now), ...rentPaymentsFixtures(now)];
  const objects = parts.flatMap((part) => part.objects);
  const pods = objects.filter((object) => object.kind === "Pod") as V1Pod[];
  const metrics = metricsOfRunningPods(pods, now).map((item) => {
    const memory = MEMORY_NEAR_LIMIT[`${item.metadata.namespace}/${item.metadata.name}`];
    return memory ? { ...item, containers: item.containers.map((entry) => ({ ...entry, usage: { ...entry.usage, memory } })) } : item;
  });
  return {
    objects,
    metrics,
    logs: Object.assign({}, ...parts.map((part) => part.logs)),
    events: parts.flatMap((part) => part.events) as unknown as CoreV1Event[],
  };
}
