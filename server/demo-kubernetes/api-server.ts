import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { CoreV1Event, V1Pod } from "@kubernetes/client-node";
import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";
import { acceptExec, createExecSockets, refuseUpgrade } from "./exec.ts";
import { acceptLogStream, createLogSockets } from "./log-stream.ts";
import { createObjectStore, type Answer } from "./object-store.ts";
import { podLog, type PodLogs } from "./pod-logs.ts";
import { queryFlag } from "./query-flags.ts";
import { metricsOfRunningPods, type PodMetrics } from "./pod-metrics.ts";
import { apiGroupList, apiResourceList, type ResourceType } from "./resources.ts";
import { parseLabelSelector, SelectorError } from "./selectors.ts";
import { failureStatus, forcedStatus, NOT_FOUND_PATH, type KubernetesStatus } from "./status.ts";
import { makeSelfSignedCertificate } from "./tls.ts";

// A Kubernetes API server on 127.0.0.1 that answers as a real one does, for
// the paths a portal uses: Backstage's KubernetesFetcher lists
// (plugins/kubernetes-backend/src/service/KubernetesFetcher.ts), metrics,
// pod logs, events, pod deletion and exec over a WebSocket. It is the outside
// system of the Kubernetes area's tests, and the clearly labelled demo
// cluster of the embedded default (with demoClusterFixtures()).

export type { PodMetrics } from "./pod-metrics.ts";

export type FakeKubernetesOptions = {
  /** Objects of any kind; the fake adds uid, resourceVersion and creationTimestamp where missing. */
  objects?: KubernetesObject[];
  /** When set, any request without `Authorization: Bearer <token>` gets 401. */
  token?: string;
  /** https with a self-signed certificate made at start; its PEM is `caData`. */
  tls?: boolean;
  /** Every answer is delayed by this much (a slow cluster). */
  delayMs?: number;
  /** metrics.k8s.io: false answers 404 as a cluster without metrics-server; true (the default) derives figures from the running pods. */
  metrics?: boolean | PodMetrics[];
  /** Container logs by `${namespace}/${pod}/${container}`, and `.../previous` for the last terminated instance. */
  logs?: PodLogs;
  events?: CoreV1Event[];
  /** Force every answer to this HTTP status, with a Status body (401, 403, 500...). */
  status?: number;
  /** The clock of creationTimestamp and deletion; tests with fixed fixtures pass theirs. */
  now?: () => Date;
};

export type FakeKubernetesApiServer = {
  url: string;
  /** Base64 PEM of the certificate, with `tls`: a kubeconfig's certificate-authority-data. */
  caData?: string;
  close(): Promise<void>;
  /** Every request as it arrived; `path` is the request target with its query. */
  requests: Array<{ method: string; path: string; authorization?: string }>;
  /** `${namespace}/${name}` of each pod deleted. */
  deletedPods: string[];
  /** Creates or replaces an object, as the cluster changing between two reads. */
  apply(object: KubernetesObject): void;
  /** Changes the forced status (undefined: answer normally) or the delay while running. */
  setStatus(status: number | undefined): void;
  setDelay(delayMs: number): void;
};

type Route = { type: ResourceType; version: string; namespace?: string; name?: string; subresource?: string };

const KUBERNETES_VERSION = {
  major: "1",
  minor: "31",
  gitVersion: "v1.31.4",
  gitCommit: "a78aa47129b8539636eb86a9d00e31b2720fe06b",
  gitTreeState: "clean",
  buildDate: "2024-12-10T18:05:32Z",
  goVersion: "go1.22.9",
  compiler: "gc",
  platform: "linux/amd64",
};

