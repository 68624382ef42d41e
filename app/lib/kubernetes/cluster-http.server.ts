import { readFileSync } from "node:fs";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import type { KubernetesCredential } from "./auth/strategies.server";
import type { ClusterDetails } from "./clusters.server";

// One request to a cluster's API server: below the cluster's URL (its path
// kept, as Backstage's fetcher and proxy keep it), over TLS with the
// cluster's CA (caData, else caFile) unless skipTLSVerify, with the
// credential's bearer token. Both the object queries and the proxy go
// through here, so a cluster is reached one way.

export type ClusterRequest = {
  method: string;
  /** Path and query below the cluster's URL, e.g. /api/v1/namespaces/x/pods?labelSelector=... */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Readable;
  signal?: AbortSignal;
};

export function clusterUrlFor(cluster: ClusterDetails, pathAndQuery: string): URL {
  const base = new URL(cluster.url);
  const target = new URL(pathAndQuery, "http://placeholder");
  const basePath = base.pathname.replace(/\/+$/, "");
  base.pathname = `${basePath}${target.pathname}`;
  base.search = target.search;
  return base;
}

function caOf(cluster: ClusterDetails): string | Buffer | undefined {
  if (cluster.caData) return Buffer.from(cluster.caData, "base64");
  if (cluster.caFile) return readFileSync(cluster.caFile);
  return undefined;
}

/** Node's request options for a request to the cluster: its address, TLS trust and the credential's Authorization. */
export function clusterRequestOptions(cluster: ClusterDetails, credential: KubernetesCredential, request: ClusterRequest): https.RequestOptions {
  const url = clusterUrlFor(cluster, request.path);
  const headers: Record<string, string | string[]> = { ...request.headers };
  if (credential.type === "bearer token") headers.authorization = `Bearer ${credential.token}`;
  const secure = url.protocol === "https:";
  return {
    method: request.method,
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers,
    signal: request.signal,
    ...(secure ? { ca: caOf(cluster), rejectUnauthorized: !cluster.skipTLSVerify } : {}),
  };
}

/** Starts a request to the cluster; the caller sends its body and listens for its answer. */
export function startClusterRequest(cluster: ClusterDetails, credential: KubernetesCredential, request: ClusterRequest): http.ClientRequest {
  const options = clusterRequestOptions(cluster, credential, request);
  return (options.protocol === "https:" ? https : http).request(options);
}

/** Sends the request; settles with the API server's response (any status), or rejects on a network or TLS failure. */
export function requestCluster(cluster: ClusterDetails, credential: KubernetesCredential, request: ClusterRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const outgoing = startClusterRequest(cluster, credential, request);
    outgoing.on("response", resolve);
    outgoing.on("error", reject);
    if (request.body) request.body.pipe(outgoing);
    else outgoing.end();
  });
}

/** The most of one list answer the portal holds in memory: far beyond one entity's objects, short of a cluster's whole state. */
export const MAX_LIST_BYTES = 32 * 1024 * 1024;

/** The whole answer, up to `maxBytes`; past it the answer is dropped and the read fails, so one cluster cannot exhaust the portal's memory. */
export async function readAll(response: IncomingMessage, maxBytes = MAX_LIST_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new Error(`the API server's answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export type { IncomingHttpHeaders };
