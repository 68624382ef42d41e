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

// The wire shapes of the Kubernetes area, as Backstage's
// @backstage/plugin-kubernetes-common declares them: the backend's answers
// (`/api/kubernetes/services/{entityName}` and the two queries), the requests'
// bodies, and what error detection finds. Backstage's own frontend reads
// these shapes from us, so field names and unions follow it exactly.

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What the browser is told of a cluster: never its URL or credentials. */
export type ClusterAttributes = {
  name: string;
  title?: string;
  dashboardUrl?: string;
  dashboardApp?: string;
  dashboardParameters?: { [key: string]: JsonValue };
};

/** An object of any kind as the API server returns it; custom resources are only this. */
export type KubernetesObject = {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: Array<{ apiVersion: string; kind: string; name: string; uid: string; controller?: boolean }>;
    creationTimestamp?: Date | string;
    managedFields?: unknown[];
    [key: string]: unknown;
  };
  spec?: unknown;
  status?: unknown;
  [key: string]: unknown;
};

export type FetchResponse =
  | { type: "pods"; resources: V1Pod[] }
  | { type: "services"; resources: V1Service[] }
  | { type: "configmaps"; resources: V1ConfigMap[] }
  | { type: "deployments"; resources: V1Deployment[] }
  | { type: "limitranges"; resources: V1LimitRange[] }
  | { type: "resourcequotas"; resources: V1ResourceQuota[] }
  | { type: "replicasets"; resources: V1ReplicaSet[] }
  | { type: "horizontalpodautoscalers"; resources: V2HorizontalPodAutoscaler[] }
  | { type: "jobs"; resources: V1Job[] }
  | { type: "cronjobs"; resources: V1CronJob[] }
  | { type: "ingresses"; resources: V1Ingress[] }
  | { type: "customresources"; resources: KubernetesObject[] }
  | { type: "statefulsets"; resources: V1StatefulSet[] }
  | { type: "daemonsets"; resources: V1DaemonSet[] }
  | { type: "podstatus"; resources: PodStatus[] };

export type FetchResponseType = FetchResponse["type"];

/** metrics.k8s.io figures of one pod, as the backend fetches them (before the client's summary). */
export type PodStatus = {
  pod: V1Pod;
  cpu: CurrentResourceUsage;
  memory: CurrentResourceUsage;
  containers: ContainerStatus[];
};

/** Cores for CPU, bytes for memory; numbers, or the API server's quantity strings. */
export type CurrentResourceUsage = {
  currentUsage: number | string;
  requestTotal: number | string;
  limitTotal: number | string;
};

export type ContainerStatus = {
  container: string;
  cpuUsage: CurrentResourceUsage;
  memoryUsage: CurrentResourceUsage;
};

/** One cluster's failure: the API server answered with an error status, or could not be reached. */
export type KubernetesFetchError = StatusError | RawFetchError;

export type KubernetesErrorType = "BAD_REQUEST" | "UNAUTHORIZED_ERROR" | "NOT_FOUND" | "SYSTEM_ERROR" | "UNKNOWN_ERROR";

export type StatusError = {
  errorType: KubernetesErrorType;
  resourcePath?: string;
  statusCode?: number;
};

export type RawFetchError = {
  errorType: "FETCH_ERROR";
  message: string;
};

export type ClusterObjects = {
  cluster: ClusterAttributes;
  resources: FetchResponse[];
  podMetrics: PodStatus[];
  errors: KubernetesFetchError[];
};

export type ObjectsByEntityResponse = { items: ClusterObjects[] };

/** The user's tokens per auth provider (`google`, `oidc: { okta: token }`, ...), as the browser sends them. */
export type KubernetesRequestAuth = { [providerKey: string]: JsonValue | undefined };

export type CustomResourceMatcher = { group: string; apiVersion: string; plural: string };

export type WorkloadsByEntityRequest = { auth: KubernetesRequestAuth; entityRef: string };

export type CustomObjectsByEntityRequest = WorkloadsByEntityRequest & { customResources: CustomResourceMatcher[] };

/** Severity 0 to 10; detection uses 4 (pods), 6 (autoscaler condition) and 8 (autoscaler at its maximum). */
export type ErrorSeverity = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

export type ResourceRef = { name: string; namespace: string; kind: string; apiGroup: string };

type ProposedFixBase = { errorType: string; rootCauseExplanation: string; actions: string[] };

export type ProposedFix = (ProposedFixBase & { type: "logs"; container: string }) | (ProposedFixBase & { type: "docs"; docsLink: string }) | (ProposedFixBase & { type: "events"; podName: string });

export type DetectedError = {
  type: string;
  severity: ErrorSeverity;
  message: string;
  proposedFix?: ProposedFix;
  sourceRef: ResourceRef;
  occurrenceCount: number;
};

/** Detected errors per cluster name. */
export type DetectedErrorsByCluster = Map<string, DetectedError[]>;
