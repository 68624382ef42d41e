import type { V1CronJob, V1Ingress, V1Job, V1Pod, V1Service } from "@kubernetes/client-node";
import { cronJobScheduleText, cronJobState, jobStatusBadges, type CronJobState, type JobStatusBadge } from "./cron";
import { detectErrors, errorReportRows, podNamesWithErrors } from "./error-detection";
import { groupResponses, type GroupedResponses } from "./grouped-responses";
import { autoscalerSummaryLines, jobsOwnedByCronJob, matchingAutoscaler, ownedBy, podsOwnedThroughReplicaSets, summarizeAutoscaler, type AutoscalerSummary } from "./ownership";
import { podSummary, type PodSummary } from "./pod-rows";
import { formatRelativeTime, parseKubernetesTime, type KubernetesTime } from "./relative-time";
import { clustersWithErrors, retrievalWarningMessage, RETRIEVAL_WARNING_TITLE, type ClusterErrorLines } from "./retrieval-errors";
import { rolloutAbortedMessage, rolloutPausedText, rolloutStepper, type RolloutStepper } from "./rollout";
import { drawerKey } from "./tab-urls";
import type { ClusterObjects, KubernetesObject, ObjectsByEntityResponse, PodStatus } from "./types";

// Everything the Kubernetes tab of an entity page shows, computed from the
// backend's answer (`ObjectsByEntityResponse`) in one pure function, so the
// server renders it, the browser hydrates the same thing, and tests read it
// without a page. The layout follows Backstage's kubernetes-react
// (`KubernetesContent`, `Cluster`, the `*Accordions` components); the words
// come from the area's modules in this folder. Components in
// app/components/kubernetes/ only lay this out.

export const KUBERNETES_ID_ANNOTATION = "backstage.io/kubernetes-id";
export const KUBERNETES_LABEL_SELECTOR_ANNOTATION = "backstage.io/kubernetes-label-selector";

export type KubernetesEntity = { metadata: { name: string; annotations?: Record<string, string> } };

/** The tab shows its content only for an entity with one of the two annotations; otherwise the missing-annotation notice. */
export function hasKubernetesAnnotation(entity: KubernetesEntity): boolean {
  const annotations = entity.metadata.annotations ?? {};
  return Boolean(annotations[KUBERNETES_ID_ANNOTATION] || annotations[KUBERNETES_LABEL_SELECTOR_ANNOTATION]);
}

/** A cluster of the portal's configuration, as far as the terminal rule needs it. */
export type ConfiguredCluster = { name: string; authProvider: string };

export type KubernetesTabOptions = {
  /** The frontend's pod-delete flag (`kubernetes.frontend.podDelete.enabled`). */
  podDeleteEnabled: boolean;
  /** The pod-exec-terminal flag (`kubernetes.podExecTerminal.enabled`). */
  terminalEnabled: boolean;
  /** Every configured cluster: the terminal needs exactly one. */
  clusters: ConfiguredCluster[];
  /** The portal's origin, for a Headlamp served inside it (dashboard-links.ts). */
  appOrigin?: string;
};

/** Auth providers whose tokens the browser holds and cannot hand to a terminal's socket, as Backstage's `PodExecTerminal` decides. */
const TERMINAL_UNSUPPORTED_AUTH = new Set(["aks", "google", "oidc"]);

/** The Terminal button's rule: the flag on, and exactly one configured cluster, whose auth provider is not aks, google or oidc. */
export function terminalAvailable(options: Pick<KubernetesTabOptions, "terminalEnabled" | "clusters">): boolean {
  if (!options.terminalEnabled || options.clusters.length !== 1) return false;
  return !TERMINAL_UNSUPPORTED_AUTH.has(options.clusters[0].authProvider);
}

export type ObjectLink = { name: string; namespace: string; drawer: string };

export type TimeText = { iso: string; relative: string };

export type WorkloadRow = {
  link: ObjectLink;
  kind: "Deployment" | "StatefulSet" | "DaemonSet";
  pods: PodSummary;
  /** Only when an autoscaler targets the workload (never for daemon sets). */
  autoscaler?: AutoscalerSummary & { lines: [string, string, string] };
};

