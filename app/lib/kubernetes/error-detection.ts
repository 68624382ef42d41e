import type { V1Deployment, V1HorizontalPodAutoscaler, V2HorizontalPodAutoscaler } from "@kubernetes/client-node";
import { groupResponses } from "./grouped-responses";
import { detectPodErrors } from "./pod-errors";
import type { ClusterAttributes, DetectedError, DetectedErrorsByCluster, ObjectsByEntityResponse } from "./types";

// Backstage's error detection (kubernetes-common `error-detection/`): per
// cluster, the pods' errors, then the deployments' false conditions, then
// the autoscalers at their maximum. Backstage leaves the order to its Error
// Reporting table, which sorts by severity, highest first; we sort here so
// every reader of the map sees that order.

function deploymentErrors(deployments: V1Deployment[]): DetectedError[] {
  return deployments.flatMap((deployment) =>
    (deployment.status?.conditions ?? [])
      .filter((condition) => condition.status === "False" && condition.message !== undefined)
      .map((condition): DetectedError => ({
        type: "condition-message-present",
        message: condition.message ?? "",
        severity: 6,
        sourceRef: {
          // "unknown hpa" is Backstage's own fallback for a nameless deployment.
          name: deployment.metadata?.name ?? "unknown hpa",
          namespace: deployment.metadata?.namespace ?? "unknown namespace",
          kind: "Deployment",
          apiGroup: "apps/v1",
        },
        occurrenceCount: 1,
      })),
  );
}

type AnyHorizontalPodAutoscaler = V1HorizontalPodAutoscaler | V2HorizontalPodAutoscaler;

function autoscalerErrors(autoscalers: AnyHorizontalPodAutoscaler[]): DetectedError[] {
  return autoscalers.flatMap((hpa): DetectedError[] => {
    const maxReplicas = hpa.spec?.maxReplicas ?? -1;
    if (maxReplicas !== hpa.status?.currentReplicas) return [];
    return [
      {
        type: "hpa-max-current-replicas",
        message: `Current number of replicas (${hpa.status?.currentReplicas}) is equal to the configured max number of replicas (${maxReplicas})`,
        severity: 8,
        sourceRef: {
          name: hpa.metadata?.name ?? "unknown hpa",
          namespace: hpa.metadata?.namespace ?? "unknown namespace",
          kind: "HorizontalPodAutoscaler",
          // Backstage names the group it fetches autoscalers from, whatever the item says.
          apiGroup: "autoscaling/v2",
        },
        occurrenceCount: 1,
      },
    ];
  });
}

/** Highest severity first; equal severities keep detection order (Array.prototype.sort is stable). */
export function sortBySeverity<T extends { severity: number }>(errors: T[]): T[] {
  return [...errors].sort((a, b) => b.severity - a.severity);
}

/** Errors per cluster name, every cluster of the response present (with [] when healthy). `now` decides readiness probes' deadlines. */
export function detectErrors(response: ObjectsByEntityResponse, now: Date = new Date()): DetectedErrorsByCluster {
  const errors: DetectedErrorsByCluster = new Map();
  for (const clusterObjects of response.items) {
    const grouped = groupResponses(clusterObjects.resources);
    const clusterErrors = [...detectPodErrors(grouped.pods, now), ...deploymentErrors(grouped.deployments), ...autoscalerErrors(grouped.horizontalPodAutoscalers)];
    errors.set(clusterObjects.cluster.name, sortBySeverity(clusterErrors));
  }
  return errors;
}

export type ErrorReportRow = { cluster: ClusterAttributes; error: DetectedError };

/** The 'Error Reporting' table's rows: every cluster's errors in one list, highest severity first. */
export function errorReportRows(detected: DetectedErrorsByCluster, clusters: ClusterAttributes[]): ErrorReportRow[] {
  const rows = [...detected.entries()].flatMap(([clusterName, clusterErrors]) => {
    const cluster = clusters.find((candidate) => candidate.name === clusterName) ?? { name: clusterName };
    return clusterErrors.map((error) => ({ cluster, error, severity: error.severity }));
  });
  return sortBySeverity(rows).map(({ cluster, error }) => ({ cluster, error }));
}

/** Names of the pods with at least one detected error, for "N pod(s) with errors" and the pods' error lists. */
export function podNamesWithErrors(clusterErrors: DetectedError[]): Set<string> {
  return new Set(clusterErrors.filter((error) => error.sourceRef.kind === "Pod").map((error) => error.sourceRef.name));
}
