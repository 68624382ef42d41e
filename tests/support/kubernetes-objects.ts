import type { V1CronJob, V1DaemonSet, V1Deployment, V1Ingress, V1Job, V1Pod, V1ReplicaSet, V1Service, V1StatefulSet, V2HorizontalPodAutoscaler } from "@kubernetes/client-node";
import type { KubernetesObject, ObjectsByEntityResponse, PodStatus } from "~/lib/kubernetes/types";

// One entity's objects across two clusters, as the Kubernetes backend
// answers for them: a healthy and a crash-looping pod behind a deployment
// with an autoscaler, a stalled deployment, a pending stateful set pod, a
// daemon set, a service, an ingress, a cron job with two jobs, a job of its
// own, an Argo rollout paused at its pause step, and a second cluster that
// could not be reached. Times are relative to `now`, so relative texts are
// stable.

export const CLUSTER = { name: "prod-eu", title: "Production EU", dashboardUrl: "https://dashboard.prod-eu.example/", dashboardApp: "standard" } as const;
export const UNREACHABLE_CLUSTER = { name: "prod-us" } as const;

const NAMESPACE = "listings";

function ago(now: Date, minutes: number): string {
  return new Date(now.getTime() - minutes * 60_000).toISOString();
}

function meta(name: string, uid: string, now: Date, extra: Partial<NonNullable<V1Pod["metadata"]>> = {}) {
  return { name, namespace: NAMESPACE, uid, creationTimestamp: ago(now, 120) as unknown as Date, labels: { app: "listings" }, ...extra };
}

function owner(kind: string, name: string, uid: string) {
  return { ownerReferences: [{ apiVersion: "apps/v1", kind, name, uid, controller: true }] };
}

const container = (name: string, image: string) => ({
  name,
  image,
  readinessProbe: { httpGet: { path: "/ready", port: 8080 } },
  livenessProbe: { httpGet: { path: "/live", port: 8080 } },
});