export type JobRow = { link: ObjectLink; badges: JobStatusBadge[]; startTime?: TimeText; completionTime?: TimeText; pods: PodSummary };

export type CronJobRow = { link: ObjectLink; state: CronJobState; schedule: string; jobs: JobRow[] };

export type ServiceRow = { link: ObjectLink; type: string; clusterIP?: string; externalName?: string; ports: string[]; loadBalancer: string[] };

export type IngressRow = { link: ObjectLink; rules: string[] };

export type RolloutRow = {
  link: ObjectLink;
  pods: PodSummary;
  autoscaler?: AutoscalerSummary & { lines: [string, string, string] };
  stepper: RolloutStepper;
  /** 'Paused (3 minutes ago)' while paused at a canary step. */
  paused?: string;
  /** Present when the rollout was aborted; the message may be empty. */
  aborted?: { message: string };
};

export type CustomResourceRow = { link: ObjectLink; kind: string; apiVersion: string };

export type ClusterSection =
  | { id: "customResources"; title: "Custom Resources"; rollouts: RolloutRow[]; others: CustomResourceRow[] }
  | { id: "deployments"; title: "Deployments"; rows: WorkloadRow[] }
  | { id: "daemonSets"; title: "Daemon Sets"; rows: WorkloadRow[] }
  | { id: "statefulSets"; title: "Stateful Sets"; rows: WorkloadRow[] }
  | { id: "ingresses"; title: "Ingresses"; rows: IngressRow[] }
  | { id: "services"; title: "Services"; rows: ServiceRow[] }
  | { id: "cronJobs"; title: "Cron Jobs"; rows: CronJobRow[] }
  | { id: "jobs"; title: "Jobs"; rows: JobRow[] };

export type ClusterView = {
  name: string;
  /** The cluster's title, else its name. */
  title: string;
  podCount: number;
  podsWithErrors: number;
  podsWithErrorsText: string;
  /** Only the non-empty sections, in Backstage's order. */
  sections: ClusterSection[];
};

export type ErrorReportRowView = { cluster: string; namespace: string; kind: string; name: string; message: string; severity: number; drawer: string };

export type KubernetesTabView = {
  entityName: string;
  /** Clusters that failed, or the request as a whole (`loadError`). */
  retrievalWarning?: { title: string; message: string; loadError?: string; clusters: ClusterErrorLines[] };
  /** The 'Error Reporting' table's rows, highest severity first; the table is left out when empty. */
  errorReport: ErrorReportRowView[];
  clusters: ClusterView[];
  /** With no clusters at all. */
  empty?: { title: string; description: string };
  podDeleteEnabled: boolean;
  terminalAvailable: boolean;
};

export type KubernetesTabInput = {
  entity: KubernetesEntity;
  response: ObjectsByEntityResponse;
  now: Date;
  options: KubernetesTabOptions;
  /** The backend could not be asked at all (Backstage's global error): the warning panel says why. */
  loadError?: string;
};

export const EMPTY_TITLE = "No Kubernetes resources";

function link(cluster: string, kind: string, object: { metadata?: { name?: string; namespace?: string } }): ObjectLink {
  const name = object.metadata?.name ?? "";
  const namespace = object.metadata?.namespace ?? "";
  return { name, namespace, drawer: drawerKey({ kind, cluster, namespace, name }) };
}

export function timeText(value: KubernetesTime, now: Date): TimeText | undefined {
  const date = parseKubernetesTime(value);
  if (!date) return undefined;
  return { iso: date.toISOString(), relative: formatRelativeTime(date, now) ?? "" };
}

type ClusterContext = { cluster: string; grouped: GroupedResponses; metrics: PodStatus[]; podsWithErrors: Set<string>; now: Date };

function pods(context: ClusterContext, list: V1Pod[]): PodSummary {
  return podSummary(context.cluster, list, context.metrics, context.podsWithErrors);
}

function autoscalerOf(context: ClusterContext, kind: string, object: { metadata?: { name?: string; namespace?: string } }): WorkloadRow["autoscaler"] {
  const hpa = matchingAutoscaler({ kind, name: object.metadata?.name, namespace: object.metadata?.namespace }, context.grouped.horizontalPodAutoscalers);
  if (!hpa) return undefined;
  const summary = summarizeAutoscaler(hpa);
  return { ...summary, lines: autoscalerSummaryLines(summary) };
}

