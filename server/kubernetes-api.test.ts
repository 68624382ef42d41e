import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ClusterObjects, KubernetesObject, ObjectsByEntityResponse } from "../app/lib/kubernetes/types";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, startServer, TEST_API_TOKEN, type RunningServer } from "../tests/support/server";
import { startFakeKubernetesApiServer, type FakeKubernetesApiServer } from "./demo-kubernetes/api-server";

// /api/kubernetes on the built server, as Backstage's Kubernetes frontend
// calls it, against fake API servers on 127.0.0.1: one entity across
// clusters that answer, stall past their time limit, refuse the token, offer
// a certificate nobody trusts or name an auth provider nobody knows; the
// annotations that choose what is listed; custom resources; the cluster
// list; and the proxy for logs, events, deletion and the terminal's exec.

const READER_TOKEN = "kube-reader-token-0123";
const SLOW_LIMIT_MS = 500;

const running = (name: string) => ({ name, ready: true, restartCount: 0, image: `${name}:1`, started: true, state: { running: { startedAt: "2026-01-01T00:00:00Z" } } });

function pod(namespace: string, name: string, labels: Record<string, string>): KubernetesObject {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace, labels },
    spec: { containers: [{ name: "app", image: "app:1", resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { cpu: "500m", memory: "256Mi" } } }] },
    status: { phase: "Running", containerStatuses: [running("app")] },
  };
}

const CHECKOUT = { "backstage.io/kubernetes-id": "checkout" };

const FAST_OBJECTS: KubernetesObject[] = [
  pod("shop", "checkout-1", { ...CHECKOUT, app: "checkout" }),
  pod("payments", "checkout-2", { ...CHECKOUT, app: "checkout" }),
  pod("shop", "doomed", CHECKOUT),
  pod("shop", "legacy-1", { app: "legacy" }),
  // A pod the API server answers without containers: listed, never a crash.
  { apiVersion: "v1", kind: "Pod", metadata: { name: "broken", namespace: "shop", labels: CHECKOUT }, spec: {}, status: { phase: "Running" } },
  // A request client-node cannot read as a quantity: the pod is listed, its namespace goes without metrics.
  {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "odd-1", namespace: "odd", labels: CHECKOUT },
    spec: { containers: [{ name: "app", image: "app:1", resources: { requests: { cpu: "lots" } } }] },
    status: { phase: "Running", containerStatuses: [running("app")] },
  },
  { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "checkout", namespace: "shop", labels: CHECKOUT }, spec: { replicas: 2, selector: { matchLabels: { app: "checkout" } } } },
  { apiVersion: "argoproj.io/v1alpha1", kind: "Rollout", metadata: { name: "checkout", namespace: "shop", labels: CHECKOUT }, spec: { strategy: { canary: { steps: [{ setWeight: 20 }] } } } },
];

const entity = (annotations: Record<string, string>) => ({ metadata: { name: "checkout", annotations } });
const byCluster = (body: ObjectsByEntityResponse) => Object.fromEntries(body.items.map((item) => [item.cluster.name, item])) as Record<string, ClusterObjects>;
const namesOf = (item: ClusterObjects | undefined, type: string) =>
  (item?.resources.find((response) => response.type === type)?.resources as KubernetesObject[] | undefined)?.map((object) => object.metadata?.name).sort();

