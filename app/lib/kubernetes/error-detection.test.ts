import type { V1ContainerStatus, V1Deployment, V2HorizontalPodAutoscaler, V1Pod } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { detectErrors, errorReportRows, podNamesWithErrors } from "./error-detection";
import type { FetchResponse, ObjectsByEntityResponse } from "./types";

const NOW = new Date("2026-11-28T10:00:00Z");

function oneCluster(...resources: FetchResponse[]): ObjectsByEntityResponse {
  return { items: [{ cluster: { name: "cluster-a" }, errors: [], podMetrics: [], resources }] };
}

function crashLooping(name: string, restartCount: number): V1ContainerStatus {
  return {
    name,
    image: `registry.example.com/${name}:1.4.2`,
    imageID: `registry.example.com/${name}@sha256:6f1c`,
    containerID: `containerd://${name}`,
    ready: false,
    started: false,
    restartCount,
    state: {
      waiting: {
        reason: "CrashLoopBackOff",
        message: `back-off 5m0s restarting failed container=${name} pod=dice-roller-canary-7d64cd756c-55rfq_default(65ad28e3-5d51-4b4b-9bf8-4cb069803034)`,
      },
    },
    lastState: { terminated: { exitCode: 1, reason: "Error", startedAt: new Date("2026-11-28T09:54:00Z"), finishedAt: new Date("2026-11-28T09:54:02Z") } },
  };
}

const crashingPod: V1Pod = {
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "dice-roller-canary-7d64cd756c-55rfq", namespace: "default", uid: "65ad28e3-5d51-4b4b-9bf8-4cb069803034" },
  spec: {
    containers: [
      { name: "other-side-car", image: "registry.example.com/other-side-car:1.4.2" },
      { name: "side-car", image: "registry.example.com/side-car:1.4.2" },
    ],
  },
  status: { phase: "Running", containerStatuses: [crashLooping("other-side-car", 123), crashLooping("side-car", 38)] },
};

const crashingPodRef = { apiGroup: "v1", kind: "Pod", name: "dice-roller-canary-7d64cd756c-55rfq", namespace: "default" };

function podWaiting(reason: string, message: string): V1Pod {
  return {
    metadata: { name: "dice-roller-bad-855bf85464-mg6xb", namespace: "default" },
    spec: { containers: [{ name: "dice-roller", image: "dice-roller:latest" }] },
    status: {
      phase: "Pending",
      containerStatuses: [{ name: "dice-roller", image: "dice-roller:latest", imageID: "", ready: false, restartCount: 0, state: { waiting: { reason, message } } }],
    },
  };
}

function podStartedAt(startedAt: Date, readinessProbe: { initialDelaySeconds?: number; periodSeconds?: number; failureThreshold?: number } | undefined, ready = false): V1Pod {
  return {
    metadata: { name: "api-6b9d8c7f5-x2k4p", namespace: "payments" },
    spec: { containers: [{ name: "api", image: "payments/api:2.3.0", readinessProbe: readinessProbe && { httpGet: { path: "/healthz", port: 8080 }, ...readinessProbe } }] },
    status: {
      phase: "Running",
      containerStatuses: [{ name: "api", image: "payments/api:2.3.0", imageID: "", ready, started: true, restartCount: 0, state: { running: { startedAt } } }],
    },
  };
}

