import type { V1Pod } from "@kubernetes/client-node";
import { stringify } from "yaml";
import {
  containerHealthChecks,
  containerSpecFor,
  containerStatusText,
  containerTimes,
  MISSING_CONTAINER_SPEC_MESSAGE,
  PENDING_POD_HEADING,
  pendingPodConditions,
  type HealthCheck,
  type PendingPodCondition,
} from "./container-status";
import { clusterLinkFor, type ClusterLinkResult } from "./dashboard-links";
import { detectErrors } from "./error-detection";
import { groupResponses, type GroupedResponses } from "./grouped-responses";
import { metadataRows, type MetadataRow } from "./metadata-rows";
import { parseDrawerKey, TAB_PARAMS, flagOn, drawerKey, type DrawerTarget } from "./tab-urls";
import { terminalAvailable, type KubernetesTabInput } from "./tab-view";
import type { ClusterObjects, DetectedError, KubernetesObject } from "./types";
import { findPodMetrics, utilizationBars, type UtilizationBars } from "./utilization";

// The drawer of one object of the Kubernetes tab, opened by the URL's
// `drawer=<kind>:<cluster>/<namespace>/<name>` (Backstage's kubernetes-react
// `KubernetesDrawer` and, for pods, `Pods/PodDrawer`). It is computed from
// the same input as the tab, on the server, so the tab's view carries no
// raw objects to the browser. An unknown or malformed parameter is no
// drawer: never an error page.

export type HelpFix = { type: "docs"; docsLink: string } | { type: "logs"; container: string } | { type: "events"; podName: string };

export type DrawerError = {
  type: string;
  message: string;
  severity: number;
  occurrenceCount: number;
  /** The Help content: the detected error, its cause and the fix's actions, with crash logs, events or a docs link. */
  help?: { errorType: string; cause: string; actions: string[]; fix: HelpFix };
};

export type ContainerCard = {
  name: string;
  /** 'error reading pod from cluster' when the pod's spec lacks the container; nothing else is shown then. */
  error?: string;
  image?: string;
  started?: string;
  completed?: string;
  executionTime?: string;
  status?: string;
  restarts?: number;
  health: HealthCheck[];
  utilization?: UtilizationBars;
};

export type PodDrawerView = {
  podIP?: string;
  phase?: string;
  pending?: { heading: string; conditions: PendingPodCondition[] };
  utilization?: UtilizationBars;
  containers: ContainerCard[];
  deleteEnabled: boolean;
  terminalAvailable: boolean;
};

export type KubernetesDrawerView = {
  /** The `drawer` parameter this drawer answers. */
  key: string;
  name: string;
  kind: string;
  cluster: string;
  clusterTitle: string;
  namespace: string;
  showYaml: boolean;
  showManagedFields: boolean;
  /** The object as YAML, only when `showYaml`; managed fields left out unless `showManagedFields`. */
  yaml?: string;
  metadata: MetadataRow[];
  dashboard: ClusterLinkResult;
  errors: DrawerError[];
  pod?: PodDrawerView;
};

/** How the drawer names kinds that the URL carries in lower case. */
const KIND_NAMES: Record<string, string> = {
  pod: "Pod",
  deployment: "Deployment",
  statefulset: "StatefulSet",
  daemonset: "DaemonSet",
  service: "Service",
  ingress: "Ingress",
  job: "Job",
  cronjob: "CronJob",
  replicaset: "ReplicaSet",
  horizontalpodautoscaler: "HorizontalPodAutoscaler",
  configmap: "ConfigMap",
};

function listOfKind(grouped: GroupedResponses, kind: string): KubernetesObject[] {
  const lists: Record<string, unknown[]> = {
    pod: grouped.pods,
    deployment: grouped.deployments,
    statefulset: grouped.statefulSets,
    daemonset: grouped.daemonSets,
    service: grouped.services,
    ingress: grouped.ingresses,
    job: grouped.jobs,
    cronjob: grouped.cronJobs,
    replicaset: grouped.replicaSets,
    horizontalpodautoscaler: grouped.horizontalPodAutoscalers,
    configmap: grouped.configMaps,
  };
  const list = Object.hasOwn(lists, kind) ? lists[kind] : grouped.customResources.filter((resource) => (resource.kind ?? "").toLocaleLowerCase("en-US") === kind);
  return list as KubernetesObject[];
}