export function kubernetesResponse(now: Date): ObjectsByEntityResponse {
  const deployment: V1Deployment = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: meta("listings-api", "uid-deploy-api", now),
    spec: { selector: { matchLabels: { app: "listings" } }, template: {}, strategy: { type: "RollingUpdate" }, minReadySeconds: 5, progressDeadlineSeconds: 600 },
    status: { conditions: [{ type: "Available", status: "True" }] },
  };
  const stalled: V1Deployment = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: meta("listings-search", "uid-deploy-search", now),
    spec: { selector: {}, template: {} },
    status: { conditions: [{ type: "Progressing", status: "False", message: 'ReplicaSet "listings-search-7d9" has timed out progressing.' }] },
  };
  const replicaSets: V1ReplicaSet[] = [
    { metadata: meta("listings-api-6f7c9", "uid-rs-api", now, owner("Deployment", "listings-api", "uid-deploy-api")), spec: { selector: {} }, status: { replicas: 2 } },
    { metadata: meta("listings-api-5b4d1", "uid-rs-api-old", now, owner("Deployment", "listings-api", "uid-deploy-api")), spec: { selector: {} }, status: { replicas: 0 } },
    { metadata: meta("listings-web-8c2e1", "uid-rs-web", now, owner("Rollout", "listings-web", "uid-rollout-web")), spec: { selector: {} }, status: { replicas: 1 } },
  ];
  const healthyPod: V1Pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: meta("listings-api-6f7c9-k2x8p", "uid-pod-1", now, {
      ...owner("ReplicaSet", "listings-api-6f7c9", "uid-rs-api"),
      managedFields: [{ manager: "kube-controller-manager", operation: "Update" }],
    }),
    spec: { containers: [container("api", "registry.example/listings-api:1.4.2")] },
    status: {
      phase: "Running",
      podIP: "10.1.2.3",
      containerStatuses: [
        { name: "api", image: "registry.example/listings-api:1.4.2", imageID: "", ready: true, started: true, restartCount: 0, state: { running: { startedAt: ago(now, 90) as unknown as Date } } },
      ],
    },
  };
  const crashingPod: V1Pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: meta("listings-api-6f7c9-q7w4n", "uid-pod-2", now, owner("ReplicaSet", "listings-api-6f7c9", "uid-rs-api")),
    spec: { containers: [container("api", "registry.example/listings-api:1.4.2")] },
    status: {
      phase: "Running",
      podIP: "10.1.2.4",
      containerStatuses: [
        {
          name: "api",
          image: "registry.example/listings-api:1.4.2",
          imageID: "",
          ready: false,
          started: false,
          restartCount: 7,
          state: { waiting: { reason: "CrashLoopBackOff", message: "back-off 5m0s restarting failed container=api pod=listings-api-6f7c9-q7w4n" } },
          lastState: { terminated: { reason: "Error", exitCode: 1, startedAt: ago(now, 6) as unknown as Date, finishedAt: ago(now, 5) as unknown as Date } },
        },
      ],
    },
  };
  const leftoverPod: V1Pod = {
    metadata: meta("listings-api-5b4d1-old", "uid-pod-old", now, owner("ReplicaSet", "listings-api-5b4d1", "uid-rs-api-old")),
    spec: { containers: [container("api", "registry.example/listings-api:1.4.1")] },
    status: { phase: "Running", containerStatuses: [] },
  };
  const pendingPod: V1Pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: meta("listings-db-0", "uid-pod-db", now, owner("StatefulSet", "listings-db", "uid-sts-db")),
    spec: { containers: [container("postgres", "postgres:16")] },
    status: {
      phase: "Pending",
      conditions: [{ type: "PodScheduled", status: "False", reason: "Unschedulable", message: "0/3 nodes are available: 3 Insufficient memory.", lastTransitionTime: ago(now, 2) as unknown as Date }],
    },
  };
  const agentPod: V1Pod = {
    metadata: meta("log-agent-h5k2j", "uid-pod-agent", now, owner("DaemonSet", "log-agent", "uid-ds-agent")),
    spec: { containers: [container("agent", "fluent-bit:3")] },
    status: {
      phase: "Running",
      containerStatuses: [{ name: "agent", image: "fluent-bit:3", imageID: "", ready: true, started: true, restartCount: 0, state: { running: { startedAt: ago(now, 100) as unknown as Date } } }],
    },
  };
  const webPod: V1Pod = {
    metadata: meta("listings-web-8c2e1-a1b2c", "uid-pod-web", now, owner("ReplicaSet", "listings-web-8c2e1", "uid-rs-web")),
    spec: { containers: [container("web", "registry.example/listings-web:2.0.0")] },
    status: {
      phase: "Running",
      containerStatuses: [
        { name: "web", image: "registry.example/listings-web:2.0.0", imageID: "", ready: true, started: true, restartCount: 0, state: { running: { startedAt: ago(now, 30) as unknown as Date } } },
      ],
    },
  };
  const jobPod: V1Pod = {
    metadata: meta("listings-migrate-x9z8y", "uid-pod-migrate", now, owner("Job", "listings-migrate", "uid-job-migrate")),
    spec: { containers: [container("migrate", "registry.example/listings-migrate:1.4.2")] },
    status: {
      phase: "Succeeded",
      containerStatuses: [
        {
          name: "migrate",
          image: "registry.example/listings-migrate:1.4.2",
          imageID: "",
          ready: false,
          started: false,
          restartCount: 0,
          state: { terminated: { reason: "Completed", exitCode: 0, startedAt: ago(now, 60) as unknown as Date, finishedAt: ago(now, 58) as unknown as Date } },
        },
      ],
    },
  };
  const hpa: V2HorizontalPodAutoscaler = {
    metadata: meta("listings-api", "uid-hpa-api", now),
    spec: {
      scaleTargetRef: { kind: "Deployment", name: "listings-api", apiVersion: "apps/v1" },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 80 } } }],
    },
    status: { currentReplicas: 10, desiredReplicas: 10, currentMetrics: [{ type: "Resource", resource: { name: "cpu", current: { averageUtilization: 45 } } }] },
  };
  const statefulSet: V1StatefulSet = {
    kind: "StatefulSet",
    metadata: meta("listings-db", "uid-sts-db", now),
    spec: {
      selector: { matchLabels: { app: "listings-db" } },
      serviceName: "listings-db",
      template: {},
      podManagementPolicy: "OrderedReady",
      updateStrategy: { type: "RollingUpdate" },
      revisionHistoryLimit: 10,
    },
  };
  const daemonSet: V1DaemonSet = {
    kind: "DaemonSet",
    metadata: meta("log-agent", "uid-ds-agent", now),
    spec: { selector: {}, template: {}, updateStrategy: { type: "RollingUpdate" } },
    status: { currentNumberScheduled: 3, desiredNumberScheduled: 3, numberMisscheduled: 0, numberReady: 3, numberAvailable: 3 },
  };
  const service: V1Service = {
    kind: "Service",
    metadata: meta("listings-api", "uid-svc-api", now),
    spec: { type: "ClusterIP", clusterIP: "10.96.0.12", ports: [{ name: "http", port: 80, targetPort: 8080, protocol: "TCP" }] },
  };
  const ingress: V1Ingress = {
    kind: "Ingress",
    metadata: meta("listings", "uid-ing", now),
    spec: { rules: [{ host: "listings.example.com", http: { paths: [{ path: "/api", pathType: "Prefix", backend: { service: { name: "listings-api", port: { number: 80 } } } }] } }] },
  };
  const cronJob: V1CronJob = {
    kind: "CronJob",
    metadata: meta("listings-reindex", "uid-cron", now),
    spec: { schedule: "@hourly", jobTemplate: {}, concurrencyPolicy: "Forbid" },
    status: { lastScheduleTime: ago(now, 10) as unknown as Date },
  };
  const cronJobRun = (name: string, uid: string, createdMinutesAgo: number, status: V1Job["status"]): V1Job => ({
    kind: "Job",
    metadata: { ...meta(name, uid, now, owner("CronJob", "listings-reindex", "uid-cron")), creationTimestamp: ago(now, createdMinutesAgo) as unknown as Date },
    spec: { template: {} },
    status,
  });
  const jobs: V1Job[] = [
    cronJobRun("listings-reindex-29400060", "uid-job-old", 70, { succeeded: 1, startTime: ago(now, 70) as unknown as Date, completionTime: ago(now, 68) as unknown as Date }),
    cronJobRun("listings-reindex-29400120", "uid-job-new", 10, { active: 1, startTime: ago(now, 10) as unknown as Date }),
    {
      kind: "Job",
      metadata: meta("listings-migrate", "uid-job-migrate", now),
      spec: { template: {}, backoffLimit: 3, completions: 1, parallelism: 1 },
      status: { succeeded: 1, startTime: ago(now, 60) as unknown as Date, completionTime: ago(now, 58) as unknown as Date },
    },
  ];
  const rollout: KubernetesObject = {
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Rollout",
    metadata: meta("listings-web", "uid-rollout-web", now),
    spec: { strategy: { canary: { steps: [{ setWeight: 20 }, { pause: {} }, { analysis: { templates: [{ templateName: "success-rate" }] } }, { setWeight: 60 }] } } },
    status: { currentStepIndex: 1, pauseConditions: [{ reason: "CanaryPauseStep", startTime: ago(now, 3) }] },
  };
  const metrics: PodStatus[] = [
    {
      pod: healthyPod,
      cpu: { currentUsage: 0.4, requestTotal: 0.5, limitTotal: 1 },
      memory: { currentUsage: 100 * 1048576, requestTotal: 128 * 1048576, limitTotal: 256 * 1048576 },
      containers: [
        { container: "api", cpuUsage: { currentUsage: 0.04, requestTotal: 0.5, limitTotal: 1 }, memoryUsage: { currentUsage: 100 * 1048576, requestTotal: 128 * 1048576, limitTotal: 256 * 1048576 } },
      ],
    },
  ];
  return {
    items: [
      {
        cluster: { ...CLUSTER },
        resources: [
          { type: "pods", resources: [healthyPod, crashingPod, leftoverPod, pendingPod, agentPod, webPod, jobPod] },
          { type: "replicasets", resources: replicaSets },
          { type: "deployments", resources: [deployment, stalled] },
          { type: "horizontalpodautoscalers", resources: [hpa] },
          { type: "statefulsets", resources: [statefulSet] },
          { type: "daemonsets", resources: [daemonSet] },
          { type: "services", resources: [service] },
          { type: "ingresses", resources: [ingress] },
          { type: "cronjobs", resources: [cronJob] },
          { type: "jobs", resources: jobs },
          { type: "customresources", resources: [rollout] },
        ],
        podMetrics: metrics,
        errors: [{ errorType: "NOT_FOUND", resourcePath: "/apis/argoproj.io/v1alpha1/namespaces/listings/analysisruns", statusCode: 404 }],
      },
      { cluster: { ...UNREACHABLE_CLUSTER }, resources: [], podMetrics: [], errors: [{ errorType: "FETCH_ERROR", message: "connect ECONNREFUSED 10.0.0.9:6443" }] },
    ],
  };
}
