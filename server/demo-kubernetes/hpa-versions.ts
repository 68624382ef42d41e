import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";

// An API server stores one version of a type and converts on the way out.
// HorizontalPodAutoscalers are served as autoscaling/v2 (what Backstage's
// current fetcher asks for) and autoscaling/v1 (what its older releases and
// the Kubernetes dashboard ask for). v1 has only the CPU target and keeps the
// conditions in an annotation, as k8s.io/kubernetes/pkg/apis/autoscaling/v1's
// conversion does.

const CONDITIONS_ANNOTATION = "autoscaling.alpha.kubernetes.io/conditions";

type Metric = { type?: string; resource?: { name?: string; target?: { type?: string; averageUtilization?: number }; current?: { averageUtilization?: number } } };
type HpaSpec = { scaleTargetRef?: unknown; minReplicas?: number; maxReplicas?: number; metrics?: Metric[]; targetCPUUtilizationPercentage?: number; behavior?: unknown };
type HpaStatus = {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas?: number;
  desiredReplicas?: number;
  currentMetrics?: Metric[];
  conditions?: unknown[];
  currentCPUUtilizationPercentage?: number;
};

const isCpu = (metric: Metric) => metric.type === "Resource" && metric.resource?.name === "cpu";

function toV1(hpa: KubernetesObject): KubernetesObject {
  const spec = (hpa.spec ?? {}) as HpaSpec;
  const status = (hpa.status ?? {}) as HpaStatus;
  const target = spec.metrics?.find(isCpu)?.resource?.target?.averageUtilization;
  const current = status.currentMetrics?.find(isCpu)?.resource?.current?.averageUtilization;
  const annotations = { ...hpa.metadata?.annotations, ...(status.conditions ? { [CONDITIONS_ANNOTATION]: JSON.stringify(status.conditions) } : {}) };
  return {
    ...hpa,
    apiVersion: "autoscaling/v1",
    metadata: { ...hpa.metadata, ...(Object.keys(annotations).length > 0 ? { annotations } : {}) },
    spec: { scaleTargetRef: spec.scaleTargetRef, minReplicas: spec.minReplicas, maxReplicas: spec.maxReplicas, ...(target !== undefined ? { targetCPUUtilizationPercentage: target } : {}) },
    status: {
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas,
      desiredReplicas: status.desiredReplicas,
      ...(current !== undefined ? { currentCPUUtilizationPercentage: current } : {}),
    },
  };
}

function toV2(hpa: KubernetesObject): KubernetesObject {
  const spec = (hpa.spec ?? {}) as HpaSpec;
  const status = (hpa.status ?? {}) as HpaStatus;
  const { [CONDITIONS_ANNOTATION]: conditions, ...annotations } = hpa.metadata?.annotations ?? {};
  const cpu = (averageUtilization: number | undefined, key: "target" | "current") =>
    averageUtilization === undefined ? undefined : [{ type: "Resource", resource: { name: "cpu", [key]: key === "target" ? { type: "Utilization", averageUtilization } : { averageUtilization } } }];
  return {
    ...hpa,
    apiVersion: "autoscaling/v2",
    metadata: { ...hpa.metadata, annotations },
    spec: { scaleTargetRef: spec.scaleTargetRef, minReplicas: spec.minReplicas, maxReplicas: spec.maxReplicas, metrics: cpu(spec.targetCPUUtilizationPercentage, "target") },
    status: {
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas,
      desiredReplicas: status.desiredReplicas,
      currentMetrics: cpu(status.currentCPUUtilizationPercentage, "current"),
      conditions: conditions ? JSON.parse(conditions) : undefined,
    },
  };
}

/** The autoscaler as the requested version shows it; JSON drops the undefined fields. */
export function hpaAsVersion(hpa: KubernetesObject, version: string): KubernetesObject {
  const stored = hpa.apiVersion === "autoscaling/v1" ? "v1" : "v2";
  if (stored === version) return hpa;
  return version === "v1" ? toV1(hpa) : toV2(hpa);
}
