import { PassThrough } from "node:stream";
import {
  ApiException,
  ApisApi,
  AppsV1Api,
  AutoscalingV1Api,
  AutoscalingV2Api,
  CoreV1Api,
  CustomObjectsApi,
  Exec,
  KubeConfig,
  Log,
  Metrics,
  VersionApi,
  type CoreV1Event,
  type V1Status,
} from "@kubernetes/client-node";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";
import { startFakeKubernetesApiServer, type FakeKubernetesApiServer, type FakeKubernetesOptions } from "./api-server.ts";

// Driven only through @kubernetes/client-node, the client Backstage's
// backend uses, so what passes here is what a real client sees; the pod
// terminal's raw `channel.k8s.io` socket is driven with `ws` as the browser's
// terminal would.

const running = (name: string) => ({ name, ready: true, restartCount: 0, image: `${name}:1`, imageID: "", started: true, state: { running: { startedAt: "2026-01-01T00:00:00Z" } } });

function pod(namespace: string, name: string, labels: Record<string, string>, containers = ["app"]): KubernetesObject {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace, labels },
    spec: { containers: containers.map((container) => ({ name: container, image: `${container}:1`, resources: { requests: { cpu: "100m", memory: "128Mi" } } })) },
    status: { phase: "Running", podIP: "10.0.0.1", containerStatuses: containers.map(running) },
  };
}

const OBJECTS: KubernetesObject[] = [
  pod("payments", "ledger-1", { "backstage.io/kubernetes-id": "ledger", tier: "api" }),
  pod("payments", "ledger-2", { "backstage.io/kubernetes-id": "ledger", tier: "worker" }),
  pod("search", "indexer-0", { "backstage.io/kubernetes-id": "indexer", tier: "api" }, ["indexer", "sidecar"]),
  pod("search", "loose", { app: "loose" }),
  {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "ledger", namespace: "payments", labels: { "backstage.io/kubernetes-id": "ledger" } },
    spec: { replicas: 2, selector: { matchLabels: { app: "ledger" } } },
  },
  {
    apiVersion: "autoscaling/v2",
    kind: "HorizontalPodAutoscaler",
    metadata: { name: "ledger", namespace: "payments", labels: { "backstage.io/kubernetes-id": "ledger" } },
    spec: {
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "ledger" },
      minReplicas: 2,
      maxReplicas: 4,
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 65 } } }],
    },
    status: {
      currentReplicas: 4,
      desiredReplicas: 4,
      currentMetrics: [{ type: "Resource", resource: { name: "cpu", current: { averageUtilization: 91 } } }],
      conditions: [{ type: "ScalingLimited", status: "True", reason: "TooManyReplicas", message: "the desired replica count is more than the maximum replica count" }],
    },
  },
  {
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Rollout",
    metadata: { name: "ledger", namespace: "payments", labels: { "backstage.io/kubernetes-id": "ledger" } },
    spec: { strategy: { canary: { steps: [{ setWeight: 20 }, { pause: {} }] } } },
  },
];

const EVENTS: CoreV1Event[] = [
  {
    metadata: { name: "ledger-1.17a", namespace: "payments" },
    involvedObject: { kind: "Pod", name: "ledger-1", namespace: "payments" },
    reason: "BackOff",
    message: "Back-off restarting failed container app in pod ledger-1",
    type: "Warning",
    count: 12,
  },
  {
    metadata: { name: "ledger-2.17b", namespace: "payments" },
    involvedObject: { kind: "Pod", name: "ledger-2", namespace: "payments" },
    reason: "Pulled",
    message: 'Container image "ledger:1" already present on machine',
    type: "Normal",
    count: 1,
  },
];

const LOGS = {
  "payments/ledger-1/app": "started\nlistening on :8080\n",
  "payments/ledger-1/app/previous": "panic: DATABASE_URL is not set\n",
};

let server: FakeKubernetesApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: FakeKubernetesOptions = {}) {
  server = await startFakeKubernetesApiServer({ objects: OBJECTS, events: EVENTS, logs: LOGS, ...options });
  return server;
}

