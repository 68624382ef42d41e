import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeKubernetesApiServer, type FakeKubernetesApiServer } from "../../../server/demo-kubernetes/api-server";
import type { ClusterDetails } from "./clusters.server";
import { objectsOnClusters } from "./fan-out.server";
import { DEFAULT_OBJECTS } from "./fetcher.server";

// What each answer of an API server becomes in the fan-out's answer, as
// Backstage's fetcher maps them: the status's error type with the path, and
// a cluster with nothing for the entity left out.

const logger = pino({ level: "silent" });

const cluster = (name: string, url: string): ClusterDetails => ({
  name,
  url,
  authMetadata: { "kubernetes.io/auth-provider": "localKubectlProxy" },
  skipTLSVerify: false,
  skipMetricsLookup: false,
  requestTimeoutMs: 5_000,
});

describe("the fan-out's errors", () => {
  const fakes: FakeKubernetesApiServer[] = [];
  const start = async (options: Parameters<typeof startFakeKubernetesApiServer>[0]) => {
    const fake = await startFakeKubernetesApiServer(options);
    fakes.push(fake);
    return fake;
  };
  let statuses: Record<number, FakeKubernetesApiServer>;
  let empty: FakeKubernetesApiServer;

  beforeAll(async () => {
    statuses = Object.fromEntries(await Promise.all([400, 403, 404, 500, 503].map(async (status) => [status, await start({ status })])));
    // A cluster with one pod of someone else's: nothing for the entity.
    empty = await start({ objects: [{ apiVersion: "v1", kind: "Pod", metadata: { name: "other-1", namespace: "other", labels: { app: "other" } }, spec: { containers: [{ name: "app" }] } }] });
  });
  afterAll(() => Promise.all(fakes.map((fake) => fake.close())));

  it("types each status as Backstage does, with the status and the resource's path", async () => {
    const clusters = Object.entries(statuses).map(([status, fake]) => cluster(`status-${status}`, fake.url));
    const answer = await objectsOnClusters(clusters, { entity: { metadata: { name: "checkout" } }, auth: {}, objectTypes: DEFAULT_OBJECTS.slice(0, 1), customResources: () => [] }, logger);
    expect(answer.items.map((item) => [item.cluster.name, item.errors])).toEqual([
      ["status-400", [{ errorType: "BAD_REQUEST", statusCode: 400, resourcePath: "/api/v1/pods" }]],
      ["status-403", [{ errorType: "UNKNOWN_ERROR", statusCode: 403, resourcePath: "/api/v1/pods" }]],
      ["status-404", [{ errorType: "NOT_FOUND", statusCode: 404, resourcePath: "/api/v1/pods" }]],
      ["status-500", [{ errorType: "SYSTEM_ERROR", statusCode: 500, resourcePath: "/api/v1/pods" }]],
      ["status-503", [{ errorType: "UNKNOWN_ERROR", statusCode: 503, resourcePath: "/api/v1/pods" }]],
    ]);
  });

  it("reports a custom resource the cluster does not serve as NOT_FOUND, and leaves out a cluster with nothing for the entity", async () => {
    const answer = await objectsOnClusters(
      [cluster("empty", empty.url)],
      {
        entity: { metadata: { name: "checkout" } },
        auth: {},
        objectTypes: DEFAULT_OBJECTS,
        customResources: () => [{ group: "argoproj.io", apiVersion: "v1alpha1", plural: "rollouts" }],
      },
      logger,
    );
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0].errors).toEqual([{ errorType: "NOT_FOUND", statusCode: 404, resourcePath: "/apis/argoproj.io/v1alpha1/rollouts" }]);
    expect(answer.items[0].resources.every((response) => response.resources.length === 0)).toBe(true);

    const nothing = await objectsOnClusters([cluster("empty", empty.url)], { entity: { metadata: { name: "checkout" } }, auth: {}, objectTypes: DEFAULT_OBJECTS, customResources: () => [] }, logger);
    expect(nothing).toEqual({ items: [] });
  });

  it("stops a cluster's requests when the caller goes away", async () => {
    const slow = await start({ delayMs: 3_000 });
    const caller = new AbortController();
    const started = Date.now();
    const answer = objectsOnClusters(
      [cluster("slow", slow.url)],
      { entity: { metadata: { name: "checkout" } }, auth: {}, objectTypes: DEFAULT_OBJECTS, customResources: () => [], signal: caller.signal },
      logger,
    );
    setTimeout(() => caller.abort(), 100);
    expect((await answer).items[0].errors).toEqual([{ errorType: "FETCH_ERROR", message: "aborted" }]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
