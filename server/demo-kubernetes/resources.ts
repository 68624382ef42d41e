import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";

// The resource types the fake serves: the built-in ones Backstage's
// KubernetesFetcher lists (its DEFAULT_OBJECTS in
// plugins/kubernetes-backend/src/service/KubernetesFanOutHandler.ts, plus
// stateful and daemon sets, events and namespaces), and every custom resource
// kind found among the objects, served at `/apis/{group}/{version}/{plural}`
// as an installed CustomResourceDefinition would be.

export type ResourceType = {
  group: string;
  versions: string[];
  plural: string;
  kind: string;
  namespaced: boolean;
  /** Field selector labels besides metadata.name and metadata.namespace (pkg/registry/.../strategy.go of each type). */
  fieldLabels: readonly string[];
  custom?: boolean;
};

const POD_FIELDS = ["spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork", "status.phase", "status.podIP", "status.nominatedNodeName"];
const EVENT_FIELDS = [
  "involvedObject.kind",
  "involvedObject.namespace",
  "involvedObject.name",
  "involvedObject.uid",
  "involvedObject.apiVersion",
  "involvedObject.resourceVersion",
  "involvedObject.fieldPath",
  "reason",
  "reportingComponent",
  "source",
  "type",
];

export const BUILT_IN_TYPES: readonly ResourceType[] = [
  { group: "", versions: ["v1"], plural: "pods", kind: "Pod", namespaced: true, fieldLabels: POD_FIELDS },
  { group: "", versions: ["v1"], plural: "services", kind: "Service", namespaced: true, fieldLabels: [] },
  { group: "", versions: ["v1"], plural: "configmaps", kind: "ConfigMap", namespaced: true, fieldLabels: [] },
  { group: "", versions: ["v1"], plural: "limitranges", kind: "LimitRange", namespaced: true, fieldLabels: [] },
  { group: "", versions: ["v1"], plural: "resourcequotas", kind: "ResourceQuota", namespaced: true, fieldLabels: [] },
  { group: "", versions: ["v1"], plural: "events", kind: "Event", namespaced: true, fieldLabels: EVENT_FIELDS },
  { group: "", versions: ["v1"], plural: "namespaces", kind: "Namespace", namespaced: false, fieldLabels: ["status.phase"] },
  { group: "apps", versions: ["v1"], plural: "deployments", kind: "Deployment", namespaced: true, fieldLabels: [] },
  { group: "apps", versions: ["v1"], plural: "replicasets", kind: "ReplicaSet", namespaced: true, fieldLabels: ["status.replicas"] },
  { group: "apps", versions: ["v1"], plural: "statefulsets", kind: "StatefulSet", namespaced: true, fieldLabels: ["status.successful"] },
  { group: "apps", versions: ["v1"], plural: "daemonsets", kind: "DaemonSet", namespaced: true, fieldLabels: [] },
  { group: "autoscaling", versions: ["v2", "v1"], plural: "horizontalpodautoscalers", kind: "HorizontalPodAutoscaler", namespaced: true, fieldLabels: [] },
  { group: "batch", versions: ["v1"], plural: "jobs", kind: "Job", namespaced: true, fieldLabels: ["status.successful"] },
  { group: "batch", versions: ["v1"], plural: "cronjobs", kind: "CronJob", namespaced: true, fieldLabels: [] },
  { group: "networking.k8s.io", versions: ["v1"], plural: "ingresses", kind: "Ingress", namespaced: true, fieldLabels: [] },
];

export function groupOf(apiVersion: string | undefined): string {
  const slash = (apiVersion ?? "v1").indexOf("/");
  return slash < 0 ? "" : (apiVersion ?? "").slice(0, slash);
}

export function versionOf(apiVersion: string | undefined): string {
  const value = apiVersion ?? "v1";
  return value.slice(value.indexOf("/") + 1);
}

/** The lower-case plural a CRD would declare for a kind (Rollout → rollouts, Policy → policies). */
export function pluralOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

/** The built-in types and one custom type per (group, kind) of objects outside the built-in groups. */
export function resourceTypesOf(objects: Iterable<KubernetesObject>): ResourceType[] {
  const types = [...BUILT_IN_TYPES];
  for (const object of objects) {
    const group = groupOf(object.apiVersion);
    const version = versionOf(object.apiVersion);
    if (!object.kind) continue;
    const existing = types.find((type) => type.group === group && type.kind === object.kind);
    if (existing) {
      if (existing.custom && !existing.versions.includes(version)) existing.versions.push(version);
      continue;
    }
    types.push({ group, versions: [version], plural: pluralOf(object.kind), kind: object.kind, namespaced: object.metadata?.namespace !== undefined, fieldLabels: [], custom: true });
  }
  return types;
}

/** `/api/v1` or `/apis/{group}/{version}`'s APIResourceList. */
export function apiResourceList(types: readonly ResourceType[], group: string, version: string) {
  const resources = types
    .filter((type) => type.group === group && type.versions.includes(version))
    .map((type) => ({
      name: type.plural,
      singularName: type.kind.toLowerCase(),
      namespaced: type.namespaced,
      kind: type.kind,
      verbs: type.plural === "pods" ? ["delete", "get", "list"] : ["get", "list"],
    }));
  return { kind: "APIResourceList", apiVersion: "v1", groupVersion: group ? `${group}/${version}` : version, resources };
}

/** `/apis`'s APIGroupList, each group with its versions, the first preferred. */
export function apiGroupList(types: readonly ResourceType[], withMetrics: boolean) {
  const versionsByGroup = new Map<string, string[]>();
  for (const type of types) {
    if (type.group === "") continue;
    const versions = versionsByGroup.get(type.group) ?? [];
    for (const version of type.versions) if (!versions.includes(version)) versions.push(version);
    versionsByGroup.set(type.group, versions);
  }
  if (withMetrics) versionsByGroup.set("metrics.k8s.io", ["v1beta1"]);
  const groups = [...versionsByGroup].map(([name, versions]) => ({
    name,
    versions: versions.map((version) => ({ groupVersion: `${name}/${version}`, version })),
    preferredVersion: { groupVersion: `${name}/${versions[0]}`, version: versions[0] },
  }));
  return { kind: "APIGroupList", apiVersion: "v1", groups };
}
