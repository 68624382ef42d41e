import type { Entity } from "../catalog/entity";
import type { Logger } from "../logger.server";
import { credentialFor, type KubernetesCredential } from "./auth/strategies.server";
import { clusterAttributesOf, type ClusterDetails } from "./clusters.server";
import { fetchResponseOf, listObjects, type ObjectToFetch } from "./fetcher.server";
import { podStatusesOf } from "./pod-metrics.server";
import type { ClusterObjects, CustomResourceMatcher, FetchResponse, KubernetesFetchError, KubernetesObject, KubernetesRequestAuth, ObjectsByEntityResponse, PodStatus } from "./types";

// An entity's objects on every cluster, as Backstage's KubernetesFanOutHandler
// gathers them: the entity is found by its kubernetes-id (or its name) as
// the label backstage.io/kubernetes-id, unless its label-selector annotation
// says otherwise, in its namespace annotation's namespace or all of them.
// Clusters are asked at once, each within its own time limit
// (kubernetes.clusterRequestTimeout): a cluster that is slow, unreachable or
// refuses the credentials is an error of its own in the answer and never
// holds up or fails the others.

export const ANNOTATION_KUBERNETES_ID = "backstage.io/kubernetes-id";
export const ANNOTATION_LABEL_SELECTOR = "backstage.io/kubernetes-label-selector";
export const ANNOTATION_NAMESPACE = "backstage.io/kubernetes-namespace";

export type FanOutRequest = {
  entity: Pick<Entity, "metadata">;
  auth: KubernetesRequestAuth;
  /** The custom resources to list besides (or, for the custom query, instead of) the default objects. */
  customResources: (cluster: ClusterDetails) => CustomResourceMatcher[];
  objectTypes: ObjectToFetch[];
  /** The caller's request: when its client goes away, the clusters' requests stop. */
  signal?: AbortSignal;
};

export function selectorOf(entity: Pick<Entity, "metadata">): { serviceId: string; labelSelector: string; namespace?: string } {
  const annotations = entity.metadata?.annotations ?? {};
  const serviceId = annotations[ANNOTATION_KUBERNETES_ID] || entity.metadata.name;
  return { serviceId, labelSelector: annotations[ANNOTATION_LABEL_SELECTOR] || `${ANNOTATION_KUBERNETES_ID}=${serviceId}`, namespace: annotations[ANNOTATION_NAMESPACE] || undefined };
}

export async function objectsOnClusters(clusters: ClusterDetails[], request: FanOutRequest, logger: Logger): Promise<ObjectsByEntityResponse> {
  const answers = await Promise.all(clusters.map((cluster) => withinTimeLimit(cluster, request, logger)));
  // As Backstage: a cluster with nothing for the entity and no error is left out.
  return { items: answers.filter((item) => item.errors.length > 0 || item.resources.some((response) => response.resources.length > 0)) };
}

async function withinTimeLimit(cluster: ClusterDetails, request: FanOutRequest, logger: Logger): Promise<ClusterObjects> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (request.signal?.aborted) stop();
  else request.signal?.addEventListener("abort", stop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ClusterObjects>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(failed(cluster, `request to cluster '${cluster.name}' failed, reason: no answer within ${cluster.requestTimeoutMs} ms`));
    }, cluster.requestTimeoutMs);
  });
  const fetched = objectsOnCluster(cluster, request, controller.signal, logger).catch((error: unknown) => {
    if (controller.signal.aborted) return failed(cluster, "aborted");
    logger.warn({ cluster: cluster.name, err: error }, "A Kubernetes cluster could not be read");
    return failed(cluster, messageOf(error));
  });
  try {
    return await Promise.race([fetched, timedOut]);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", stop);
  }
}

function failed(cluster: ClusterDetails, message: string): ClusterObjects {
  return { cluster: clusterAttributesOf(cluster), resources: [], podMetrics: [], errors: [{ errorType: "FETCH_ERROR", message }] };
}

/** A network error's own words, with its cause (Node's TLS and socket errors carry the useful part there). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}

async function objectsOnCluster(cluster: ClusterDetails, request: FanOutRequest, signal: AbortSignal, logger: Logger): Promise<ClusterObjects> {
  const credential = await credentialFor(cluster, request.auth);
  const { labelSelector, namespace } = selectorOf(request.entity);
  const toFetch: ObjectToFetch[] = [...request.objectTypes, ...request.customResources(cluster).map((resource) => ({ ...resource, objectType: "customresources" as const }))];
  const resources: FetchResponse[] = [];
  const errors: KubernetesFetchError[] = [];
  const results = await Promise.all(toFetch.map((object) => listObjects(cluster, credential, { ...object, namespace, labelSelector }, { signal, logger }).then((result) => ({ object, result }))));
  for (const { object, result } of results) {
    if (result.ok) resources.push(fetchResponseOf(object.objectType, result));
    else errors.push(result.error);
  }
  const podMetrics = cluster.skipMetricsLookup ? [] : await metricsOf(cluster, credential, resources, labelSelector, { signal, logger, errors });
  return { cluster: clusterAttributesOf(cluster), resources, podMetrics, errors };
}

/** metrics.k8s.io for each namespace the entity's pods are in; a failure is one more error of the cluster's. */
async function metricsOf(
  cluster: ClusterDetails,
  credential: KubernetesCredential,
  resources: FetchResponse[],
  labelSelector: string,
  options: { signal: AbortSignal; logger: Logger; errors: KubernetesFetchError[] },
): Promise<PodStatus[]> {
  const pods = resources.flatMap((response) => (response.type === "pods" ? (response.resources as KubernetesObject[]) : []));
  const namespaces = [...new Set(pods.map((pod) => pod.metadata?.namespace).filter((ns): ns is string => typeof ns === "string" && ns.length > 0))];
  const perNamespace = await Promise.all(
    namespaces.map(async (namespace) => {
      const result = await listObjects(cluster, credential, { group: "metrics.k8s.io", apiVersion: "v1beta1", plural: "pods", namespace, labelSelector }, options);
      if (!result.ok) {
        options.errors.push(result.error);
        return [];
      }
      try {
        return await podStatusesOf(
          pods.filter((pod) => pod.metadata?.namespace === namespace),
          result.items,
        );
      } catch (error) {
        // A quantity client-node cannot read (a malformed request or limit) costs the namespace its metrics, not the answer.
        options.logger.warn({ cluster: cluster.name, namespace, err: error }, "Pod metrics could not be computed");
        return [];
      }
    }),
  );
  return perNamespace.flat();
}
