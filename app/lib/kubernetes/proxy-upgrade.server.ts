import type { IncomingMessage } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { apiCaller } from "../auth/request-credentials.server";
import type { RequestContext } from "../context.server";
import { errorBodyFor } from "../http/error-response.server";
import { NotAllowedError } from "../errors";
import { startClusterRequest } from "./cluster-http.server";
import { sessionAuthOf } from "./request-auth.server";

// WebSocket upgrades below /api/kubernetes/proxy (the pod terminal's exec,
// subprotocol channel.k8s.io) pass to the cluster as Backstage's proxy passes
// them (http-proxy-middleware with ws: true): the same door, permission,
// cluster and credential as an HTTP request to the proxy
// (proxy.server.ts), then the upgrade request itself goes to the API
// server, and its answer (101 or a refusal) comes back as it is. After a
// 101 the two sockets are joined byte for byte; Atrium reads no frame.
//
// A browser cannot set headers on a WebSocket, so without the
// Backstage-Kubernetes-Cluster header the only cluster is the one, as in
// Backstage (its terminal is offered only with exactly one cluster). And a
// browser sends its cookie to any site's WebSocket, so an upgrade from
// another origin is refused, as server/app.ts refuses cross-site mutations.

const FORWARDED_UPGRADE_HEADERS = ["sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol", "sec-websocket-extensions"];

export async function proxyUpgrade(app: RequestContext, request: IncomingMessage, socket: Duplex, head: Buffer, pathname: string): Promise<void> {
  const method = request.method ?? "GET";
  try {
    refuseOtherOrigins(request);
    const { credentials } = apiCaller(app, pathname);
    const headers = headersOf(request);
    const { cluster, credential } = await app.kubernetes.proxyTarget(credentials, { headers, sessionAuth: await sessionAuthOf(app, headers.get("cookie")) });
    const query = (request.url ?? "").includes("?") ? (request.url ?? "").slice((request.url ?? "").indexOf("?")) : "";
    const below = pathname.slice(pathname.indexOf("/api/kubernetes/proxy") + "/api/kubernetes/proxy".length) || "/";
    const forwarded: Record<string, string> = { connection: "Upgrade", upgrade: "websocket" };
    for (const name of FORWARDED_UPGRADE_HEADERS) {
      const value = headers.get(name);
      if (value !== null) forwarded[name] = value;
    }
    const upstream = startClusterRequest(cluster, credential, { method: "GET", path: `${below}${query}`, headers: forwarded });
    socket.on("error", () => upstream.destroy());
    upstream.on("upgrade", (response, clusterSocket, clusterHead) => {
      socket.write(statusLine(101, response.statusMessage) + rawHeaders(response.rawHeaders) + "\r\n");
      if (clusterHead.length > 0) socket.write(clusterHead);
      if (head.length > 0) clusterSocket.write(head);
      clusterSocket.on("error", () => socket.destroy());
      socket.on("error", () => clusterSocket.destroy());
      clusterSocket.pipe(socket).pipe(clusterSocket);
    });
    // The cluster refused the upgrade: its answer goes back as an HTTP response.
    upstream.on("response", (response) => {
      socket.write(statusLine(response.statusCode ?? 502, response.statusMessage) + rawHeaders(response.rawHeaders, ["connection", "transfer-encoding"]) + "Connection: close\r\n\r\n");
      response.pipe(socket);
    });
    upstream.on("error", (error) => {
      app.logger.error({ cluster: cluster.name, err: error }, "Kubernetes proxy error");
      const body = { error: { name: "ForwardedError", message: `Cluster '${cluster.name}' request error` }, request: { method, url: pathname }, response: { statusCode: 500 } };
      refuse(socket, 500, body);
    });
    upstream.end();
  } catch (error) {
    const body = errorBodyFor(error, { method, url: pathname });
    if (body.response.statusCode >= 500) app.logger.error({ err: error }, "Kubernetes proxy upgrade failed");
    refuse(socket, body.response.statusCode, body);
  }
}

function refuseOtherOrigins(request: IncomingMessage) {
  const origin = request.headers.origin;
  if (!origin) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host !== request.headers.host) throw new NotAllowedError(`Cross-site request refused: origin ${origin.slice(0, 200)} is not this site`);
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

const statusLine = (status: number, message?: string) => `HTTP/1.1 ${status} ${message || STATUS_CODES[status] || ""}\r\n`;

function rawHeaders(raw: string[], skip: string[] = []): string {
  let text = "";
  for (let i = 0; i < raw.length; i += 2) if (!skip.includes(raw[i].toLowerCase())) text += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return text;
}

function refuse(socket: Duplex, status: number, body: unknown) {
  const text = JSON.stringify(body);
  socket.end(`${statusLine(status)}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}