describe("detectErrors: pods", () => {
  it("reports a crash-looping pod's waiting and restarting containers with Backstage's fixes", () => {
    const errors = detectErrors(oneCluster({ type: "pods", resources: [crashingPod] }), NOW).get("cluster-a");
    const crashLoopFix = {
      errorType: "CrashLoopBackOff",
      rootCauseExplanation: "The container other-side-car has crashed many times, it will be exponentially restarted until it stops crashing",
      actions: ["Check the crash logs for stacktraces"],
      type: "logs",
      container: "other-side-car",
    };
    const restartFix = {
      errorType: "Error",
      rootCauseExplanation: "This container has exited with a non-zero exit code (1)",
      actions: ["Check the crash logs for stacktraces"],
      container: "other-side-car",
      type: "logs",
    };
    expect(errors).toStrictEqual([
      {
        type: "container-waiting",
        severity: 4,
        message: "back-off 5m0s restarting failed container=other-side-car pod=dice-roller-canary-7d64cd756c-55rfq_default(65ad28e3-5d51-4b4b-9bf8-4cb069803034)",
        sourceRef: crashingPodRef,
        occurrenceCount: 1,
        proposedFix: crashLoopFix,
      },
      {
        type: "container-waiting",
        severity: 4,
        message: "back-off 5m0s restarting failed container=side-car pod=dice-roller-canary-7d64cd756c-55rfq_default(65ad28e3-5d51-4b4b-9bf8-4cb069803034)",
        sourceRef: crashingPodRef,
        occurrenceCount: 1,
        proposedFix: crashLoopFix,
      },
      { type: "containers-restarting", severity: 4, message: "container=other-side-car restarted 123 times", sourceRef: crashingPodRef, occurrenceCount: 123, proposedFix: restartFix },
      { type: "containers-restarting", severity: 4, message: "container=side-car restarted 38 times", sourceRef: crashingPodRef, occurrenceCount: 38, proposedFix: restartFix },
    ]);
  });

  it("proposes the docs for a missing ConfigMap", () => {
    const [error, ...rest] = detectErrors(oneCluster({ type: "pods", resources: [podWaiting("CreateContainerConfigError", 'configmap "some-cm" not found')] }), NOW).get("cluster-a") ?? [];
    expect(rest).toEqual([]);
    expect(error).toStrictEqual({
      type: "container-waiting",
      severity: 4,
      message: 'configmap "some-cm" not found',
      occurrenceCount: 1,
      sourceRef: { apiGroup: "v1", kind: "Pod", name: "dice-roller-bad-855bf85464-mg6xb", namespace: "default" },
      proposedFix: {
        errorType: "CreateContainerConfigError",
        rootCauseExplanation: "There is missing or mismatching configuration required to start the container",
        actions: ["Ensure ConfigMaps references in the Deployment manifest are correct and the keys exist", "Ensure Secrets references in the Deployment manifest are correct and the keys exist"],
        type: "docs",
        docsLink: "https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/",
      },
    });
  });

  it.each([
    [
      "InvalidImageName",
      'Failed to apply default image tag "dice-roller:": couldn\'t parse image reference',
      {
        errorType: "InvalidImageName",
        rootCauseExplanation: "The image in the pod is invalid",
        actions: ["Ensure the image name is correct and valid image name"],
        type: "docs",
        docsLink: "https://docs.docker.com/engine/reference/commandline/tag/#extended-description",
      },
    ],
    [
      "ImagePullBackOff",
      'Back-off pulling image "registry.example.com/dice-roller:9.9.9"',
      {
        errorType: "ImagePullBackOff",
        rootCauseExplanation: "The image either could not be found or Kubernetes does not have permission to pull it",
        actions: ["Ensure the image name is correct", "Ensure Kubernetes has permission to pull this image"],
        type: "docs",
        docsLink: "https://kubernetes.io/docs/concepts/containers/images/#imagepullbackoff",
      },
    ],
  ])("proposes the docs for %s", (reason, message, fix) => {
    const errors = detectErrors(oneCluster({ type: "pods", resources: [podWaiting(reason, message)] }), NOW).get("cluster-a");
    expect(errors?.map((error) => [error.message, error.proposedFix])).toEqual([[message, fix]]);
  });

  it("reports a waiting container with an unknown reason without a fix", () => {
    const errors = detectErrors(oneCluster({ type: "pods", resources: [podWaiting("ErrImageNeverPull", "Container image is not present with pull policy of Never")] }), NOW).get("cluster-a");
    expect(errors).toHaveLength(1);
    expect(errors?.[0]).not.toHaveProperty("proposedFix");
  });

  it("proposes more memory for a container killed for its memory", () => {
    const pod: V1Pod = {
      metadata: { name: "indexer-0", namespace: "search" },
      spec: { containers: [{ name: "indexer", image: "search/indexer:5.1.0" }] },
      status: {
        phase: "Running",
        containerStatuses: [
          {
            name: "indexer",
            image: "search/indexer:5.1.0",
            imageID: "",
            ready: true,
            started: true,
            restartCount: 2,
            state: { running: { startedAt: new Date("2026-11-28T09:58:00Z") } },
            lastState: { terminated: { exitCode: 137, reason: "OOMKilled" } },
          },
        ],
      },
    };
    const [error] = detectErrors(oneCluster({ type: "pods", resources: [pod] }), NOW).get("cluster-a") ?? [];
    expect(error).toMatchObject({ type: "containers-restarting", message: "container=indexer restarted 2 times", occurrenceCount: 2 });
    expect(error.proposedFix).toEqual({
      errorType: "OOMKilled",
      rootCauseExplanation: 'The container "indexer" has crashed because it has tried to use more memory that it has been allocated',
      actions: ["Increase the amount of memory assigned to the container", "Ensure the application is memory bounded and is not trying to consume too much memory"],
      docsLink: "https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/#exceed-a-container-s-memory-limit",
      type: "docs",
    });
  });

  it("reports an unready container once its readiness probe has had its time (start + delay + period × threshold)", () => {
    // 20 s delay + 5 s × 5 failures = 45 s of grace.
    const probe = { initialDelaySeconds: 20, periodSeconds: 5, failureThreshold: 5 };
    const within = detectErrors(oneCluster({ type: "pods", resources: [podStartedAt(new Date(NOW.getTime() - 45_000), probe)] }), NOW).get("cluster-a");
    expect(within).toEqual([]);
    const after = detectErrors(oneCluster({ type: "pods", resources: [podStartedAt(new Date(NOW.getTime() - 46_000), probe)] }), NOW).get("cluster-a");
    expect(after).toStrictEqual([
      {
        type: "readiness-probe-taking-too-long",
        severity: 4,
        message: "The container api failed to start properly, but is not crashing",
        sourceRef: { apiGroup: "v1", kind: "Pod", name: "api-6b9d8c7f5-x2k4p", namespace: "payments" },
        occurrenceCount: 1,
        proposedFix: {
          errorType: "ReadinessProbeFailed",
          rootCauseExplanation: "The container api failed to start properly, but is not crashing",
          actions: ["Ensure that the container starts correctly locally", "Check the container's logs looking for error during startup"],
          type: "events",
          podName: "api-6b9d8c7f5-x2k4p",
        },
      },
    ]);
  });

  it("leaves ready containers and containers without a readiness probe alone", () => {
    const longAgo = new Date("2025-11-28T10:00:00Z");
    const probe = { initialDelaySeconds: 20, periodSeconds: 5, failureThreshold: 5 };
    expect(detectErrors(oneCluster({ type: "pods", resources: [podStartedAt(longAgo, undefined)] }), NOW).get("cluster-a")).toEqual([]);
    expect(detectErrors(oneCluster({ type: "pods", resources: [podStartedAt(longAgo, probe, true)] }), NOW).get("cluster-a")).toEqual([]);
  });

  it("reads the API server's JSON, where times are strings", () => {
    const wirePod = JSON.parse(JSON.stringify(podStartedAt(new Date("2026-11-28T09:00:00Z"), { periodSeconds: 10, failureThreshold: 3 }))) as V1Pod;
    expect(
      detectErrors(oneCluster({ type: "pods", resources: [wirePod] }), NOW)
        .get("cluster-a")
        ?.map((error) => error.type),
    ).toEqual(["readiness-probe-taking-too-long"]);
  });

  it("finds nothing wrong with a healthy pod", () => {
    expect(detectErrors(oneCluster({ type: "pods", resources: [podStartedAt(new Date("2026-11-28T09:00:00Z"), { periodSeconds: 10 }, true)] }), NOW).get("cluster-a")).toEqual([]);
  });
});

