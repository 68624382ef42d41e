import type { V1CronJob, V1DaemonSet, V1Deployment, V1Ingress, V1Job, V1Service, V1StatefulSet, V2HorizontalPodAutoscaler } from "@kubernetes/client-node";
import { formatRelativeTime, parseKubernetesTime, type KubernetesTime } from "./relative-time";
import type { KubernetesObject } from "./types";

// The drawer's metadata table when it does not show YAML: the fields of
// each kind that Backstage's kubernetes-react drawers pick
// (`DeploymentsAccordions/DeploymentDrawer.tsx`, `StatefulSetDrawer`,
// `DaemonSetDrawer`, `JobDrawer`, `CronJobDrawer`, `ServiceDrawer`,
// `HorizontalPodAutoscalerDrawer`, `IngressDrawer`), after the labels and
// annotations every object has. Values are text or lists of text.

export type MetadataRow = { label: string; value: string | string[] };

function text(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function time(value: KubernetesTime, now: Date): string | undefined {
  const date = parseKubernetesTime(value);
  return date ? `${date.toISOString()} (${formatRelativeTime(date, now)})` : undefined;
}

function pairs(record: Record<string, string> | undefined): string[] {
  return Object.entries(record ?? {}).map(([key, value]) => `${key}: ${value}`);
}

function rows(entries: Array<[string, string | string[] | undefined]>): MetadataRow[] {
  return entries.flatMap(([label, value]) => (value === undefined || (Array.isArray(value) && value.length === 0) ? [] : [{ label, value }]));
}

function kindRows(kind: string, object: KubernetesObject, now: Date): Array<[string, string | string[] | undefined]> {
  switch (kind) {
    case "deployment": {
      const deployment = object as V1Deployment;
      return [
        ["Strategy", text(deployment.spec?.strategy?.type)],
        ["Min Ready Seconds", text(deployment.spec?.minReadySeconds)],
        ["Progress Deadline Seconds", text(deployment.spec?.progressDeadlineSeconds)],
        ["Conditions", (deployment.status?.conditions ?? []).map((condition) => `${condition.type}: ${condition.status}${condition.message ? ` (${condition.message})` : ""}`)],
      ];
    }
    case "statefulset": {
      const statefulSet = object as V1StatefulSet;
      return [
        ["Update Strategy", text(statefulSet.spec?.updateStrategy?.type)],
        ["Pod Management Policy", text(statefulSet.spec?.podManagementPolicy)],
        ["Service Name", text(statefulSet.spec?.serviceName)],
        ["Selector", pairs(statefulSet.spec?.selector?.matchLabels)],
        ["Revision History Limit", text(statefulSet.spec?.revisionHistoryLimit)],
      ];
    }
    case "daemonset": {
      const daemonSet = object as V1DaemonSet;
      return [
        ["Update Strategy Type", text(daemonSet.spec?.updateStrategy?.type)],
        ["Min Ready Seconds", text(daemonSet.spec?.minReadySeconds)],
        ["Revision History Limit", text(daemonSet.spec?.revisionHistoryLimit)],
        ["Current Number Scheduled", text(daemonSet.status?.currentNumberScheduled)],
        ["Desired Number Scheduled", text(daemonSet.status?.desiredNumberScheduled)],
        ["Number Available", text(daemonSet.status?.numberAvailable)],
        ["Number Misscheduled", text(daemonSet.status?.numberMisscheduled)],
        ["Number Ready", text(daemonSet.status?.numberReady)],
      ];
    }
    case "job": {
      const job = object as V1Job;
      return [
        ["Parallelism", text(job.spec?.parallelism)],
        ["Completions", text(job.spec?.completions)],
        ["Backoff Limit", text(job.spec?.backoffLimit)],
        ["Start Time", time(job.status?.startTime, now)],
        ["Completion Time", time(job.status?.completionTime, now)],
        ["Succeeded", text(job.status?.succeeded)],
        ["Active", text(job.status?.active)],
        ["Failed", text(job.status?.failed)],
      ];
    }
    case "cronjob": {
      const cronJob = object as V1CronJob;
      return [
        ["Schedule", text(cronJob.spec?.schedule)],
        ["Starting Deadline Seconds", text(cronJob.spec?.startingDeadlineSeconds)],
        ["Concurrency Policy", text(cronJob.spec?.concurrencyPolicy)],
        ["Last Schedule Time", time(cronJob.status?.lastScheduleTime, now)],
        ["Suspend", text(cronJob.spec?.suspend ?? false)],
      ];
    }
    case "service": {
      const service = object as V1Service;
      return [
        ["Type", text(service.spec?.type ?? "ClusterIP")],
        ["Cluster IP", text(service.spec?.clusterIP)],
        ["External Name", text(service.spec?.externalName)],
        [
          "Ports",
          (service.spec?.ports ?? []).map((port) => `${port.name ? `${port.name}: ` : ""}${port.port}${port.targetPort !== undefined ? ` → ${port.targetPort}` : ""}/${port.protocol ?? "TCP"}`),
        ],
        ["Load Balancer Ingress", (service.status?.loadBalancer?.ingress ?? []).map((ingress) => ingress.hostname ?? ingress.ip ?? "").filter(Boolean)],
      ];
    }
    case "ingress": {
      const ingress = object as V1Ingress;
      return [
        ["Ingress Class", text(ingress.spec?.ingressClassName)],
        [
          "Rules",
          (ingress.spec?.rules ?? []).flatMap((rule) =>
            (rule.http?.paths ?? []).map((path) => `${rule.host ?? "*"}${path.path ?? "/"} → ${path.backend.service?.name ?? path.backend.resource?.name ?? ""}`),
          ),
        ],
        ["TLS Hosts", (ingress.spec?.tls ?? []).flatMap((tls) => tls.hosts ?? [])],
      ];
    }
    case "horizontalpodautoscaler": {
      const hpa = object as V2HorizontalPodAutoscaler;
      return [
        ["Scale Target", text(hpa.spec?.scaleTargetRef ? `${hpa.spec.scaleTargetRef.kind}/${hpa.spec.scaleTargetRef.name}` : undefined)],
        ["Min Replicas", text(hpa.spec?.minReplicas)],
        ["Max Replicas", text(hpa.spec?.maxReplicas)],
        ["Current Replicas", text(hpa.status?.currentReplicas)],
        ["Desired Replicas", text(hpa.status?.desiredReplicas)],
        ["Last Scale Time", time(hpa.status?.lastScaleTime, now)],
      ];
    }
    default:
      return [];
  }
}

/** The metadata table of an object of this kind (lower case, as in the `drawer` parameter). */
export function metadataRows(kind: string, object: KubernetesObject, now: Date): MetadataRow[] {
  return rows([
    ["Namespace", text(object.metadata?.namespace)],
    ["Created", time(object.metadata?.creationTimestamp, now)],
    ["Labels", pairs(object.metadata?.labels)],
    ["Annotations", pairs(object.metadata?.annotations)],
    ...kindRows(kind, object, now),
  ]);
}
