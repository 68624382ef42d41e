import type { V1CronJob, V1Deployment, V1HorizontalPodAutoscaler, V1Job, V1Pod, V1ReplicaSet, V1StatefulSet, V2HorizontalPodAutoscaler } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { autoscalerSummaryLines, jobsOwnedByCronJob, matchingAutoscaler, ownedBy, podsOwnedThroughReplicaSets, podsWithErrorsText, summarizeAutoscaler } from "./ownership";

function ownerRef(kind: string, name: string, uid: string) {
  return { apiVersion: "apps/v1", kind, name, uid, controller: true };
}

const deployment: V1Deployment = { metadata: { name: "checkout", namespace: "shop", uid: "dep-1" }, spec: { selector: {}, template: {} } };

const currentReplicaSet: V1ReplicaSet = {
  metadata: { name: "checkout-7d64cd756c", namespace: "shop", uid: "rs-new", ownerReferences: [ownerRef("Deployment", "checkout", "dep-1")] },
  spec: { selector: {} },
  status: { replicas: 2 },
};

const oldReplicaSet: V1ReplicaSet = {
  metadata: { name: "checkout-5f8b9c4d7", namespace: "shop", uid: "rs-old", ownerReferences: [ownerRef("Deployment", "checkout", "dep-1")] },
  spec: { selector: {} },
  status: { replicas: 0 },
};

// The replica set of an earlier deployment of the same name, deleted and recreated.
const strangerReplicaSet: V1ReplicaSet = {
  metadata: { name: "checkout-66c9d8f6b", namespace: "shop", uid: "rs-stranger", ownerReferences: [ownerRef("Deployment", "checkout", "dep-0")] },
  spec: { selector: {} },
  status: { replicas: 1 },
};

function pod(name: string, ownerUid: string, ownerKind = "ReplicaSet"): V1Pod {
  return { metadata: { name, namespace: "shop", uid: `pod-${name}`, ownerReferences: [ownerRef(ownerKind, "owner", ownerUid)] } };
}

const pods = [pod("checkout-7d64cd756c-aaaaa", "rs-new"), pod("checkout-7d64cd756c-bbbbb", "rs-new"), pod("checkout-5f8b9c4d7-ccccc", "rs-old"), pod("checkout-66c9d8f6b-ddddd", "rs-stranger")];

describe("podsOwnedThroughReplicaSets", () => {
  it("finds a deployment's pods through its replica sets that still run replicas, by uid", () => {
    expect(podsOwnedThroughReplicaSets(deployment, [currentReplicaSet, oldReplicaSet, strangerReplicaSet], pods).map((p) => p.metadata?.name)).toEqual([
      "checkout-7d64cd756c-aaaaa",
      "checkout-7d64cd756c-bbbbb",
    ]);
  });
});

describe("ownedBy", () => {
  it("finds a stateful set's pods directly", () => {
    const statefulSet: V1StatefulSet = { metadata: { name: "ledger", namespace: "shop", uid: "sts-1" }, spec: { selector: {}, serviceName: "ledger", template: {} } };
    const ledgerPods = [pod("ledger-0", "sts-1", "StatefulSet"), pod("ledger-1", "sts-1", "StatefulSet")];
    expect(ownedBy(statefulSet, [...ledgerPods, ...pods])).toEqual(ledgerPods);
  });

  it("lets an object without a uid own nothing, even objects whose references lack one too", () => {
    expect(ownedBy({ metadata: {} }, [{ metadata: { name: "x", ownerReferences: [{ uid: "" }] } }])).toEqual([]);
  });
});