function kubeConfig(url: string, options: { token?: string; caData?: string } = {}) {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "fake", server: url, caData: options.caData, skipTLSVerify: url.startsWith("http:") }],
    users: [{ name: "portal", token: options.token }],
    contexts: [{ name: "fake", cluster: "fake", user: "portal" }],
    currentContext: "fake",
  });
  return kc;
}

const names = (list: { items: Array<{ metadata?: { name?: string } }> }) => list.items.map((item) => item.metadata?.name).sort();

/** The client's error for a refused call, with the Status body it carries (client-node keeps it as text). */
async function failure(promise: Promise<unknown>): Promise<{ code: number; body: unknown }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiException);
  const { code, body } = error as ApiException<unknown>;
  return { code, body: typeof body === "string" && body.startsWith("{") ? JSON.parse(body) : body };
}

describe("lists", () => {
  it("lists pods cluster-wide and per namespace with label selectors, as Backstage's fetcher asks", async () => {
    const { url } = await start();
    const core = kubeConfig(url).makeApiClient(CoreV1Api);

    const all = await core.listPodForAllNamespaces({ labelSelector: "backstage.io/kubernetes-id=ledger" });
    expect(all.kind).toBe("PodList");
    expect(all.apiVersion).toBe("v1");
    expect(all.metadata?.resourceVersion).toMatch(/^\d+$/);
    expect(names(all)).toEqual(["ledger-1", "ledger-2"]);

    const inSearch = await core.listNamespacedPod({ namespace: "search" });
    expect(names(inSearch)).toEqual(["indexer-0", "loose"]);

    expect(names(await core.listPodForAllNamespaces({ labelSelector: "tier in (api, worker),backstage.io/kubernetes-id!=indexer" }))).toEqual(["ledger-1", "ledger-2"]);
    expect(names(await core.listPodForAllNamespaces({ labelSelector: "tier notin (api)" }))).toEqual(["ledger-2", "loose"]);
    expect(names(await core.listPodForAllNamespaces({ labelSelector: "!tier" }))).toEqual(["loose"]);
    expect(names(await core.listPodForAllNamespaces({ labelSelector: "tier,tier==api" }))).toEqual(["indexer-0", "ledger-1"]);
  });

  it("answers items without kind or apiVersion, as typed lists come from a real server", async () => {
    const { url } = await start();
    const response = await fetch(`${url}/api/v1/namespaces/payments/pods`);
    const body = (await response.json()) as { items: Array<Record<string, unknown>> };
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(body.items[0]).not.toHaveProperty("kind");
    expect(body.items[0]).not.toHaveProperty("apiVersion");
  });

  it("filters by field selectors and refuses the ones the type does not support", async () => {
    const { url } = await start();
    const core = kubeConfig(url).makeApiClient(CoreV1Api);
    expect(names(await core.listPodForAllNamespaces({ fieldSelector: "metadata.name=ledger-2" }))).toEqual(["ledger-2"]);
    expect(names(await core.listPodForAllNamespaces({ fieldSelector: "metadata.namespace=search,metadata.name!=loose" }))).toEqual(["indexer-0"]);

    const refused = await failure(core.listPodForAllNamespaces({ fieldSelector: "spec.unknownField=x" }));
    expect(refused.code).toBe(400);
    expect(refused.body).toMatchObject({ kind: "Status", reason: "BadRequest", message: "field label not supported: spec.unknownField" });

    const badLabels = await failure(core.listPodForAllNamespaces({ labelSelector: "tier in api" }));
    expect(badLabels.code).toBe(400);
  });

  it("serves apps, autoscaling v2 and v1, and custom resources, and reads single objects", async () => {
    const { url } = await start();
    const kc = kubeConfig(url);
    const deployments = await kc.makeApiClient(AppsV1Api).listDeploymentForAllNamespaces({ labelSelector: "backstage.io/kubernetes-id=ledger" });
    expect(deployments.kind).toBe("DeploymentList");
    expect(names(deployments)).toEqual(["ledger"]);

    const v2 = await kc.makeApiClient(AutoscalingV2Api).listNamespacedHorizontalPodAutoscaler({ namespace: "payments" });
    expect(v2.items[0].spec.maxReplicas).toBe(4);
    expect(v2.items[0].status?.conditions?.[0].reason).toBe("TooManyReplicas");
    const v1 = await kc.makeApiClient(AutoscalingV1Api).readNamespacedHorizontalPodAutoscaler({ namespace: "payments", name: "ledger" });
    expect(v1.apiVersion).toBe("autoscaling/v1");
    expect(v1.spec?.targetCPUUtilizationPercentage).toBe(65);
    expect(v1.status?.currentCPUUtilizationPercentage).toBe(91);
    expect(v1.status?.currentReplicas).toBe(4);

    const rollouts = (await kc
      .makeApiClient(CustomObjectsApi)
      .listClusterCustomObject({ group: "argoproj.io", version: "v1alpha1", plural: "rollouts", labelSelector: "backstage.io/kubernetes-id=ledger" })) as {
      kind: string;
      items: Array<{ kind: string; metadata: { name: string } }>;
    };
    expect(rollouts.kind).toBe("RolloutList");
    expect(rollouts.items).toMatchObject([{ kind: "Rollout", apiVersion: "argoproj.io/v1alpha1", metadata: { name: "ledger" } }]);

    const single = await kc.makeApiClient(CoreV1Api).readNamespacedPod({ namespace: "payments", name: "ledger-1" });
    expect(single).toMatchObject({ kind: "Pod", apiVersion: "v1", metadata: { name: "ledger-1", namespace: "payments" } });
    expect(single.metadata?.uid).toBeTruthy();
  });

  it("answers 404 Status objects for a missing object, an unknown resource and an unknown group, 400 for a path that does not decode", async () => {
    const { url } = await start();
    const kc = kubeConfig(url);
    const missing = await failure(kc.makeApiClient(AppsV1Api).readNamespacedDeployment({ namespace: "payments", name: "nope" }));
    expect(missing.code).toBe(404);
    expect(missing.body).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: 'deployments.apps "nope" not found',
      reason: "NotFound",
      details: { name: "nope", group: "apps", kind: "deployments" },
      code: 404,
    });
    const unknownGroup = await failure(kc.makeApiClient(CustomObjectsApi).listClusterCustomObject({ group: "example.com", version: "v1", plural: "widgets" }));
    expect(unknownGroup.code).toBe(404);
    const unknownPath = await fetch(`${url}/api/v1/widgets`);
    expect(unknownPath.status).toBe(404);
    expect(await unknownPath.json()).toMatchObject({ kind: "Status", reason: "NotFound", code: 404 });
    const undecodable = await fetch(`${url}/api/v1/namespaces/%E0%A4%A/pods`);
    expect(undecodable.status).toBe(400);
    expect(await undecodable.json()).toMatchObject({ kind: "Status", reason: "BadRequest", code: 400 });
  });
});