function findObject(item: ClusterObjects, target: DrawerTarget): { object: KubernetesObject; grouped: GroupedResponses } | undefined {
  const grouped = groupResponses(item.resources);
  const object = listOfKind(grouped, target.kind).find((candidate) => candidate.metadata?.name === target.name && (candidate.metadata?.namespace ?? "") === target.namespace);
  return object ? { object, grouped } : undefined;
}

function withoutManagedFields(object: KubernetesObject): KubernetesObject {
  if (!object.metadata || !("managedFields" in object.metadata)) return object;
  const { managedFields: _managedFields, ...metadata } = object.metadata;
  return { ...object, metadata };
}

function drawerError(error: DetectedError): DrawerError {
  const fix = error.proposedFix;
  let help: DrawerError["help"];
  if (fix) {
    const target: HelpFix =
      fix.type === "docs" ? { type: "docs", docsLink: fix.docsLink } : fix.type === "logs" ? { type: "logs", container: fix.container } : { type: "events", podName: fix.podName };
    help = { errorType: fix.errorType, cause: fix.rootCauseExplanation, actions: fix.actions, fix: target };
  }
  return { type: error.type, message: error.message, severity: error.severity, occurrenceCount: error.occurrenceCount, help };
}

function podDrawer(pod: V1Pod, item: ClusterObjects, input: KubernetesTabInput): PodDrawerView {
  const metrics = findPodMetrics(item.podMetrics, pod);
  const containers = (pod.status?.containerStatuses ?? []).map((status): ContainerCard => {
    const spec = containerSpecFor(pod, status.name);
    if (!spec) return { name: status.name, error: MISSING_CONTAINER_SPEC_MESSAGE, health: [] };
    const times = containerTimes(status, input.now);
    const containerMetrics = metrics?.containers.find((entry) => entry.container === status.name);
    return {
      name: status.name,
      image: status.image,
      started: times.started,
      completed: times.completed,
      executionTime: times.executionTime,
      status: containerStatusText(status),
      restarts: status.restartCount,
      health: containerHealthChecks(spec, status),
      utilization: containerMetrics ? utilizationBars(containerMetrics.cpuUsage, containerMetrics.memoryUsage) : undefined,
    };
  });
  const pending = pod.status?.phase === "Pending" ? { heading: PENDING_POD_HEADING, conditions: pendingPodConditions(pod, input.now) } : undefined;
  return {
    podIP: pod.status?.podIP,
    phase: pod.status?.phase,
    pending,
    utilization: metrics ? utilizationBars(metrics.cpu, metrics.memory) : undefined,
    containers,
    deleteEnabled: input.options.podDeleteEnabled,
    terminalAvailable: terminalAvailable(input.options),
  };
}

/** The drawer the URL asks for, or undefined when `drawer` is absent, malformed or names no object of the response. */
export function kubernetesDrawerView(input: KubernetesTabInput, params: URLSearchParams): KubernetesDrawerView | undefined {
  const target = parseDrawerKey(params.get(TAB_PARAMS.drawer));
  if (!target) return undefined;
  const item = input.response.items.find((candidate) => candidate.cluster.name === target.cluster);
  if (!item) return undefined;
  try {
    const found = findObject(item, target);
    if (!found) return undefined;
    const { object } = found;
    const kind = object.kind || KIND_NAMES[target.kind] || target.kind;
    const showYaml = flagOn(params, TAB_PARAMS.yaml);
    const showManagedFields = flagOn(params, TAB_PARAMS.managedFields);
    const errors = (detectErrors({ items: [item] }, input.now).get(item.cluster.name) ?? [])
      .filter((error) => error.sourceRef.kind.toLocaleLowerCase("en-US") === target.kind && error.sourceRef.name === target.name && error.sourceRef.namespace === target.namespace)
      .map(drawerError);
    return {
      key: drawerKey(target),
      name: target.name,
      kind,
      cluster: item.cluster.name,
      clusterTitle: item.cluster.title || item.cluster.name,
      namespace: target.namespace,
      showYaml,
      showManagedFields,
      yaml: showYaml ? stringify(showManagedFields ? object : withoutManagedFields(object)) : undefined,
      metadata: metadataRows(target.kind, object, input.now),
      dashboard: clusterLinkFor(item.cluster, object, kind, input.options.appOrigin),
      errors,
      pod: target.kind === "pod" ? podDrawer(object as V1Pod, item, input) : undefined,
    };
  } catch {
    // A custom resource can hold anything; an object the drawer cannot read is no drawer rather than a broken tab.
    return undefined;
  }
}