describe("jobsOwnedByCronJob", () => {
  const cronJob: V1CronJob = { metadata: { name: "nightly-report", namespace: "shop", uid: "cj-1" }, spec: { schedule: "0 2 * * *", jobTemplate: {} } };
  function job(name: string, created: string, ownerUid = "cj-1"): V1Job {
    return {
      metadata: {
        name,
        namespace: "shop",
        uid: `job-${name}`,
        creationTimestamp: new Date(created),
        ownerReferences: [{ apiVersion: "batch/v1", kind: "CronJob", name: "nightly-report", uid: ownerUid }],
      },
    };
  }

  it("lists the cron job's own jobs newest first", () => {
    const jobs = [
      job("nightly-report-29390520", "2026-11-26T02:00:00Z"),
      job("nightly-report-29391960", "2026-11-27T02:00:00Z"),
      job("nightly-report-29393400", "2026-11-28T02:00:00Z"),
      job("adhoc", "2026-11-28T03:00:00Z", "cj-other"),
    ];
    expect(jobsOwnedByCronJob(cronJob, jobs).map((j) => j.metadata?.name)).toEqual(["nightly-report-29393400", "nightly-report-29391960", "nightly-report-29390520"]);
  });
});

const v2Autoscaler: V2HorizontalPodAutoscaler = {
  metadata: { name: "checkout", namespace: "shop" },
  spec: {
    minReplicas: 2,
    maxReplicas: 10,
    scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "checkout" },
    metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 80 } } }],
  },
  status: { currentReplicas: 3, desiredReplicas: 3, currentMetrics: [{ type: "Resource", resource: { name: "cpu", current: { averageUtilization: 42 } } }] },
};

const v1Autoscaler: V1HorizontalPodAutoscaler = {
  metadata: { name: "ledger", namespace: "shop" },
  spec: { minReplicas: 1, maxReplicas: 3, scaleTargetRef: { kind: "StatefulSet", name: "ledger" }, targetCPUUtilizationPercentage: 70 },
  status: { currentReplicas: 1, desiredReplicas: 1, currentCPUUtilizationPercentage: 15 },
};

describe("matchingAutoscaler", () => {
  it("matches the scale target by kind in any case, namespace and name", () => {
    expect(matchingAutoscaler({ kind: "deployment", namespace: "shop", name: "checkout" }, [v1Autoscaler, v2Autoscaler])).toBe(v2Autoscaler);
    expect(matchingAutoscaler({ kind: "StatefulSet", namespace: "shop", name: "ledger" }, [v1Autoscaler, v2Autoscaler])).toBe(v1Autoscaler);
  });

  it("matches nothing in another namespace, of another kind, or without a name", () => {
    expect(matchingAutoscaler({ kind: "Deployment", namespace: "staging", name: "checkout" }, [v2Autoscaler])).toBeUndefined();
    expect(matchingAutoscaler({ kind: "StatefulSet", namespace: "shop", name: "checkout" }, [v2Autoscaler])).toBeUndefined();
    expect(matchingAutoscaler({ kind: "Deployment", namespace: "shop" }, [v2Autoscaler])).toBeUndefined();
  });
});

describe("summarizeAutoscaler", () => {
  it("reads replicas and CPU utilisation from autoscaling/v2 metrics", () => {
    expect(summarizeAutoscaler(v2Autoscaler)).toEqual({ minReplicas: 2, maxReplicas: 10, targetCpuUtilization: 80, currentCpuUtilization: 42 });
  });

  it("writes the row's three lines, with '?' for what the autoscaler does not say", () => {
    expect(autoscalerSummaryLines(summarizeAutoscaler(v2Autoscaler))).toEqual(["min replicas 2 / max replicas 10", "current CPU usage: 42%", "target CPU usage: 80%"]);
    const fresh: V2HorizontalPodAutoscaler = { metadata: { name: "checkout" }, spec: { maxReplicas: 4, scaleTargetRef: { kind: "Deployment", name: "checkout" } } };
    expect(autoscalerSummaryLines(summarizeAutoscaler(fresh))).toEqual(["min replicas ? / max replicas 4", "current CPU usage: ?%", "target CPU usage: ?%"]);
  });

  it("reads them from autoscaling/v1's CPU percentages", () => {
    expect(summarizeAutoscaler(v1Autoscaler)).toEqual({ minReplicas: 1, maxReplicas: 3, targetCpuUtilization: 70, currentCpuUtilization: 15 });
  });
});

describe("podsWithErrorsText", () => {
  it("says how many pods have errors", () => {
    expect(podsWithErrorsText(0)).toBe("No pods with errors");
    expect(podsWithErrorsText(1)).toBe("1 pod with errors");
    expect(podsWithErrorsText(3)).toBe("3 pods with errors");
  });
});
