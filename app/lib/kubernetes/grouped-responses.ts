import type {
  V1ConfigMap,
  V1CronJob,
  V1DaemonSet,
  V1Deployment,
  V1Ingress,
  V1Job,
  V1LimitRange,
  V1Pod,
  V1ReplicaSet,
  V1ResourceQuota,
  V1Service,
  V1StatefulSet,
  V2HorizontalPodAutoscaler,
} from "@kubernetes/client-node";
import type { FetchResponse, KubernetesObject } from "./types";

/** One cluster's objects by kind, as Backstage's `groupResponses` (kubernetes-common `util/response.ts`) gathers them. */
export type GroupedResponses = {
  pods: V1Pod[];
  replicaSets: V1ReplicaSet[];
  deployments: V1Deployment[];
  services: V1Service[];
  configMaps: V1ConfigMap[];
  limitRanges: V1LimitRange[];
  resourceQuotas: V1ResourceQuota[];
  horizontalPodAutoscalers: V2HorizontalPodAutoscaler[];
  ingresses: V1Ingress[];
  jobs: V1Job[];
  cronJobs: V1CronJob[];
  customResources: KubernetesObject[];
  statefulSets: V1StatefulSet[];
  daemonSets: V1DaemonSet[];
};

export function groupResponses(responses: FetchResponse[]): GroupedResponses {
  const grouped: GroupedResponses = {
    pods: [],
    replicaSets: [],
    deployments: [],
    services: [],
    configMaps: [],
    limitRanges: [],
    resourceQuotas: [],
    horizontalPodAutoscalers: [],
    ingresses: [],
    jobs: [],
    cronJobs: [],
    customResources: [],
    statefulSets: [],
    daemonSets: [],
  };
  for (const response of responses) {
    switch (response.type) {
      case "pods":
        grouped.pods.push(...response.resources);
        break;
      case "replicasets":
        grouped.replicaSets.push(...response.resources);
        break;
      case "deployments":
        grouped.deployments.push(...response.resources);
        break;
      case "services":
        grouped.services.push(...response.resources);
        break;
      case "configmaps":
        grouped.configMaps.push(...response.resources);
        break;
      case "limitranges":
        grouped.limitRanges.push(...response.resources);
        break;
      case "resourcequotas":
        grouped.resourceQuotas.push(...response.resources);
        break;
      case "horizontalpodautoscalers":
        grouped.horizontalPodAutoscalers.push(...response.resources);
        break;
      case "ingresses":
        grouped.ingresses.push(...response.resources);
        break;
      case "jobs":
        grouped.jobs.push(...response.resources);
        break;
      case "cronjobs":
        grouped.cronJobs.push(...response.resources);
        break;
      case "customresources":
        grouped.customResources.push(...response.resources);
        break;
      case "statefulsets":
        grouped.statefulSets.push(...response.resources);
        break;
      case "daemonsets":
        grouped.daemonSets.push(...response.resources);
        break;
      // Pod metrics travel beside the resources (`podMetrics`), not among them.
      case "podstatus":
        break;
    }
  }
  return grouped;
}
