import type { V1Pod } from "@kubernetes/client-node";
import { containersReady, podPhase, podStatusCells, totalRestarts, type ContainerStatusCell } from "./container-status";
import { podsWithErrorsText } from "./ownership";
import { drawerKey } from "./tab-urls";
import type { PodStatus } from "./types";
import { findPodMetrics, podCpuUsageText, podMemoryUsageText, type UtilizationText } from "./utilization";

// The pod table of a workload row (Backstage's kubernetes-react
// `Pods/PodsTable.tsx`): name, phase, status, containers ready, total
// restarts, CPU and memory usage against requests and limits.

export type PodRow = {
  name: string;
  namespace: string;
  /** The `drawer` parameter that opens this pod. */
  drawer: string;
  phase: string;
  /** Waiting or terminated containers; empty reads 'OK'. */
  status: ContainerStatusCell[];
  containersReady: string;
  totalRestarts: number;
  /** Undefined when the metrics API had nothing for the pod: the cells read 'unknown'. */
  cpu?: UtilizationText;
  memory?: UtilizationText;
  hasErrors: boolean;
};

export type PodSummary = { count: number; withErrors: number; withErrorsText: string; rows: PodRow[] };

export function podRow(cluster: string, pod: V1Pod, metrics: PodStatus[], podsWithErrors: Set<string>): PodRow {
  const name = pod.metadata?.name ?? "";
  const namespace = pod.metadata?.namespace ?? "";
  const podMetrics = findPodMetrics(metrics, pod);
  return {
    name,
    namespace,
    drawer: drawerKey({ kind: "Pod", cluster, namespace, name }),
    phase: podPhase(pod),
    status: podStatusCells(pod),
    containersReady: containersReady(pod),
    totalRestarts: totalRestarts(pod),
    cpu: podMetrics ? podCpuUsageText(podMetrics.cpu) : undefined,
    memory: podMetrics ? podMemoryUsageText(podMetrics.memory) : undefined,
    hasErrors: podsWithErrors.has(name),
  };
}

/** A workload's pods as its row counts them ('3 pods', '1 pod with errors') and its table lists them. */
export function podSummary(cluster: string, pods: V1Pod[], metrics: PodStatus[], podsWithErrors: Set<string>): PodSummary {
  const rows = pods.map((pod) => podRow(cluster, pod, metrics, podsWithErrors));
  const withErrors = rows.filter((row) => row.hasErrors).length;
  return { count: rows.length, withErrors, withErrorsText: podsWithErrorsText(withErrors), rows };
}