describe("metrics, logs, events and deletion", () => {
  it("reports pod metrics per namespace and discovers the metrics API, and answers 404 on a cluster without metrics-server", async () => {
    const { url } = await start();
    const metrics = await new Metrics(kubeConfig(url)).getPodMetrics("payments");
    expect(metrics.kind).toBe("PodMetricsList");
    expect(metrics.items.map((item) => item.metadata.name).sort()).toEqual(["ledger-1", "ledger-2"]);
    expect(metrics.items[0].containers[0].usage.cpu).toMatch(/^\d+n$/);
    expect(metrics.items[0].containers[0].usage.memory).toMatch(/^\d+Ki$/);
    const groups = await kubeConfig(url).makeApiClient(ApisApi).getAPIVersions();
    expect(groups.groups.map((group) => group.name)).toEqual(expect.arrayContaining(["apps", "autoscaling", "batch", "networking.k8s.io", "argoproj.io", "metrics.k8s.io"]));
    expect(await (await fetch(`${url}/apis/metrics.k8s.io/v1beta1`)).json()).toMatchObject({ kind: "APIResourceList", resources: [{ name: "pods", kind: "PodMetrics" }] });
    expect((await kubeConfig(url).makeApiClient(VersionApi).getCode()).major).toBe("1");
    await server?.close();

    server = await startFakeKubernetesApiServer({ objects: OBJECTS, metrics: false });
    const refused = await failure(new Metrics(kubeConfig(server.url)).getPodMetrics("payments"));
    expect(refused.code).toBe(404);
    const withoutMetrics = await kubeConfig(server.url).makeApiClient(ApisApi).getAPIVersions();
    expect(withoutMetrics.groups.map((group) => group.name)).not.toContain("metrics.k8s.io");
  });

  it("serves current and previous container logs as text, and refuses a previous instance that never was", async () => {
    const { url } = await start();
    const core = kubeConfig(url).makeApiClient(CoreV1Api);
    expect(await core.readNamespacedPodLog({ namespace: "payments", name: "ledger-1", container: "app" })).toBe("started\nlistening on :8080\n");
    expect(await core.readNamespacedPodLog({ namespace: "payments", name: "ledger-1", container: "app", previous: true })).toBe("panic: DATABASE_URL is not set\n");
    expect(await core.readNamespacedPodLog({ namespace: "payments", name: "ledger-1", container: "app", tailLines: 1 })).toBe("listening on :8080\n");
    expect(await core.readNamespacedPodLog({ namespace: "payments", name: "ledger-2", container: "app" })).toBe("");
    // Backstage's pod logs ask `&previous=`, which the API server reads as true.
    const asBackstageAsks = await fetch(`${url}/api/v1/namespaces/payments/pods/ledger-1/log?container=app&previous=`);
    expect(asBackstageAsks.headers.get("content-type")).toBe("text/plain");
    expect(await asBackstageAsks.text()).toBe("panic: DATABASE_URL is not set\n");
    expect(await (await fetch(`${url}/api/v1/namespaces/payments/pods/ledger-1/log?container=app&previous=false`)).text()).toBe("started\nlistening on :8080\n");

    const noPrevious = await failure(core.readNamespacedPodLog({ namespace: "payments", name: "ledger-2", container: "app", previous: true }));
    expect(noPrevious.code).toBe(400);
    expect(noPrevious.body).toMatchObject({ message: 'previous terminated container "app" in pod "ledger-2" not found' });
    const ambiguous = await failure(core.readNamespacedPodLog({ namespace: "search", name: "indexer-0" }));
    expect(ambiguous.body).toMatchObject({ message: "a container name must be specified for pod indexer-0, choose one of: [indexer sidecar]" });

    const chunks: Buffer[] = [];
    const stream = new PassThrough().on("data", (chunk: Buffer) => chunks.push(chunk));
    await new Log(kubeConfig(url)).log("payments", "ledger-1", "app", stream, { previous: true });
    await new Promise((resolve) => stream.on("end", resolve));
    expect(Buffer.concat(chunks).toString()).toBe("panic: DATABASE_URL is not set\n");
  });

  it("streams a log over a WebSocket, as Backstage's log viewer follows it, and refuses one that cannot be read", async () => {
    const { url } = await start();
    const base = `${url.replace("http", "ws")}/api/v1/namespaces/payments/pods/ledger-1/log`;
    const read = (target: string, protocol: string) =>
      new Promise<{ frames: Array<string | Buffer>; protocol: string }>((resolve, reject) => {
        const socket = new WebSocket(target, protocol);
        const frames: Array<string | Buffer> = [];
        socket.on("message", (data: Buffer, isBinary) => frames.push(isBinary ? data : data.toString()));
        socket.on("close", () => resolve({ frames, protocol: socket.protocol }));
        socket.on("error", reject);
      });
    const binary = await read(`${base}?container=app&previous=`, "binary.k8s.io");
    expect(binary.protocol).toBe("binary.k8s.io");
    expect(binary.frames.map(String)).toEqual(["panic: DATABASE_URL is not set\n"]);
    const base64 = await read(`${base}?container=app`, "base64.binary.k8s.io");
    expect(base64.frames.map((frame) => Buffer.from(String(frame), "base64").toString())).toEqual(["started\nlistening on :8080\n"]);
    await expect(read(`${base}?container=db`, "binary.k8s.io")).rejects.toThrow("Unexpected server response: 400");
  });

  it("lists a pod's events by involvedObject.name", async () => {
    const { url } = await start();
    const events = await kubeConfig(url).makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: "payments", fieldSelector: "involvedObject.name=ledger-1" });
    expect(events.kind).toBe("EventList");
    expect(events.items).toMatchObject([{ reason: "BackOff", type: "Warning", count: 12, involvedObject: { name: "ledger-1" } }]);
  });

  it("deletes a pod: the answer is the pod marked for deletion, and it is gone afterwards", async () => {
    const fake = await start();
    const core = kubeConfig(fake.url).makeApiClient(CoreV1Api);
    const deleted = await core.deleteNamespacedPod({ namespace: "payments", name: "ledger-2" });
    expect(deleted).toMatchObject({ kind: "Pod", metadata: { name: "ledger-2", namespace: "payments" } });
    expect(deleted.metadata?.deletionTimestamp).toBeInstanceOf(Date);
    expect(fake.deletedPods).toEqual(["payments/ledger-2"]);
    expect(names(await core.listNamespacedPod({ namespace: "payments" }))).toEqual(["ledger-1"]);
    expect((await failure(core.deleteNamespacedPod({ namespace: "payments", name: "ledger-2" }))).code).toBe(404);
    expect(fake.requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      "/api/v1/namespaces/payments/pods/ledger-2",
      "/api/v1/namespaces/payments/pods/ledger-2",
    ]);
  });
});