describe("the Kubernetes API", () => {
  const fakes: Record<string, FakeKubernetesApiServer> = {};
  let server: RunningServer;

  const api = (pathname: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${init.token ?? TEST_API_TOKEN}`);
    return fetch(`${server.url}/api/kubernetes${pathname}`, { redirect: "manual", ...init, headers });
  };
  const post = (pathname: string, body: unknown, token?: string) => api(pathname, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), token });
  /** The paths a fake cluster was asked for from now on. */
  const watch = (fake: FakeKubernetesApiServer) => {
    const start = fake.requests.length;
    return () => fake.requests.slice(start);
  };

  beforeAll(async () => {
    fakes.fast = await startFakeKubernetesApiServer({
      objects: FAST_OBJECTS,
      token: "fast-token",
      logs: { "shop/checkout-1/app": "listening on :8080\n" },
      events: [
        {
          metadata: { name: "checkout-1.1", namespace: "shop" },
          involvedObject: { kind: "Pod", name: "checkout-1", namespace: "shop" },
          reason: "BackOff",
          message: "Back-off restarting failed container",
          type: "Warning",
          count: 3,
        },
        { metadata: { name: "other.1", namespace: "shop" }, involvedObject: { kind: "Pod", name: "legacy-1", namespace: "shop" }, reason: "Pulled", message: "pulled", type: "Normal", count: 1 },
      ],
    });
    fakes.slow = await startFakeKubernetesApiServer({ objects: [pod("shop", "slow-1", CHECKOUT)], delayMs: 5_000 });
    fakes.locked = await startFakeKubernetesApiServer({ objects: [pod("shop", "locked-1", CHECKOUT)], token: "the-right-token" });
    fakes.untrusted = await startFakeKubernetesApiServer({ objects: [pod("shop", "untrusted-1", CHECKOUT)], tls: true });
    fakes.secure = await startFakeKubernetesApiServer({ objects: [pod("shop", "secure-1", CHECKOUT)], tls: true, token: "okta-user-token" });

    const dir = mkdtempSync(path.join(tmpdir(), "atrium-kubernetes-api-"));
    const catalogFile = path.join(dir, "catalog.yaml");
    writeFileSync(
      catalogFile,
      [
        { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "checkout", annotations: CHECKOUT }, spec: { type: "service", owner: "team-a", lifecycle: "production" } },
        {
          apiVersion: "backstage.io/v1alpha1",
          kind: "Resource",
          metadata: { name: "from-catalog", annotations: { "kubernetes.io/api-server": fakes.fast.url, "kubernetes.io/auth-provider": "kerberos" } },
          spec: { type: "kubernetes-cluster", owner: "team-a" },
        },
      ]
        .map((document) => JSON.stringify(document))
        .join("\n---\n"),
    );
    server = await startServer(`
catalog:
  locations: [{ type: file, target: ${catalogFile} }]
  rules: [{ allow: [Component, Resource, Location] }]
backend:
  auth:
    externalAccess:
      - type: static
        options: { token: ${TEST_API_TOKEN}, subject: server-tests }
      - type: static
        options: { token: ${READER_TOKEN}, subject: kube-reader }
        accessRestrictions:
          - plugin: kubernetes
            permission: [kubernetes.clusters.read, kubernetes.resources.read]
kubernetes:
  serviceLocatorMethod: { type: multiTenant }
  clusterRequestTimeout: 5s
  clusterLocatorMethods:
    - type: config
      clusters:
        - { name: fast, title: Fast cluster, url: '${fakes.fast.url}', authProvider: serviceAccount, serviceAccountToken: fast-token, dashboardUrl: 'https://dash.example/fast', dashboardApp: standard, customResources: [{ group: argoproj.io, apiVersion: v1alpha1, plural: rollouts }] }
        - { name: slow, url: '${fakes.slow.url}', authProvider: localKubectlProxy, requestTimeout: ${SLOW_LIMIT_MS}ms }
        - { name: locked, url: '${fakes.locked.url}', authProvider: serviceAccount, serviceAccountToken: a-wrong-token }
        - { name: untrusted, url: '${fakes.untrusted.url}', authProvider: localKubectlProxy }
        - { name: secure, url: '${fakes.secure.url}', authProvider: oidc, oidcTokenProvider: okta, caData: '${fakes.secure.caData}', skipMetricsLookup: true, dashboardApp: gke, dashboardParameters: { projectId: p1, region: r1, clusterName: secure } }
    - type: catalog
`);
    await eventually(async () => {
      const response = await fetch(`${server.url}/api/catalog/entities/by-name/resource/default/from-catalog`, { headers: API_AUTHORIZATION });
      return response.ok;
    }, "the catalog's cluster entity");
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  });

  it("gathers one entity across the clusters: each failure is its cluster's error, and a stalled cluster does not hold up the answer", async () => {
    const started = Date.now();
    const response = await post("/services/checkout", { entity: entity(CHECKOUT), auth: { oidc: { okta: "okta-user-token" } } });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(200);
    const text = await response.text();
    const clusters = byCluster(JSON.parse(text));
    // The slow cluster would take 5 s; its own limit ends it at half a second.
    expect(elapsed).toBeLessThan(3_000);
    expect(Object.keys(clusters).sort()).toEqual(["fast", "from-catalog", "locked", "secure", "slow", "untrusted"]);

    expect(clusters.fast.cluster).toEqual({ name: "fast", title: "Fast cluster", dashboardUrl: "https://dash.example/fast", dashboardApp: "standard" });
    expect(clusters.fast.errors).toEqual([]);
    expect(namesOf(clusters.fast, "pods")).toEqual(["broken", "checkout-1", "checkout-2", "doomed", "odd-1"]);
    expect(namesOf(clusters.fast, "deployments")).toEqual(["checkout"]);
    expect(namesOf(clusters.fast, "services")).toEqual([]);
    expect(clusters.fast.resources.map((response) => response.type).sort()).toEqual(
      [
        "configmaps",
        "cronjobs",
        "customresources",
        "daemonsets",
        "deployments",
        "horizontalpodautoscalers",
        "ingresses",
        "jobs",
        "limitranges",
        "pods",
        "replicasets",
        "resourcequotas",
        "services",
        "statefulsets",
      ].sort(),
    );
    const rollouts = clusters.fast.resources.find((response) => response.type === "customresources")?.resources as KubernetesObject[];
    expect(rollouts.map((object) => [object.kind, object.metadata?.name])).toEqual([["Rollout", "checkout"]]);
    // Metrics for the pods that have containers; the broken and the odd pods are listed but left out of them.
    expect(clusters.fast.podMetrics.map((status) => status.pod.metadata?.name).sort()).toEqual(["checkout-1", "checkout-2", "doomed"]);
    // Bytes are bigints in client-node, so strings on the wire, as Backstage sends them.
    expect(clusters.fast.podMetrics[0]).toMatchObject({ cpu: { requestTotal: 0.1, limitTotal: 0.5 }, memory: { limitTotal: "268435456" } });

    expect(clusters.slow.errors).toEqual([{ errorType: "FETCH_ERROR", message: `request to cluster 'slow' failed, reason: no answer within ${SLOW_LIMIT_MS} ms` }]);
    expect(clusters.locked.errors).toContainEqual({ errorType: "UNAUTHORIZED_ERROR", statusCode: 401, resourcePath: "/api/v1/pods" });
    expect(clusters.locked.resources).toEqual([]);
    expect(clusters.untrusted.errors).toHaveLength(1);
    expect(clusters.untrusted.errors[0]).toMatchObject({ errorType: "FETCH_ERROR", message: expect.stringMatching(/self[- ]signed certificate/) });
    expect(clusters["from-catalog"].errors).toEqual([{ errorType: "FETCH_ERROR", message: 'authProvider "kerberos" has no KubernetesAuthProvider defined for it' }]);

    // The oidc cluster got the user's token from the posted auth map, over TLS trusted through caData, and no metrics lookup.
    expect(namesOf(clusters.secure, "pods")).toEqual(["secure-1"]);
    expect(clusters.secure.podMetrics).toEqual([]);
    expect(fakes.secure.requests.some((request) => request.path.includes("metrics.k8s.io"))).toBe(false);
    expect(fakes.secure.requests.every((request) => request.authorization === "Bearer okta-user-token")).toBe(true);
    expect(fakes.fast.requests.some((request) => request.path.startsWith("/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods"))).toBe(true);
    // Nothing of a cluster's address or credentials reaches the browser.
    for (const secret of [fakes.fast.url, "fast-token", "a-wrong-token", fakes.secure.caData!]) expect(text).not.toContain(secret);
  });

  it("selects objects by the label-selector annotation over the kubernetes-id, in the namespace annotation's namespace", async () => {
    const requests = watch(fakes.fast);
    const bySelector = byCluster(await (await post("/services/checkout", { entity: entity({ ...CHECKOUT, "backstage.io/kubernetes-label-selector": "app=legacy" }) })).json());
    expect(namesOf(bySelector.fast, "pods")).toEqual(["legacy-1"]);
    const lists = requests().filter((request) => !request.path.includes("metrics.k8s.io"));
    expect(lists.length).toBeGreaterThanOrEqual(14);
    expect(lists.every((request) => request.path.endsWith("?labelSelector=app%3Dlegacy"))).toBe(true);

    const inNamespace = watch(fakes.fast);
    const namespaced = byCluster(await (await post("/services/checkout", { entity: entity({ ...CHECKOUT, "backstage.io/kubernetes-namespace": "payments" }) })).json());
    expect(namesOf(namespaced.fast, "pods")).toEqual(["checkout-2"]);
    expect(inNamespace().every((request) => request.path.includes("/namespaces/payments/"))).toBe(true);
  });

  it("answers the catalog entity's workloads and, asked for custom resources, only those", async () => {
    const workloads = byCluster(await (await post("/resources/workloads/query", { entityRef: "component:default/checkout", auth: {} })).json());
    expect(namesOf(workloads.fast, "pods")).toEqual(["broken", "checkout-1", "checkout-2", "doomed", "odd-1"]);
    // Without the user's okta token, the oidc cluster says what is missing.
    expect(workloads.secure.errors).toEqual([{ errorType: "FETCH_ERROR", message: "Auth token not found under oidc.okta in request body" }]);

    const requests = watch(fakes.fast);
    const custom = await post("/resources/custom/query", {
      entityRef: "component:default/checkout",
      auth: {},
      customResources: [{ group: "argoproj.io", apiVersion: "v1alpha1", plural: "rollouts" }],
    });
    expect(custom.status).toBe(200);
    const fast = byCluster(await custom.json()).fast;
    expect(fast.resources.map((response) => response.type)).toEqual(["customresources"]);
    expect(namesOf(fast, "customresources")).toEqual(["checkout"]);
    expect(requests().map((request) => request.path)).toEqual(["/apis/argoproj.io/v1alpha1/rollouts?labelSelector=backstage.io%2Fkubernetes-id%3Dcheckout"]);
  });

  it("lists the clusters with what the browser needs and nothing else", async () => {
    const response = await api("/clusters");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.items).toEqual([
      { name: "fast", title: "Fast cluster", dashboardUrl: "https://dash.example/fast", dashboardApp: "standard", authProvider: "serviceAccount" },
      { name: "slow", authProvider: "localKubectlProxy" },
      { name: "locked", authProvider: "serviceAccount" },
      { name: "untrusted", authProvider: "localKubectlProxy" },
      { name: "secure", dashboardApp: "gke", dashboardParameters: { projectId: "p1", region: "r1", clusterName: "secure" }, authProvider: "oidc", oidcTokenProvider: "okta" },
      { name: "from-catalog", authProvider: "kerberos" },
    ]);
  });

  it("proxies pod logs, events and a pod's deletion to the cluster the header names, with the cluster's own credential", async () => {
    const requests = watch(fakes.fast);
    const logs = await api("/proxy/api/v1/namespaces/shop/pods/checkout-1/log?container=app", { headers: { "Backstage-Kubernetes-Cluster": "fast" } });
    expect(logs.status).toBe(200);
    expect(await logs.text()).toBe("listening on :8080\n");

    const events = await api(`/proxy/api/v1/namespaces/shop/events?fieldSelector=${encodeURIComponent("involvedObject.name=checkout-1")}`, { headers: { "Backstage-Kubernetes-Cluster": "fast" } });
    expect(events.status).toBe(200);
    const eventItems = (await events.json()).items as Array<{ reason: string; count: number }>;
    expect(eventItems.map((event) => [event.reason, event.count])).toEqual([["BackOff", 3]]);

    const deleted = await api("/proxy/api/v1/namespaces/shop/pods/doomed", { method: "DELETE", headers: { "Backstage-Kubernetes-Cluster": "fast" } });
    expect(deleted.status).toBe(200);
    expect(fakes.fast.deletedPods).toEqual(["shop/doomed"]);
    // The cluster saw the configured service account's token, never the portal's own credentials.
    expect(requests().map((request) => request.authorization)).toEqual(["Bearer fast-token", "Bearer fast-token", "Bearer fast-token"]);

    // A user's token travels in Backstage-Kubernetes-Authorization, or per provider.
    const asUser = await api("/proxy/api/v1/namespaces/shop/pods/secure-1", { headers: { "Backstage-Kubernetes-Cluster": "secure", "Backstage-Kubernetes-Authorization": "Bearer okta-user-token" } });
    expect(asUser.status).toBe(200);
    const perProvider = await api("/proxy/api/v1/namespaces/shop/pods/secure-1", {
      headers: { "Backstage-Kubernetes-Cluster": "secure", "Backstage-Kubernetes-Authorization-oidc-okta": "okta-user-token" },
    });
    expect(perProvider.status).toBe(200);
    expect((await perProvider.json()).metadata.name).toBe("secure-1");
  });

  it("refuses the proxy for an unknown cluster, without the proxy permission, and without the user's token", async () => {
    const unknown = await api("/proxy/api/v1/namespaces/shop/pods", { headers: { "Backstage-Kubernetes-Cluster": "nope" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { name: "NotFoundError", message: "Cluster nope not found" },
      request: { method: "GET", url: "/api/kubernetes/proxy/api/v1/namespaces/shop/pods" },
      response: { statusCode: 404 },
    });

    const requests = watch(fakes.fast);
    const denied = await api("/proxy/api/v1/namespaces/shop/pods/checkout-1", { method: "DELETE", token: READER_TOKEN, headers: { "Backstage-Kubernetes-Cluster": "fast" } });
    expect(denied.status).toBe(403);
    expect((await denied.json()).error).toEqual({ name: "NotAllowedError", message: "Unauthorized" });
    expect(requests()).toEqual([]);
    expect(fakes.fast.deletedPods).not.toContain("shop/checkout-1");

    const noToken = await api("/proxy/api/v1/namespaces/shop/pods", { headers: { "Backstage-Kubernetes-Cluster": "secure" } });
    expect(noToken.status).toBe(400);
    expect((await noToken.json()).error.message).toBe("Auth token not found under oidc.okta in request body");
  });

  it("reads the entity of a query with the caller's rights, and checks the Kubernetes permissions", async () => {
    // This token may read Kubernetes objects but no catalog entity: the entity is missing for it, in Backstage's words.
    const unreadable = await post("/resources/workloads/query", { entityRef: "component:default/checkout", auth: {} }, READER_TOKEN);
    expect(unreadable.status).toBe(400);
    expect((await unreadable.json()).error).toEqual({ name: "InputError", message: "Entity ref missing, component:default/checkout" });
    expect((await api("/clusters", { token: READER_TOKEN })).status).toBe(200);
  });

  it("answers bad bodies with 400 and Backstage's messages", async () => {
    const cases: Array<[string, unknown, string]> = [
      ["/services/checkout", { auth: {} }, "entity is a required field"],
      ["/resources/workloads/query", { auth: {} }, "entity is a required field"],
      ["/resources/workloads/query", { entityRef: 5 }, "entity query must be a string"],
      ["/resources/workloads/query", { entityRef: "component:" }, "Invalid entity ref, "],
      ["/resources/custom/query", { entityRef: "component:default/checkout" }, "customResources is a required field"],
      ["/resources/custom/query", { entityRef: "component:default/checkout", customResources: {} }, "customResources must be an array"],
      ["/resources/custom/query", { entityRef: "component:default/checkout", customResources: [] }, "at least 1 customResource is required"],
    ];
    for (const [pathname, body, message] of cases) {
      const response = await post(pathname, body);
      expect(response.status, pathname).toBe(400);
      const error = (await response.json()).error;
      expect(error.name).toBe("InputError");
      expect(error.message.startsWith(message), `${error.message} should start with ${message}`).toBe(true);
    }
    const malformed = await api("/services/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.message).toMatch(/^Malformed request body, /);
  });

  it("passes the pod terminal's exec WebSocket through to the cluster, and refuses one from another site", async () => {
    const execPath = "/api/kubernetes/proxy/api/v1/namespaces/shop/pods/checkout-1/exec?container=app&stdin=true&stdout=true&stderr=true&tty=true&command=%2Fbin%2Fsh";
    const socket = new WebSocket(`${server.url.replace("http", "ws")}${execPath}`, "channel.k8s.io", { headers: { ...API_AUTHORIZATION, "Backstage-Kubernetes-Cluster": "fast" } });
    const frames: Array<{ channel: number; text: string }> = [];
    socket.on("message", (data: Buffer) => frames.push({ channel: data[0], text: data.subarray(1).toString() }));
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    expect(socket.protocol).toBe("channel.k8s.io");
    const closed = new Promise<number>((resolve) => socket.once("close", resolve));
    for (const key of ["hostname\r", "exit\r"]) socket.send(Buffer.concat([Buffer.from([0]), Buffer.from(key)]));
    expect(await closed).toBe(1000);
    const stdout = frames
      .filter((frame) => frame.channel === 1)
      .map((frame) => frame.text)
      .join("");
    expect(stdout).toContain("checkout-1\r\n");
    expect(fakes.fast.requests.filter((request) => request.path.includes("/exec?")).map((request) => request.authorization)).toEqual(["Bearer fast-token"]);

    const refused = await new Promise<number>((resolve) => {
      const crossSite = new WebSocket(`${server.url.replace("http", "ws")}${execPath}`, "channel.k8s.io", {
        headers: { ...API_AUTHORIZATION, "Backstage-Kubernetes-Cluster": "fast", origin: "https://evil.example" },
      });
      crossSite.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      crossSite.on("error", () => resolve(-1));
    });
    expect(refused).toBe(403);
    const anonymous = await new Promise<number>((resolve) => {
      const noCredentials = new WebSocket(`${server.url.replace("http", "ws")}${execPath}`, "channel.k8s.io", { headers: { "Backstage-Kubernetes-Cluster": "fast" } });
      noCredentials.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      noCredentials.on("error", () => resolve(-1));
    });
    expect(anonymous).toBe(401);
  });
});