export async function startFakeKubernetesApiServer(options: FakeKubernetesOptions = {}): Promise<FakeKubernetesApiServer> {
  const now = options.now ?? (() => new Date());
  const events: KubernetesObject[] = (options.events ?? []).map((event) => ({ ...(event as unknown as KubernetesObject), apiVersion: "v1", kind: "Event" }));
  const store = createObjectStore([...(options.objects ?? []), ...events], now);
  const logs = options.logs ?? {};
  const requests: FakeKubernetesApiServer["requests"] = [];
  const deletedPods: string[] = [];
  let forced = options.status;
  let delayMs = options.delayMs ?? 0;
  const certificate = options.tls ? await makeSelfSignedCertificate() : undefined;
  const sockets = createExecSockets();
  const logSockets = createLogSockets();

  const podMetrics = (): PodMetrics[] | undefined => {
    if (options.metrics === false) return undefined;
    if (Array.isArray(options.metrics)) return options.metrics;
    return metricsOfRunningPods(store.pods() as V1Pod[], now());
  };

  /** `/api/v1/...` or `/apis/{group}/{version}/...` as a resource route, or undefined. */
  function routeOf(segments: string[]): Route | undefined {
    const [root, ...rest] = segments;
    let group = "";
    let version: string;
    if (root === "api") [version] = rest.splice(0, 1);
    else [group, version] = rest.splice(0, 2);
    let namespace: string | undefined;
    if (rest[0] === "namespaces" && rest.length >= 3) [, namespace] = rest.splice(0, 2);
    const [plural, name, subresource, ...extra] = rest;
    const type = plural ? store.typeOf(group, version, plural) : undefined;
    if (!type || extra.length > 0 || (namespace !== undefined && !type.namespaced)) return undefined;
    return { type, version, namespace, name, subresource };
  }

  function metricsAnswer(segments: string[], query: URLSearchParams): Answer {
    const metrics = podMetrics();
    const [, , , ...rest] = segments;
    if (!metrics) return { status: NOT_FOUND_PATH() };
    if (rest.length === 0)
      return { body: apiResourceList([{ group: "metrics.k8s.io", versions: ["v1beta1"], plural: "pods", kind: "PodMetrics", namespaced: true, fieldLabels: [] }], "metrics.k8s.io", "v1beta1") };
    const namespace = rest[0] === "namespaces" ? rest[1] : undefined;
    const [plural, name] = namespace === undefined ? rest : rest.slice(2);
    if (plural !== "pods") return { status: NOT_FOUND_PATH() };
    let matches: (labels: Record<string, string> | undefined) => boolean;
    try {
      matches = parseLabelSelector(query.get("labelSelector"));
    } catch (error) {
      if (error instanceof SelectorError) return { status: failureStatus(400, error.message) };
      throw error;
    }
    const items = metrics.filter((item) => (namespace === undefined || item.metadata.namespace === namespace) && matches(item.metadata.labels));
    if (name !== undefined) {
      const item = items.find((candidate) => candidate.metadata.name === name);
      if (!item) return { status: failureStatus(404, `podmetrics.metrics.k8s.io "${name}" not found`, { name, group: "metrics.k8s.io", kind: "pods" }) };
      return { body: { kind: "PodMetrics", apiVersion: "metrics.k8s.io/v1beta1", ...item } };
    }
    return { body: { kind: "PodMetricsList", apiVersion: "metrics.k8s.io/v1beta1", metadata: {}, items } };
  }

  function discoveryAnswer(segments: string[]): Answer | undefined {
    const path = segments.join("/");
    if (path === "version") return { body: KUBERNETES_VERSION };
    if (path === "api") return { body: { kind: "APIVersions", versions: ["v1"], serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress: "127.0.0.1:6443" }] } };
    if (path === "api/v1") return { body: apiResourceList(store.types(), "", "v1") };
    if (path === "apis") return { body: apiGroupList(store.types(), podMetrics() !== undefined) };
    if (segments[0] === "apis" && segments.length <= 3) {
      const group = apiGroupList(store.types(), podMetrics() !== undefined).groups.find((candidate) => candidate.name === segments[1]);
      if (!group) return { status: NOT_FOUND_PATH() };
      if (segments.length === 2) return { body: { kind: "APIGroup", apiVersion: "v1", ...group } };
      if (!group.versions.some((version) => version.version === segments[2])) return { status: NOT_FOUND_PATH() };
      return { body: apiResourceList(store.types(), segments[1], segments[2]) };
    }
    return undefined;
  }

  function resourceAnswer(method: string, route: Route, query: URLSearchParams): Answer | { text: string } {
    const { type, version, namespace, name, subresource } = route;
    const isPod = type.group === "" && type.plural === "pods";
    if (subresource !== undefined) {
      if (!isPod || !name || !namespace) return { status: NOT_FOUND_PATH() };
      const pod = store.find(type, namespace, name) as V1Pod | undefined;
      if (!pod) return store.get(type, version, namespace, name);
      if (subresource === "log" && method === "GET") return podLog(pod, query, logs);
      if (subresource === "status" && method === "GET") return store.get(type, version, namespace, name);
      if (subresource === "exec") return { status: failureStatus(400, "Upgrade request required") };
      return { status: NOT_FOUND_PATH() };
    }
    if (method === "GET") return name === undefined ? store.list(type, version, namespace, query) : store.get(type, version, namespace, name);
    if (method === "DELETE" && isPod && name !== undefined && namespace !== undefined) {
      const answer = store.remove(type, version, namespace, name);
      if ("body" in answer) deletedPods.push(`${namespace}/${name}`);
      return answer;
    }
    return { status: failureStatus(405, `the server does not allow this method on the requested resource`) };
  }

  function answer(method: string, segments: string[], query: URLSearchParams): Answer | { text: string } {
    if (["healthz", "livez", "readyz"].includes(segments.join("/"))) return { text: "ok" };
    if (segments[0] === "apis" && segments[1] === "metrics.k8s.io" && segments[2] === "v1beta1")
      return method === "GET" ? metricsAnswer(segments, query) : { status: failureStatus(405, "the server does not allow this method on the requested resource") };
    const discovery = method === "GET" ? discoveryAnswer(segments) : undefined;
    if (discovery) return discovery;
    const route = segments[0] === "api" || segments[0] === "apis" ? routeOf(segments) : undefined;
    if (!route) return { status: NOT_FOUND_PATH() };
    return resourceAnswer(method, route, query);
  }

  /** The status refusing this request before any routing: forced, or a missing or wrong token. */
  function refusal(request: IncomingMessage, path: string): KubernetesStatus | undefined {
    if (forced !== undefined) return forcedStatus(forced, request.method ?? "GET", path);
    if (options.token !== undefined && request.headers.authorization !== `Bearer ${options.token}`) return failureStatus(401, "Unauthorized");
    return undefined;
  }

  const arrive = async (request: IncomingMessage) => {
    requests.push({ method: request.method ?? "GET", path: request.url ?? "/", ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}) });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new URL(request.url ?? "/", "http://127.0.0.1");
  };

  const segmentsOf = (url: URL) => url.pathname.split("/").filter(Boolean).map(decodeURIComponent);

  /** What the server answers; a path that does not decode is the client's mistake, as on a real server. */
  function settle(request: IncomingMessage, url: URL): Answer | { text: string } {
    const denied = refusal(request, url.pathname);
    if (denied) return { status: denied };
    let segments: string[];
    try {
      segments = segmentsOf(url);
    } catch {
      return { status: failureStatus(400, `invalid path: ${url.pathname}`) };
    }
    return answer(request.method ?? "GET", segments, url.searchParams);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = await arrive(request);
    request.resume();
    const result = settle(request, url);
    if ("text" in result) response.writeHead(200, { "Content-Type": "text/plain" }).end(result.text);
    else if ("status" in result) response.writeHead(result.status.code, { "Content-Type": "application/json" }).end(JSON.stringify(result.status));
    else response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result.body));
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    // A client gone before the handshake ends is no failure of the server's.
    socket.on("error", () => socket.destroy());
    const url = await arrive(request);
    const denied = refusal(request, url.pathname);
    if (denied) return refuseUpgrade(socket, denied);
    let route: Route | undefined;
    try {
      const segments = segmentsOf(url);
      route = segments[0] === "api" ? routeOf(segments) : undefined;
    } catch {
      return refuseUpgrade(socket, failureStatus(400, `invalid path: ${url.pathname}`));
    }
    const streams = route?.subresource === "exec" || route?.subresource === "log";
    if (!route || route.type.plural !== "pods" || !streams || !route.name || !route.namespace) return refuseUpgrade(socket, NOT_FOUND_PATH());
    const pod = store.find(route.type, route.namespace, route.name) as V1Pod | undefined;
    if (!pod) {
      const missing = store.get(route.type, route.version, route.namespace, route.name);
      return refuseUpgrade(socket, (missing as { status: KubernetesStatus }).status);
    }
    const query = url.searchParams;
    if (route.subresource === "log") {
      const log = podLog(pod, query, logs);
      if ("status" in log) return refuseUpgrade(socket, log.status);
      return acceptLogStream(logSockets, request, socket, head, log.text, queryFlag(query, "follow"));
    }
    const containers = (pod.spec?.containers ?? []).map((container) => container.name);
    const container = query.get("container") ?? (containers.length === 1 ? containers[0] : undefined);
    if (!container) return refuseUpgrade(socket, failureStatus(400, `a container name must be specified for pod ${route.name}, choose one of: [${containers.join(" ")}]`));
    if (!containers.includes(container)) return refuseUpgrade(socket, failureStatus(400, `container ${container} is not valid for pod ${route.name}`));
    const running = pod.status?.containerStatuses?.find((status) => status.name === container)?.state?.running;
    if (!running) return refuseUpgrade(socket, failureStatus(400, `unable to upgrade connection: container not found ("${container}")`));
    const command = query.getAll("command");
    if (command.length === 0) return refuseUpgrade(socket, failureStatus(400, "you must specify at least 1 command"));
    const flag = (name: string) => queryFlag(query, name);
    acceptExec(sockets, request, socket, head, { podName: route.name, command, tty: flag("tty"), stdin: flag("stdin"), stderr: flag("stderr") });
  }

  const server: Server = certificate ? createHttpsServer({ key: certificate.key, cert: certificate.cert }) : createHttpServer();
  server.on("request", (request, response) => void handle(request, response));
  server.on("upgrade", (request, socket, head) => void upgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `${certificate ? "https" : "http"}://127.0.0.1:${port}`,
    ...(certificate ? { caData: certificate.caData } : {}),
    requests,
    deletedPods,
    apply: (object) => store.apply(object),
    setStatus: (status) => {
      forced = status;
    },
    setDelay: (value) => {
      delayMs = value;
    },
    close: async () => {
      for (const client of [...sockets.clients, ...logSockets.clients]) client.terminate();
      sockets.close();
      logSockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
