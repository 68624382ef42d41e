import type { Logger } from "../logger.server";
import type { KubernetesCredential } from "./auth/strategies.server";
import { readAll, requestCluster } from "./cluster-http.server";
import type { ClusterDetails } from "./clusters.server";
import type { FetchResponse, FetchResponseType, KubernetesErrorType, KubernetesObject, StatusError } from "./types";

// Lists of one kind of object on one cluster, as Backstage's
// KubernetesClientBasedFetcher asks for them: GET {group path}/{namespace?}/{plural}
// with the entity's label selector. An answer with an error status is a
// StatusError (its type from the status, the resource's path); a network or
// TLS failure rejects, and the fan-out makes it the cluster's FETCH_ERROR.

export type ObjectToFetch = { objectType: FetchResponseType; group: string; apiVersion: string; plural: string };

/** Backstage's DEFAULT_OBJECTS: what every query for an entity lists. */
export const DEFAULT_OBJECTS: ObjectToFetch[] = [
  { group: "", apiVersion: "v1", plural: "pods", objectType: "pods" },
  { group: "", apiVersion: "v1", plural: "services", objectType: "services" },
  { group: "", apiVersion: "v1", plural: "configmaps", objectType: "configmaps" },
  { group: "", apiVersion: "v1", plural: "limitranges", objectType: "limitranges" },
  { group: "", apiVersion: "v1", plural: "resourcequotas", objectType: "resourcequotas" },
  { group: "apps", apiVersion: "v1", plural: "deployments", objectType: "deployments" },
  { group: "apps", apiVersion: "v1", plural: "replicasets", objectType: "replicasets" },
  { group: "autoscaling", apiVersion: "v1", plural: "horizontalpodautoscalers", objectType: "horizontalpodautoscalers" },
  { group: "batch", apiVersion: "v1", plural: "jobs", objectType: "jobs" },
  { group: "batch", apiVersion: "v1", plural: "cronjobs", objectType: "cronjobs" },
  { group: "networking.k8s.io", apiVersion: "v1", plural: "ingresses", objectType: "ingresses" },
  { group: "apps", apiVersion: "v1", plural: "statefulsets", objectType: "statefulsets" },
  { group: "apps", apiVersion: "v1", plural: "daemonsets", objectType: "daemonsets" },
];

export function errorTypeOf(statusCode: number): KubernetesErrorType {
  switch (statusCode) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED_ERROR";
    case 404:
      return "NOT_FOUND";
    case 500:
      return "SYSTEM_ERROR";
    default:
      return "UNKNOWN_ERROR";
  }
}

export type ListRequest = { group: string; apiVersion: string; plural: string; namespace?: string; labelSelector?: string };

export function resourcePathOf(request: ListRequest): string {
  const encode = encodeURIComponent;
  let path = request.group ? `/apis/${encode(request.group)}/${encode(request.apiVersion)}` : `/api/${encode(request.apiVersion)}`;
  if (request.namespace) path += `/namespaces/${encode(request.namespace)}`;
  return `${path}/${encode(request.plural)}`;
}

export type ListResult = { ok: true; kind: string; items: KubernetesObject[] } | { ok: false; error: StatusError };

export async function listObjects(cluster: ClusterDetails, credential: KubernetesCredential, request: ListRequest, options: { signal: AbortSignal; logger: Logger }): Promise<ListResult> {
  const resourcePath = resourcePathOf(request);
  const query = request.labelSelector ? `?labelSelector=${encodeURIComponent(request.labelSelector)}` : "";
  const response = await requestCluster(cluster, credential, { method: "GET", path: `${resourcePath}${query}`, headers: { accept: "application/json" }, signal: options.signal });
  const body = await readAll(response);
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    options.logger.warn({ cluster: cluster.name, resourcePath, status, body: body.toString("utf8").slice(0, 500) }, "A Kubernetes API server answered with an error");
    return { ok: false, error: { errorType: errorTypeOf(status), statusCode: status, resourcePath } };
  }
  return { ok: true, ...objectListOf(body) };
}

/**
 * The items of a list answer. What is not a list of objects counts as no
 * objects, and items that are not objects are left out: a malformed answer
 * must not break the cluster's other lists or the page.
 */
function objectListOf(body: Buffer): { kind: string; items: KubernetesObject[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return { kind: "", items: [] };
  }
  const list = parsed && typeof parsed === "object" ? (parsed as { kind?: unknown; items?: unknown }) : {};
  const items = Array.isArray(list.items) ? list.items.filter((item): item is KubernetesObject => Boolean(item) && typeof item === "object" && !Array.isArray(item)) : [];
  return { kind: typeof list.kind === "string" ? list.kind : "", items };
}

/** One object type's answer in the wire shape; custom resources carry their kind (the list's, without "List"), as Backstage adds it. */
export function fetchResponseOf(objectType: FetchResponseType, result: { kind: string; items: KubernetesObject[] }): FetchResponse {
  if (objectType === "customresources") {
    const kind = result.kind.replace(/List$/, "");
    return { type: "customresources", resources: result.items.map((item) => ({ ...item, kind: item.kind ?? kind })) };
  }
  return { type: objectType, resources: result.items } as FetchResponse;
}