function jobRow(context: ClusterContext, job: V1Job): JobRow {
  return {
    link: link(context.cluster, "Job", job),
    badges: jobStatusBadges(job),
    startTime: timeText(job.status?.startTime, context.now),
    completionTime: timeText(job.status?.completionTime, context.now),
    pods: pods(context, ownedBy(job, context.grouped.pods)),
  };
}

function cronJobRow(context: ClusterContext, cronJob: V1CronJob): CronJobRow {
  return {
    link: link(context.cluster, "CronJob", cronJob),
    state: cronJobState(cronJob),
    schedule: cronJobScheduleText(cronJob),
    jobs: jobsOwnedByCronJob(cronJob, context.grouped.jobs).map((job) => jobRow(context, job)),
  };
}

function serviceRow(cluster: string, service: V1Service): ServiceRow {
  return {
    link: link(cluster, "Service", service),
    type: service.spec?.type ?? "ClusterIP",
    clusterIP: service.spec?.clusterIP,
    externalName: service.spec?.externalName,
    ports: (service.spec?.ports ?? []).map((port) => `${port.name ? `${port.name}: ` : ""}${port.port}${port.targetPort !== undefined ? ` → ${port.targetPort}` : ""}/${port.protocol ?? "TCP"}`),
    loadBalancer: (service.status?.loadBalancer?.ingress ?? []).map((ingress) => ingress.hostname ?? ingress.ip ?? "").filter(Boolean),
  };
}

function ingressRow(cluster: string, ingress: V1Ingress): IngressRow {
  const rules = (ingress.spec?.rules ?? []).flatMap((rule) =>
    (rule.http?.paths ?? []).map((path) => {
      const backend = path.backend.service ? `${path.backend.service.name}:${path.backend.service.port?.number ?? path.backend.service.port?.name ?? ""}` : (path.backend.resource?.name ?? "");
      return `${rule.host ?? "*"}${path.path ?? "/"} → ${backend}`;
    }),
  );
  return { link: link(cluster, "Ingress", ingress), rules };
}

function isRollout(resource: KubernetesObject): boolean {
  return resource.kind === "Rollout" && (resource.apiVersion ?? "").startsWith("argoproj.io/");
}

function rolloutRow(context: ClusterContext, rollout: KubernetesObject): RolloutRow {
  const aborted = rolloutAbortedMessage(rollout);
  return {
    link: link(context.cluster, "Rollout", rollout),
    pods: pods(context, podsOwnedThroughReplicaSets(rollout, context.grouped.replicaSets, context.grouped.pods)),
    autoscaler: autoscalerOf(context, "Rollout", rollout),
    stepper: rolloutStepper(rollout),
    paused: rolloutPausedText(rollout, context.now),
    aborted: aborted !== undefined ? { message: aborted } : undefined,
  };
}

/** Jobs a cron job of this cluster owns are listed under it; the others stand alone. */
function standaloneJobs(grouped: GroupedResponses): V1Job[] {
  const owned = new Set(grouped.cronJobs.flatMap((cronJob) => ownedBy(cronJob, grouped.jobs)));
  return grouped.jobs.filter((job) => !owned.has(job));
}

