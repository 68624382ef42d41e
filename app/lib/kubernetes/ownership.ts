import type { V1HorizontalPodAutoscaler, V1Job, V1Pod, V1ReplicaSet, V2HorizontalPodAutoscaler } from "@kubernetes/client-node";

// Who owns what, by owner-reference uid, as Backstage's kubernetes-react
// (`utils/owner.ts`) ties a cluster card together: deployment (or rollout)
// → replica sets → pods; stateful set, daemon set and job → pods; cron job →
// jobs. Names are not enough: a recreated deployment keeps its name and
// gets a new uid, and its old replica sets must not count.

type Owned = { metadata?: { uid?: string; ownerReferences?: Array<{ uid: string }> } };
type Owner = { metadata?: { uid?: string } };

/** The objects whose owner references name the owner's uid. An owner without a uid owns nothing. */
export function ownedBy<T extends Owned>(owner: Owner, candidates: T[]): T[] {
  const uid = owner.metadata?.uid;
  if (!uid) return [];
  return candidates.filter((candidate) => candidate.metadata?.ownerReferences?.some((reference) => reference.uid === uid) ?? false);
}

/**
 * A deployment's (or rollout's) pods: those of its replica sets that still
 * run replicas. Scaled-down replica sets of old revisions are skipped, as in
 * Backstage, so their leftover pods in termination do not count.
 */
export function podsOwnedThroughReplicaSets(owner: Owner, replicaSets: V1ReplicaSet[], pods: V1Pod[]): V1Pod[] {
  const live = replicaSets.filter((replicaSet) => (replicaSet.status?.replicas ?? 0) > 0);
  return ownedBy(owner, live).flatMap((replicaSet) => ownedBy(replicaSet, pods));
}

function creationTime(job: V1Job): number {
  const created = job.metadata?.creationTimestamp;
  if (created === undefined) return Number.NEGATIVE_INFINITY;
  const time = new Date(created).getTime();
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * A cron job's jobs, newest first. Backstage reverses the API server's order
 * (oldest first by name, since cron job names end in the scheduled minute);
 * ordering by creation time says what is meant, and keeps the API's order
 * reversed for jobs created in the same second.
 */
export function jobsOwnedByCronJob(cronJob: Owner, jobs: V1Job[]): V1Job[] {
  return ownedBy(cronJob, jobs)
    .map((job, index) => ({ job, index }))
    .sort((a, b) => creationTime(b.job) - creationTime(a.job) || b.index - a.index)
    .map(({ job }) => job);
}

type AnyHorizontalPodAutoscaler = V1HorizontalPodAutoscaler | V2HorizontalPodAutoscaler;

export type ScaleTarget = { kind: string; namespace?: string; name?: string };

/**
 * The autoscaler whose scale target is this object: same kind (any case),
 * same namespace, same name. Backstage compares an absent namespace or name
 * with placeholders so that it never matches.
 */
export function matchingAutoscaler<T extends AnyHorizontalPodAutoscaler>(target: ScaleTarget, autoscalers: T[]): T | undefined {
  if (!target.namespace || !target.name) return undefined;
  const kind = target.kind.toLocaleLowerCase("en-US");
  return autoscalers.find(
    (hpa) =>
      (hpa.spec?.scaleTargetRef?.kind ?? "").toLocaleLowerCase("en-US") === kind && (hpa.metadata?.namespace ?? "") === target.namespace && (hpa.spec?.scaleTargetRef?.name ?? "") === target.name,
  );
}

export type AutoscalerSummary = { minReplicas?: number; maxReplicas?: number; currentCpuUtilization?: number; targetCpuUtilization?: number };

function isV2(hpa: AnyHorizontalPodAutoscaler): hpa is V2HorizontalPodAutoscaler {
  return "metrics" in (hpa.spec ?? {}) || "currentMetrics" in (hpa.status ?? {});
}

/**
 * What a workload row shows of its autoscaler ("min replicas 2 / max replicas
 * 10", "current CPU usage: 40%", "target CPU usage: 80%"): the CPU resource
 * metric's average utilisation in autoscaling/v2, the CPU percentage fields
 * in autoscaling/v1.
 */
export function summarizeAutoscaler(hpa: AnyHorizontalPodAutoscaler): AutoscalerSummary {
  const summary: AutoscalerSummary = { minReplicas: hpa.spec?.minReplicas, maxReplicas: hpa.spec?.maxReplicas };
  if (isV2(hpa)) {
    const isCpu = (metric: { type: string; resource?: { name: string } }) => metric.type === "Resource" && metric.resource?.name === "cpu";
    summary.targetCpuUtilization = hpa.spec?.metrics?.find(isCpu)?.resource?.target.averageUtilization;
    summary.currentCpuUtilization = hpa.status?.currentMetrics?.find(isCpu)?.resource?.current.averageUtilization;
  } else {
    summary.targetCpuUtilization = hpa.spec?.targetCPUUtilizationPercentage;
    summary.currentCpuUtilization = hpa.status?.currentCPUUtilizationPercentage;
  }
  return summary;
}

/** The autoscaler's three lines on a workload row, '?' for what it does not say. */
export function autoscalerSummaryLines(summary: AutoscalerSummary): [string, string, string] {
  return [
    `min replicas ${summary.minReplicas ?? "?"} / max replicas ${summary.maxReplicas ?? "?"}`,
    `current CPU usage: ${summary.currentCpuUtilization ?? "?"}%`,
    `target CPU usage: ${summary.targetCpuUtilization ?? "?"}%`,
  ];
}

/** 'No pods with errors', '1 pod with errors', '3 pods with errors', as a workload row says it. */
export function podsWithErrorsText(count: number): string {
  if (count <= 0) return "No pods with errors";
  return `${count} pod${count > 1 ? "s" : ""} with errors`;
}