describe("the cluster's access", () => {
  it("answers 401 without the bearer token and serves with it", async () => {
    const { url } = await start({ token: "s3cret" });
    const refused = await failure(kubeConfig(url).makeApiClient(CoreV1Api).listPodForAllNamespaces());
    expect(refused.code).toBe(401);
    const wrong = await fetch(`${url}/api/v1/pods`, { headers: { authorization: "Bearer other" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ kind: "Status", reason: "Unauthorized", code: 401 });
    const pods = await kubeConfig(url, { token: "s3cret" }).makeApiClient(CoreV1Api).listPodForAllNamespaces();
    expect(pods.items).toHaveLength(4);
    expect(server?.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/v1/pods", authorization: "Bearer s3cret" });
  });

  it("serves TLS that a client trusts with caData, and that fails without it", async () => {
    const { url, caData } = await start({ tls: true, token: "s3cret" });
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const pods = await kubeConfig(url, { token: "s3cret", caData }).makeApiClient(CoreV1Api).listNamespacedPod({ namespace: "payments" });
    expect(names(pods)).toEqual(["ledger-1", "ledger-2"]);
    const untrusted = await kubeConfig(url, { token: "s3cret" })
      .makeApiClient(CoreV1Api)
      .listNamespacedPod({ namespace: "payments" })
      .then(
        () => undefined,
        (error: Error & { cause?: { code?: string } }) => error,
      );
    expect(untrusted?.cause?.code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
  });

  it("delays every answer", async () => {
    const { url } = await start({ delayMs: 300 });
    const started = performance.now();
    await kubeConfig(url).makeApiClient(CoreV1Api).listNamespacedPod({ namespace: "payments" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("forces a status on every answer, and can change it while running", async () => {
    const fake = await start({ status: 403 });
    const core = kubeConfig(fake.url).makeApiClient(CoreV1Api);
    const forbidden = await failure(core.listPodForAllNamespaces());
    expect(forbidden.code).toBe(403);
    expect(forbidden.body).toMatchObject({ kind: "Status", reason: "Forbidden", code: 403 });
    fake.setStatus(500);
    expect((await failure(core.listPodForAllNamespaces())).code).toBe(500);
    fake.setStatus(undefined);
    expect((await core.listPodForAllNamespaces()).items).toHaveLength(4);
  });
});

describe("exec", () => {
  function collector() {
    const chunks: Buffer[] = [];
    const stream = new PassThrough().on("data", (chunk: Buffer) => chunks.push(chunk));
    return { stream, text: () => Buffer.concat(chunks).toString() };
  }

  it("runs a shell in the pod: hostname is the pod's name, unknown commands fail on stderr, exit ends with its status", async () => {
    const { url } = await start({ token: "s3cret" });
    const stdout = collector();
    const stderr = collector();
    const stdin = new PassThrough();
    const status = new Promise<V1Status>((resolve) => {
      void new Exec(kubeConfig(url, { token: "s3cret" })).exec("payments", "ledger-1", "app", ["/bin/sh"], stdout.stream, stderr.stream, stdin, false, resolve);
    });
    stdin.write("hostname\n");
    stdin.write("echo hello   $HOSTNAME; pwd\n");
    stdin.write("kubectl\n");
    stdin.write("exit 3\n");
    expect(await status).toMatchObject({ status: "Failure", reason: "NonZeroExitCode", details: { causes: [{ reason: "ExitCode", message: "3" }] } });
    expect(stdout.text()).toBe("ledger-1\nhello ledger-1\n/\n");
    expect(stderr.text()).toBe("sh: kubectl: not found\n");
  });

  it("runs a single command and reports success", async () => {
    const { url } = await start();
    const stdout = collector();
    const status = await new Promise<V1Status>((resolve) => {
      void new Exec(kubeConfig(url)).exec("payments", "ledger-2", "app", "hostname", stdout.stream, null, null, false, resolve);
    });
    expect(status).toMatchObject({ status: "Success" });
    expect(stdout.text()).toBe("ledger-2\n");
  });

  it("refuses exec into a missing pod or container before upgrading", async () => {
    const { url } = await start();
    const exec = new Exec(kubeConfig(url));
    await expect(exec.exec("payments", "nope", "app", "hostname", null, null, null, false)).rejects.toThrow();
    await expect(exec.exec("payments", "ledger-1", "db", "hostname", null, null, null, false)).rejects.toThrow();
  });

  it("ends a v4.channel.k8s.io session with its Status on channel 3", async () => {
    const { url } = await start();
    const socket = new WebSocket(`${url.replace("http", "ws")}/api/v1/namespaces/search/pods/indexer-0/exec?container=sidecar&stdout=true&stderr=true&command=hostname`, ["v4.channel.k8s.io"]);
    const frames: Array<{ channel: number; text: string }> = [];
    socket.on("message", (data: Buffer) => frames.push({ channel: data[0], text: data.subarray(1).toString() }));
    await new Promise((resolve) => socket.once("close", resolve));
    expect(socket.protocol).toBe("v4.channel.k8s.io");
    expect(frames).toEqual([
      { channel: 1, text: "indexer-0\n" },
      { channel: 3, text: JSON.stringify({ metadata: {}, status: "Success" }) },
    ]);
  });

  it("speaks channel.k8s.io as Backstage's pod terminal does: a tty echoes the keys, prints a prompt and closes on exit", async () => {
    const { url } = await start();
    const socket = new WebSocket(
      `${url.replace("http", "ws")}/api/v1/namespaces/search/pods/indexer-0/exec?container=indexer&stdin=true&stdout=true&stderr=true&tty=true&command=%2Fbin%2Fsh`,
      "channel.k8s.io",
    );
    const frames: Array<{ channel: number; text: string }> = [];
    socket.on("message", (data: Buffer) => frames.push({ channel: data[0], text: data.subarray(1).toString() }));
    await new Promise((resolve) => socket.once("open", resolve));
    expect(socket.protocol).toBe("channel.k8s.io");
    const closed = new Promise<number>((resolve) => socket.once("close", resolve));
    for (const key of ["hostname\r", "ls\r", "exit\r"]) socket.send(Buffer.concat([Buffer.from([0]), Buffer.from(key)]));
    expect(await closed).toBe(1000);
    const stdout = frames
      .filter((frame) => frame.channel === 1)
      .map((frame) => frame.text)
      .join("");
    expect(stdout).toBe("/ # hostname\r\nindexer-0\r\n/ # ls\r\n/ # exit\r\n");
    expect(frames.filter((frame) => frame.channel === 2).map((frame) => frame.text)).toEqual(["sh: ls: not found\r\n"]);
    expect(frames.some((frame) => frame.channel === 3)).toBe(false);
  });
});