function clusterSections(context: ClusterContext): ClusterSection[] {
  const { grouped, cluster } = context;
  const sections: ClusterSection[] = [];
  const rollouts = grouped.customResources.filter(isRollout);
  const others = grouped.customResources.filter((resource) => !isRollout(resource));
  if (grouped.customResources.length > 0) {
    sections.push({
      id: "customResources",
      title: "Custom Resources",
      rollouts: rollouts.map((rollout) => rolloutRow(context, rollout)),
      others: others.map((resource) => ({ link: link(cluster, resource.kind ?? "CustomResource", resource), kind: resource.kind ?? "", apiVersion: resource.apiVersion ?? "" })),
    });
  }
  if (grouped.deployments.length > 0) {
    const rows = grouped.deployments.map((deployment): WorkloadRow => ({
      link: link(cluster, "Deployment", deployment),
      kind: "Deployment",
      pods: pods(context, podsOwnedThroughReplicaSets(deployment, grouped.replicaSets, grouped.pods)),
      autoscaler: autoscalerOf(context, "Deployment", deployment),
    }));
    sections.push({ id: "deployments", title: "Deployments", rows });
  }
  if (grouped.daemonSets.length > 0) {
    const rows = grouped.daemonSets.map((daemonSet): WorkloadRow => ({ link: link(cluster, "DaemonSet", daemonSet), kind: "DaemonSet", pods: pods(context, ownedBy(daemonSet, grouped.pods)) }));
    sections.push({ id: "daemonSets", title: "Daemon Sets", rows });
  }
  if (grouped.statefulSets.length > 0) {
    const rows = grouped.statefulSets.map((statefulSet): WorkloadRow => ({
      link: link(cluster, "StatefulSet", statefulSet),
      kind: "StatefulSet",
      pods: pods(context, ownedBy(statefulSet, grouped.pods)),
      autoscaler: autoscalerOf(context, "StatefulSet", statefulSet),
    }));
    sections.push({ id: "statefulSets", title: "Stateful Sets", rows });
  }
  if (grouped.ingresses.length > 0) sections.push({ id: "ingresses", title: "Ingresses", rows: grouped.ingresses.map((ingress) => ingressRow(cluster, ingress)) });
  if (grouped.services.length > 0) sections.push({ id: "services", title: "Services", rows: grouped.services.map((service) => serviceRow(cluster, service)) });
  if (grouped.cronJobs.length > 0) sections.push({ id: "cronJobs", title: "Cron Jobs", rows: grouped.cronJobs.map((cronJob) => cronJobRow(context, cronJob)) });
  const jobs = standaloneJobs(grouped);
  if (jobs.length > 0) sections.push({ id: "jobs", title: "Jobs", rows: jobs.map((job) => jobRow(context, job)) });
  return sections;
}

/** The cluster card's words, which Backstage's `ClusterSummary` keeps plural ('1 pods with errors'), unlike a workload row's. */
export function clusterPodsWithErrorsText(count: number): string {
  return count > 0 ? `${count} pods with errors` : "No pods with errors";
}

function clusterView(item: ClusterObjects, clusterErrors: ReturnType<typeof detectErrors>, now: Date): ClusterView {
  const grouped = groupResponses(item.resources);
  const podsWithErrors = podNamesWithErrors(clusterErrors.get(item.cluster.name) ?? []);
  const context: ClusterContext = { cluster: item.cluster.name, grouped, metrics: item.podMetrics, podsWithErrors, now };
  return {
    name: item.cluster.name,
    title: item.cluster.title || item.cluster.name,
    podCount: grouped.pods.length,
    podsWithErrors: podsWithErrors.size,
    podsWithErrorsText: clusterPodsWithErrorsText(podsWithErrors.size),
    sections: clusterSections(context),
  };
}

export function kubernetesTabView({ entity, response, now, options, loadError }: KubernetesTabInput): KubernetesTabView {
  const entityName = entity.metadata.name;
  const failing = clustersWithErrors(response.items);
  const detected = detectErrors(response, now);
  const errorReport = errorReportRows(
    detected,
    response.items.map((item) => item.cluster),
  ).map(({ cluster, error }) => ({
    cluster: cluster.title || cluster.name,
    namespace: error.sourceRef.namespace,
    kind: error.sourceRef.kind,
    name: error.sourceRef.name,
    message: error.message,
    severity: error.severity,
    drawer: drawerKey({ kind: error.sourceRef.kind, cluster: cluster.name, namespace: error.sourceRef.namespace, name: error.sourceRef.name }),
  }));
  return {
    entityName,
    retrievalWarning: failing.length > 0 || loadError ? { title: RETRIEVAL_WARNING_TITLE, message: retrievalWarningMessage(entityName), loadError, clusters: failing } : undefined,
    errorReport,
    clusters: response.items.map((item) => clusterView(item, detected, now)),
    empty: response.items.length === 0 ? { title: EMPTY_TITLE, description: `No resources on any known clusters for ${entityName}` } : undefined,
    podDeleteEnabled: options.podDeleteEnabled,
    terminalAvailable: terminalAvailable(options),
  };
}