const failingDeployment: V1Deployment = {
  metadata: { name: "dice-roller-canary", namespace: "default", uid: "d1" },
  spec: { selector: { matchLabels: { app: "dice-roller" } }, template: {} },
  status: {
    conditions: [
      { type: "Available", status: "False", reason: "MinimumReplicasUnavailable", message: "Deployment does not have minimum availability." },
      { type: "Progressing", status: "True", reason: "ReplicaSetUpdated", message: 'ReplicaSet "dice-roller-canary-7d64cd756c" is progressing.' },
    ],
  },
};

const maxedOutAutoscaler: V2HorizontalPodAutoscaler = {
  apiVersion: "autoscaling/v2",
  kind: "HorizontalPodAutoscaler",
  metadata: { name: "dice-roller", namespace: "default" },
  spec: { minReplicas: 2, maxReplicas: 10, scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "dice-roller" } },
  status: { currentReplicas: 10, desiredReplicas: 10 },
};

describe("detectErrors: deployments and autoscalers", () => {
  it("reports a false deployment condition that carries a message, with severity 6", () => {
    expect(detectErrors(oneCluster({ type: "deployments", resources: [failingDeployment] }), NOW).get("cluster-a")).toStrictEqual([
      {
        type: "condition-message-present",
        message: "Deployment does not have minimum availability.",
        severity: 6,
        sourceRef: { apiGroup: "apps/v1", kind: "Deployment", name: "dice-roller-canary", namespace: "default" },
        occurrenceCount: 1,
      },
    ]);
  });

  it("reports an autoscaler at its maximum, with severity 8", () => {
    expect(detectErrors(oneCluster({ type: "horizontalpodautoscalers", resources: [maxedOutAutoscaler] }), NOW).get("cluster-a")).toStrictEqual([
      {
        type: "hpa-max-current-replicas",
        message: "Current number of replicas (10) is equal to the configured max number of replicas (10)",
        severity: 8,
        sourceRef: { apiGroup: "autoscaling/v2", kind: "HorizontalPodAutoscaler", name: "dice-roller", namespace: "default" },
        occurrenceCount: 1,
      },
    ]);
  });

  it("leaves an autoscaler with room to grow alone", () => {
    const roomy = { ...maxedOutAutoscaler, status: { currentReplicas: 4, desiredReplicas: 4 } };
    expect(detectErrors(oneCluster({ type: "horizontalpodautoscalers", resources: [roomy] }), NOW).get("cluster-a")).toEqual([]);
  });

  it("sorts a cluster's errors by severity, highest first", () => {
    const errors = detectErrors(
      oneCluster({ type: "pods", resources: [crashingPod] }, { type: "deployments", resources: [failingDeployment] }, { type: "horizontalpodautoscalers", resources: [maxedOutAutoscaler] }),
      NOW,
    ).get("cluster-a");
    expect(errors?.map((error) => [error.severity, error.type])).toEqual([
      [8, "hpa-max-current-replicas"],
      [6, "condition-message-present"],
      [4, "container-waiting"],
      [4, "container-waiting"],
      [4, "containers-restarting"],
      [4, "containers-restarting"],
    ]);
  });
});

