import type { V1Container, V1ContainerStatus, V1Pod } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { containerHealthChecks, containersReady, containerSpecFor, containerStatusText, containerTimes, pendingPodConditions, podPhase, podStatusCells, totalRestarts } from "./container-status";

const NOW = new Date("2026-11-28T10:00:00Z");

const apiSpec: V1Container = {
  name: "api",
  image: "payments/api:2.3.0",
  readinessProbe: { httpGet: { path: "/ready", port: 8080 }, periodSeconds: 10 },
  livenessProbe: { httpGet: { path: "/healthz", port: 8080 }, periodSeconds: 10 },
};

const running: V1ContainerStatus = {
  name: "api",
  image: "payments/api:2.3.0",
  imageID: "payments/api@sha256:9e1f",
  ready: true,
  started: true,
  restartCount: 0,
  state: { running: { startedAt: new Date("2026-11-28T09:55:00Z") } },
};

const migrationDone: V1ContainerStatus = {
  name: "migrate",
  image: "payments/migrate:2.3.0",
  imageID: "payments/migrate@sha256:77aa",
  ready: false,
  started: false,
  restartCount: 0,
  state: { terminated: { exitCode: 0, reason: "Completed", startedAt: new Date("2026-11-28T09:50:00Z"), finishedAt: new Date("2026-11-28T09:54:05Z") } },
};

const crashLooping: V1ContainerStatus = {
  name: "worker",
  image: "payments/worker:2.3.0",
  imageID: "",
  ready: false,
  started: false,
  restartCount: 7,
  state: { waiting: { reason: "CrashLoopBackOff", message: "back-off 5m0s restarting failed container=worker" } },
};

describe("containerStatusText", () => {
  it("says the waiting reason, else the terminated reason, else Running, else Unknown", () => {
    expect(containerStatusText(crashLooping)).toBe("CrashLoopBackOff");
    expect(containerStatusText(migrationDone)).toBe("Completed");
    expect(containerStatusText(running)).toBe("Running");
    expect(containerStatusText({ ...running, state: undefined })).toBe("Unknown");
  });
});

describe("containerTimes", () => {
  it("gives a finished container's start, completion and execution time", () => {
    expect(containerTimes(migrationDone, NOW)).toEqual({ started: "10 minutes ago", completed: "5 minutes ago", executionTime: "0 hours, 4 minutes, 5 seconds" });
  });

  it("gives a running container's start only", () => {
    expect(containerTimes(running, NOW)).toEqual({ started: "5 minutes ago", completed: undefined, executionTime: undefined });
  });
});

describe("containerHealthChecks", () => {
  it("checks all six for a running container", () => {
    expect(containerHealthChecks(apiSpec, running)).toEqual([
      { label: "not waiting to start", ok: true },
      { label: "started", ok: true },
      { label: "ready", ok: true },
      { label: "no restarts", ok: true },
      { label: "readiness probe set", ok: true },
      { label: "liveness probe set", ok: true },
    ]);
  });

  it("fails the checks a crash-looping container without probes fails", () => {
    const bare: V1Container = { name: "worker", image: "payments/worker:2.3.0" };
    expect(
      containerHealthChecks(bare, crashLooping)
        .filter((check) => !check.ok)
        .map((check) => check.label),
    ).toEqual(["not waiting to start", "started", "ready", "no restarts", "readiness probe set", "liveness probe set"]);
  });

  it("skips started, ready and the probes once the container completed", () => {
    expect(containerHealthChecks({ name: "migrate", image: "payments/migrate:2.3.0" }, migrationDone)).toEqual([
      { label: "not waiting to start", ok: true },
      { label: "no restarts", ok: true },
    ]);
  });
});

const pendingPod: V1Pod = {
  metadata: { name: "api-6b9d8c7f5-q8w2z", namespace: "payments" },
  spec: { containers: [apiSpec] },
  status: {
    phase: "Pending",
    conditions: [
      { type: "Ready", status: "Unknown", lastTransitionTime: new Date("2026-11-28T09:58:00Z"), message: "containers with unready status: [api]" },
      {
        type: "PodScheduled",
        status: "False",
        reason: "Unschedulable",
        lastTransitionTime: new Date("2026-11-28T09:57:00Z"),
        message: "0/3 nodes are available: 3 Insufficient memory.",
      },
      { type: "Initialized", status: "True", lastTransitionTime: new Date("2026-11-28T09:56:00Z") },
      { type: "PodReadyToStartContainers", status: "False", lastTransitionTime: new Date("2026-11-28T09:56:00Z") },
    ],
  },
};

describe("pendingPodConditions", () => {
  it("lists the start-up conditions in start-up order with their badge level", () => {
    expect(pendingPodConditions(pendingPod, NOW)).toEqual([
      { type: "PodScheduled", level: "error", text: "PodScheduled - (Unschedulable 3 minutes ago) - 0/3 nodes are available: 3 Insufficient memory." },
      { type: "Initialized", level: "ok", text: "Initialized - (4 minutes ago)" },
      { type: "Ready", level: "warning", text: "Ready - (2 minutes ago) containers with unready status: [api]" },
    ]);
  });
});

describe("the pod table's columns", () => {
  const pod: V1Pod = {
    metadata: { name: "payments-7f9c-abcde", namespace: "payments" },
    spec: { containers: [apiSpec, { name: "worker", image: "payments/worker:2.3.0" }] },
    status: { phase: "Running", containerStatuses: [running, crashLooping] },
  };

  it("shows phase, containers ready and total restarts", () => {
    expect(podPhase(pod)).toBe("Running");
    expect(podPhase({ metadata: { name: "x" } })).toBe("unknown");
    expect(containersReady(pod)).toBe("1/2");
    expect(totalRestarts(pod)).toBe(7);
    expect(totalRestarts({ status: { containerStatuses: [{ ...running, restartCount: 2 }, crashLooping] } })).toBe(9);
  });

  it("shows each waiting or terminated container in the status column, Completed as ok", () => {
    expect(podStatusCells(pod)).toEqual([{ container: "worker", reason: "CrashLoopBackOff", level: "error" }]);
    expect(podStatusCells({ status: { containerStatuses: [migrationDone] } })).toEqual([{ container: "migrate", reason: "Completed", level: "ok" }]);
    expect(podStatusCells({ status: { containerStatuses: [running] } })).toEqual([]);
  });

  it("finds a container's spec by name, and none for a name the pod does not declare", () => {
    expect(containerSpecFor(pod, "api")).toBe(apiSpec);
    expect(containerSpecFor(pod, "sidecar")).toBeUndefined();
  });
});
