import type { V1Container, V1ContainerStatus, V1Pod, V1PodCondition } from "@kubernetes/client-node";
import { formatDuration, formatRelativeTime, parseKubernetesTime } from "./relative-time";

// What the pod table, the pod drawer and the container cards say of a pod and
// its containers, as Backstage's kubernetes-react decides it (`utils/pod.tsx`,
// `Pods/PodDrawer/ContainerCard.tsx`, `Pods/PodDrawer/PendingPodContent.tsx`).

/** The container's status line: waiting reason, else terminated reason, else 'Running', else 'Unknown'. */
export function containerStatusText(status: V1ContainerStatus): string {
  return status.state?.waiting?.reason || status.state?.terminated?.reason || (status.state?.running !== undefined ? "Running" : "Unknown");
}

/** When the container started: running since, or ran from. */
export function containerStartedAt(status: V1ContainerStatus): Date | undefined {
  return parseKubernetesTime(status.state?.running?.startedAt) ?? parseKubernetesTime(status.state?.terminated?.startedAt);
}

export type ContainerTimes = { started?: string; completed?: string; executionTime?: string };

/** "Started: 5 minutes ago", "Completed: 1 minute ago", "Execution time: 0 hours, 4 minutes, 0 seconds" (the values only). */
export function containerTimes(status: V1ContainerStatus, now: Date = new Date()): ContainerTimes {
  const started = containerStartedAt(status);
  const finished = parseKubernetesTime(status.state?.terminated?.finishedAt);
  return {
    started: started ? formatRelativeTime(started, now) : undefined,
    completed: finished ? formatRelativeTime(finished, now) : undefined,
    executionTime: started && finished ? formatDuration(started, finished) : undefined,
  };
}

export type HealthCheck = { label: string; ok: boolean };

/**
 * The card's "Container health" list. A container that terminated with
 * reason Completed is done, so only whether it waited and restarted matter.
 * Backstage lists the checks in this order.
 */
export function containerHealthChecks(spec: V1Container, status: V1ContainerStatus): HealthCheck[] {
  const notWaiting: HealthCheck = { label: "not waiting to start", ok: status.state?.waiting === undefined };
  const noRestarts: HealthCheck = { label: "no restarts", ok: status.restartCount === 0 };
  if (status.state?.terminated?.reason === "Completed") return [notWaiting, noRestarts];
  return [
    notWaiting,
    { label: "started", ok: !!status.started },
    { label: "ready", ok: status.ready },
    noRestarts,
    { label: "readiness probe set", ok: spec.readinessProbe !== undefined },
    { label: "liveness probe set", ok: spec.livenessProbe !== undefined },
  ];
}

/** The spec of a container status's container; missing means the card reads 'error reading pod from cluster'. */
export function containerSpecFor(pod: V1Pod, containerName: string): V1Container | undefined {
  return pod.spec?.containers.find((container) => container.name === containerName);
}

export const MISSING_CONTAINER_SPEC_MESSAGE = "error reading pod from cluster";

export type BadgeLevel = "ok" | "warning" | "error";

export type PendingPodCondition = {
  type: string;
  level: BadgeLevel;
  /** "PodScheduled - (Unschedulable 2 minutes ago) - 0/3 nodes are available..." as the badge reads. */
  text: string;
};

const STARTUP_CONDITIONS = ["PodScheduled", "Initialized", "ContainersReady", "Ready"] as const;

function conditionText(condition: V1PodCondition, now: Date): string {
  const when = formatRelativeTime(condition.lastTransitionTime, now) ?? "";
  if (condition.status === "False") return `${condition.type} - (${[condition.reason, when].filter(Boolean).join(" ")}) - ${condition.message ?? ""}`.trimEnd();
  if (condition.status === "True") return `${condition.type} - (${when})`;
  return `${condition.type} - (${when}) ${condition.message ?? ""}`.trimEnd();
}

/**
 * Under 'Pod is Pending. Conditions:', the start-up conditions the pod has,
 * in start-up order: False is an error badge with reason, time and message,
 * True is ok, Unknown a warning.
 */
export function pendingPodConditions(pod: V1Pod, now: Date = new Date()): PendingPodCondition[] {
  const conditions = pod.status?.conditions ?? [];
  return STARTUP_CONDITIONS.flatMap((type) => {
    const condition = conditions.find((candidate) => candidate.type === type);
    if (!condition) return [];
    const level: BadgeLevel | undefined = condition.status === "False" ? "error" : condition.status === "True" ? "ok" : condition.status === "Unknown" ? "warning" : undefined;
    return level ? [{ type, level, text: conditionText(condition, now) }] : [];
  });
}

export const PENDING_POD_HEADING = "Pod is Pending. Conditions:";

/** The table's phase column. */
export function podPhase(pod: V1Pod): string {
  return pod.status?.phase ?? "unknown";
}

/** The table's "containers ready" column: "1/2". */
export function containersReady(pod: V1Pod): string {
  const statuses = pod.status?.containerStatuses ?? [];
  return `${statuses.filter((status) => status.ready).length}/${statuses.length}`;
}

/** The table's "total restarts" column. */
export function totalRestarts(pod: V1Pod): number {
  return (pod.status?.containerStatuses ?? []).reduce((sum, status) => sum + status.restartCount, 0);
}

export type ContainerStatusCell = { container: string; reason?: string; level: BadgeLevel };

/**
 * The table's status column: one entry per waiting or terminated container
 * (ok when it Completed, an error otherwise); empty means the pod shows 'OK'.
 */
export function podStatusCells(pod: V1Pod): ContainerStatusCell[] {
  return (pod.status?.containerStatuses ?? []).flatMap((status) =>
    [status.state?.waiting, status.state?.terminated].flatMap((state): ContainerStatusCell[] =>
      state ? [{ container: status.name, reason: state.reason, level: state.reason === "Completed" ? "ok" : "error" }] : [],
    ),
  );
}
