import { Readable } from "node:stream";
import type { Credentials } from "../auth/credentials";
import { InputError, NotAllowedError, NotFoundError } from "../errors";
import type { Logger } from "../logger.server";
import type { PermissionService } from "../permission/permission-service.server";
import { credentialFor, KubernetesAuthError, type KubernetesCredential } from "./auth/strategies.server";
import { requestCluster } from "./cluster-http.server";
import type { ClusterDetails } from "./clusters.server";
import { kubernetesProxyPermission } from "./permission/permissions";
import type { KubernetesRequestAuth } from "./types";

// Backstage's KubernetesProxy: a request below /api/kubernetes/proxy goes to
// the cluster the Backstage-Kubernetes-Cluster header names (or the only
// one), with the path below /proxy, the query and the body as they came.
// The cluster sees the user's token when Backstage-Kubernetes-Authorization
// carries one; otherwise the cluster's strategy makes a credential, from the
// Backstage-Kubernetes-Authorization-{provider}[-{name}] headers for the
// user-token providers. Only content headers go through: never the caller's
// cookie or Authorization, nor anything asking the API server to impersonate.

export const HEADER_KUBERNETES_CLUSTER = "backstage-kubernetes-cluster";
export const HEADER_KUBERNETES_AUTH = "backstage-kubernetes-authorization";

export type ProxyRequest = {
  method: string;
  /** The path below /proxy, starting with '/'. */
  path: string;
  /** The query string, with its '?', or ''. */
  search: string;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
  /** The user's provider tokens the session holds (request-auth.server.ts); the headers' win. */
  sessionAuth: KubernetesRequestAuth;
  /** The request's path, for the error body. */
  url: string;
};

const FORWARDED_REQUEST_HEADERS = ["accept", "content-type", "content-length", "if-match", "if-none-match"];
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "set-cookie"]);

export function clusterForRequest(clusters: ClusterDetails[], name: string | null): ClusterDetails {
  if (clusters.length === 0) throw new NotFoundError("No Clusters configured");
  const cluster = name ? clusters.find((candidate) => candidate.name === name) : clusters.length === 1 ? clusters[0] : undefined;
  if (!cluster) throw new NotFoundError(`Cluster ${name ?? ""} not found`);
  return cluster;
}

/** Backstage-Kubernetes-Authorization-{framework}[-{provider}] headers as the auth map: `-google` → {google}, `-oidc-okta` → {oidc: {okta}}. */
export function authFromHeaders(headers: Headers): KubernetesRequestAuth {
  const auth: Record<string, unknown> = {};
  for (const [name, value] of headers) {
    if (!name.startsWith(`${HEADER_KUBERNETES_AUTH}-`)) continue;
    const [framework, ...rest] = name.slice(HEADER_KUBERNETES_AUTH.length + 1).split("-");
    if (!framework) continue;
    if (rest.length === 0) auth[framework] = value;
    else {
      const existing = auth[framework];
      auth[framework] = { ...(existing && typeof existing === "object" ? existing : {}), [rest.join("-")]: value };
    }
  }
  return auth as KubernetesRequestAuth;
}

export type ProxyTarget = { cluster: ClusterDetails; credential: KubernetesCredential };

/** Whether the caller may use the proxy, the cluster the headers name and the credential to reach it with; HTTP and WebSocket requests alike. */
export async function proxyTargetFor(options: {
  credentials: Credentials;
  headers: Headers;
  sessionAuth: KubernetesRequestAuth;
  permissions: PermissionService;
  clusters: ClusterDetails[];
}): Promise<ProxyTarget> {
  if (options.permissions.decide(options.credentials, kubernetesProxyPermission).result !== "ALLOW") throw new NotAllowedError("Unauthorized");
  const cluster = clusterForRequest(options.clusters, options.headers.get(HEADER_KUBERNETES_CLUSTER));
  const userToken = options.headers.get(HEADER_KUBERNETES_AUTH);
  if (userToken) return { cluster, credential: { type: "bearer token", token: userToken.replace(/^Bearer\s+/i, "") } };
  try {
    return { cluster, credential: await credentialFor(cluster, { ...options.sessionAuth, ...authFromHeaders(options.headers) }) };
  } catch (error) {
    // A token the caller did not send is the caller's to fix: 400 with the strategy's words, not a server error.
    throw error instanceof KubernetesAuthError ? new InputError(error.message) : error;
  }
}

export async function proxyToCluster(options: { credentials: Credentials; request: ProxyRequest; permissions: PermissionService; clusters: ClusterDetails[]; logger: Logger }): Promise<Response> {
  const { request } = options;
  const { cluster, credential } = await proxyTargetFor({ ...options, headers: request.headers, sessionAuth: request.sessionAuth });
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  try {
    const response = await requestCluster(cluster, credential, {
      method: request.method,
      path: `${request.path}${request.search}`,
      headers,
      body: request.body ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream) : undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    const status = response.statusCode ?? 502;
    const bodyless = request.method === "HEAD" || status === 204 || status === 304;
    if (bodyless) response.resume();
    return new Response(bodyless ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), { status, headers: responseHeaders });
  } catch (error) {
    options.logger.error({ cluster: cluster.name, err: error }, "Kubernetes proxy error");
    // Backstage's body for a cluster that could not be reached: 500, naming the cluster (never its URL).
    return Response.json(
      { error: { name: "ForwardedError", message: `Cluster '${cluster.name}' request error` }, request: { method: request.method, url: request.url }, response: { statusCode: 500 } },
      { status: 500 },
    );
  }
}