describe("errors across clusters", () => {
  const response: ObjectsByEntityResponse = {
    items: [
      { cluster: { name: "cluster-a", title: "Production (eu-west-1)" }, errors: [], podMetrics: [], resources: [{ type: "pods", resources: [crashingPod] }] },
      { cluster: { name: "cluster-b" }, errors: [], podMetrics: [], resources: [{ type: "horizontalpodautoscalers", resources: [maxedOutAutoscaler] }] },
      { cluster: { name: "cluster-c" }, errors: [], podMetrics: [], resources: [{ type: "deployments", resources: [{ ...failingDeployment, status: {} }] }] },
    ],
  };

  it("keeps every cluster, healthy ones with no errors", () => {
    const detected = detectErrors(response, NOW);
    expect([...detected.keys()]).toEqual(["cluster-a", "cluster-b", "cluster-c"]);
    expect(detected.get("cluster-a")).toHaveLength(4);
    expect(detected.get("cluster-b")).toHaveLength(1);
    expect(detected.get("cluster-c")).toEqual([]);
  });

  it("lists the Error Reporting rows of all clusters, highest severity first, with each cluster's attributes", () => {
    const rows = errorReportRows(
      detectErrors(response, NOW),
      response.items.map((item) => item.cluster),
    );
    expect(rows.map((row) => [row.cluster.title ?? row.cluster.name, row.error.sourceRef.kind, row.error.severity])).toEqual([
      ["cluster-b", "HorizontalPodAutoscaler", 8],
      ["Production (eu-west-1)", "Pod", 4],
      ["Production (eu-west-1)", "Pod", 4],
      ["Production (eu-west-1)", "Pod", 4],
      ["Production (eu-west-1)", "Pod", 4],
    ]);
  });

  it("names the pods with errors once each", () => {
    expect(podNamesWithErrors(detectErrors(response, NOW).get("cluster-a") ?? [])).toEqual(new Set(["dice-roller-canary-7d64cd756c-55rfq"]));
  });
});
