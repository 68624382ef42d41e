import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { AppsV1Api, BatchV1Api, CoreV1Api, CustomObjectsApi, KubeConfig, Metrics, NetworkingV1Api, AutoscalingV2Api, type V1Pod, type V1ContainerStatus } from "@kubernetes/client-node";
import { loadAll } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";
import { startFakeKubernetesApiServer, type FakeKubernetesApiServer } from "./api-server.ts";
import { startDemoCluster } from "./demo-cluster.ts";
import { AUTOPAY_LABEL_SELECTOR, demoClusterFixtures } from "./fixtures.ts";

// The demo cluster read as the portal's backend reads it, through
// @kubernetes/client-node with each example component's selector: every
// state and detected error the Kubernetes tab has to show is there, owners
// resolve by uid, and the example catalog's annotations find the workloads.

const NOW = new Date("2026-03-14T15:09:26Z");
const fixtures = demoClusterFixtures(NOW);
let server: FakeKubernetesApiServer;
let kc: KubeConfig;

beforeAll(async () => {
  server = await startFakeKubernetesApiServer({ ...fixtures, token: "demo", now: () => NOW });
  kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "demo", server: server.url, skipTLSVerify: true }],
    users: [{ name: "portal", token: "demo" }],
    contexts: [{ name: "demo", cluster: "demo", user: "portal" }],
    currentContext: "demo",
  });
});
afterAll(() => server.close());

const byId = (id: string) => `backstage.io/kubernetes-id=${id}`;
const statuses = (pods: V1Pod[]): V1ContainerStatus[] => pods.flatMap((pod) => pod.status?.containerStatuses ?? []);

function exampleComponents(): Array<{ metadata: { name: string; annotations?: Record<string, string> } }> {
  const root = path.join(import.meta.dirname, "../../examples/catalog/components");
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : [path.join(dir, name)]));
  return files(root)
    .filter((file) => file.endsWith(".yaml"))
    .flatMap((file) => loadAll(readFileSync(file, "utf8")) as Array<{ kind: string; metadata: { name: string; annotations?: Record<string, string> } }>)
    .filter((entity) => entity?.kind === "Component");
}

describe("the demo cluster", () => {
  it("labels its workloads with example components' kubernetes-ids, and autopay-scheduler's entity selects its cron jobs by label", async () => {
    const annotations = new Map(exampleComponents().map((entity) => [entity.metadata.name, entity.metadata.annotations ?? {}]));
    const ids = new Set(fixtures.objects.map((object) => object.metadata?.labels?.["backstage.io/kubernetes-id"]).filter(Boolean));
    for (const id of ids)
      expect(
        [...annotations.values()].some((values) => values["backstage.io/kubernetes-id"] === id),
        `no example component has kubernetes-id ${id}`,
      ).toBe(true);
    expect(annotations.get("autopay-scheduler")).toMatchObject({ "backstage.io/kubernetes-label-selector": AUTOPAY_LABEL_SELECTOR });
    expect(annotations.get("autopay-scheduler")).not.toHaveProperty(["backstage.io/kubernetes-id"]);

    const batch = kc.makeApiClient(BatchV1Api);
    const cronJobs = await batch.listCronJobForAllNamespaces({ labelSelector: AUTOPAY_LABEL_SELECTOR });
    expect(cronJobs.items.map((cronJob) => [cronJob.spec?.schedule, cronJob.spec?.suspend])).toEqual([
      ["@hourly", false],
      ["30 6 * * 1-5", true],
    ]);
    const jobs = await batch.listJobForAllNamespaces({ labelSelector: AUTOPAY_LABEL_SELECTOR });
    expect(jobs.items.map((job) => [job.status?.succeeded, job.status?.active, job.status?.failed])).toEqual([
      [1, undefined, undefined],
      [undefined, undefined, 3],
      [undefined, 1, undefined],
    ]);
    const hourlyUid = cronJobs.items[0].metadata?.uid;
    expect(jobs.items.every((job) => job.metadata?.ownerReferences?.[0].uid === hourlyUid)).toBe(true);
    const pods = (await kc.makeApiClient(CoreV1Api).listPodForAllNamespaces({ labelSelector: AUTOPAY_LABEL_SELECTOR })).items;
    expect(statuses(pods).map((status) => status.state?.terminated?.reason ?? "running")).toEqual(["Completed", "Error", "running"]);
  });

  it("links every owner reference to an object by uid: deployment, replica set, pod; stateful set, daemon set, job, cron job, rollout", () => {
    const uids = new Map(fixtures.objects.map((object) => [object.metadata?.uid, object]));
    const links = new Set<string>();
    for (const object of fixtures.objects)
      for (const owner of object.metadata?.ownerReferences ?? []) {
        const target = uids.get(owner.uid) as KubernetesObject;
        expect(target, `${object.kind} ${object.metadata?.name} owned by a missing ${owner.kind} ${owner.name}`).toBeDefined();
        expect([target.kind, target.metadata?.name, target.metadata?.namespace]).toEqual([owner.kind, owner.name, object.metadata?.namespace]);
        links.add(`${owner.kind}→${object.kind}`);
      }
    expect([...links].sort()).toEqual(["CronJob→Job", "DaemonSet→Pod", "Deployment→ReplicaSet", "Job→Pod", "ReplicaSet→Pod", "Rollout→ReplicaSet", "StatefulSet→Pod"]);
  });

  it("has a pod for every waiting reason and restart cause Backstage's error detection knows", async () => {
    const pods = (await kc.makeApiClient(CoreV1Api).listPodForAllNamespaces()).items;
    const waiting = statuses(pods).filter((status) => status.state?.waiting?.message !== undefined);
    expect(waiting.map((status) => status.state?.waiting?.reason).sort()).toEqual(["CrashLoopBackOff", "CreateContainerConfigError", "ImagePullBackOff", "InvalidImageName"]);
    const restarted = statuses(pods).filter((status) => status.restartCount > 0);
    expect(restarted.map((status) => [status.lastState?.terminated?.reason, status.lastState?.terminated?.exitCode]).sort()).toEqual([
      ["Error", 1],
      ["OOMKilled", 137],
    ]);

    const slow = pods.filter((pod) =>
      (pod.status?.containerStatuses ?? []).some((status) => {
        const probe = pod.spec?.containers.find((container) => container.name === status.name)?.readinessProbe;
        const started = status.state?.running?.startedAt;
        if (status.ready || !started || !probe) return false;
        const deadline = new Date(started).getTime() + ((probe.initialDelaySeconds ?? 0) + (probe.periodSeconds ?? 0) * (probe.failureThreshold ?? 0)) * 1000;
        return deadline < NOW.getTime();
      }),
    );
    expect(slow.map((pod) => pod.metadata?.name)).toEqual(["maintenance-requests-service-5c8d7f9b4-r2d8w"]);

    const withoutSpec = pods.filter((pod) => (pod.status?.containerStatuses ?? []).some((status) => !pod.spec?.containers.some((container) => container.name === status.name)));
    expect(withoutSpec.map((pod) => pod.metadata?.name)).toEqual(["esign-gateway-6f7d8b9c5-q8w2e"]);

    const pending = pods.find((pod) => pod.metadata?.name === "listing-search-index-2");
    expect(pending?.status?.phase).toBe("Pending");
    expect(pending?.status?.conditions?.map((condition) => [condition.type, condition.status])).toEqual([
      ["PodScheduled", "True"],
      ["Initialized", "False"],
      ["ContainersReady", "False"],
      ["Ready", "Unknown"],
    ]);
  });

  it("has the crash loop's previous logs and Warning and Normal events for the failing pods", async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const crashing = "maintenance-requests-service-5c8d7f9b4-7xk2p";
    expect(await core.readNamespacedPodLog({ namespace: "maintenance", name: crashing, container: "app", previous: true })).toContain("config validation failed: DATABASE_URL is required");
    const events = await core.listNamespacedEvent({ namespace: "maintenance", fieldSelector: `involvedObject.name=${crashing}` });
    expect(events.items.map((event) => [event.type, event.reason]).sort()).toEqual([
      ["Normal", "Pulled"],
      ["Warning", "BackOff"],
    ]);
    for (const name of ["listing-search-service-84f6d9c7b-n6v3j", "listing-photo-resizer-79b5c6d4f8-t5r7y"]) {
      const list = await core.listNamespacedEvent({ namespace: "listings", fieldSelector: `involvedObject.name=${name}` });
      expect(list.items.some((event) => event.type === "Warning")).toBe(true);
    }
  });

  it("has autoscalers at their maximum and with a False condition, and a deployment without minimum availability", async () => {
    const hpas = (await kc.makeApiClient(AutoscalingV2Api).listHorizontalPodAutoscalerForAllNamespaces()).items;
    expect(hpas.filter((hpa) => hpa.status?.currentReplicas === hpa.spec?.maxReplicas).map((hpa) => hpa.metadata?.name)).toEqual(["lease-service"]);
    expect(hpas.filter((hpa) => hpa.status?.conditions?.some((condition) => condition.status === "False" && condition.message)).map((hpa) => hpa.metadata?.name)).toEqual([
      "maintenance-requests-service",
    ]);
    const deployments = (await kc.makeApiClient(AppsV1Api).listDeploymentForAllNamespaces()).items;
    expect(
      deployments.filter((deployment) => deployment.status?.conditions?.some((condition) => condition.status === "False" && condition.message)).map((deployment) => deployment.metadata?.name),
    ).toEqual(["maintenance-requests-service"]);
  });

  it("has a stateful set and a daemon set with pods, services of three types and an ingress", async () => {
    const apps = kc.makeApiClient(AppsV1Api);
    const statefulSets = (await apps.listStatefulSetForAllNamespaces({ labelSelector: byId("listing-search-service") })).items;
    const daemonSets = (await apps.listDaemonSetForAllNamespaces({ labelSelector: byId("sensor-ingest-gateway") })).items;
    expect(statefulSets.map((set) => set.metadata?.name)).toEqual(["listing-search-index"]);
    expect(daemonSets.map((set) => set.status?.numberReady)).toEqual([3]);
    const core = kc.makeApiClient(CoreV1Api);
    expect((await core.listPodForAllNamespaces({ labelSelector: byId("sensor-ingest-gateway") })).items).toHaveLength(3);
    const services = (await core.listServiceForAllNamespaces()).items;
    expect(new Set(services.map((service) => service.spec?.type))).toEqual(new Set(["ClusterIP", "LoadBalancer", "ExternalName"]));
    expect(services.find((service) => service.spec?.type === "LoadBalancer")?.status?.loadBalancer?.ingress?.[0].hostname).toMatch(/elb\.us-west-2\.amazonaws\.com$/);
    const ingresses = (await kc.makeApiClient(NetworkingV1Api).listIngressForAllNamespaces({ labelSelector: byId("lease-service") })).items;
    expect(ingresses.map((ingress) => ingress.spec?.rules?.[0].host)).toEqual(["leases.internal.keystone-living.com"]);
  });

  it("has a paused and an aborted canary rollout", async () => {
    const rollouts = (await kc.makeApiClient(CustomObjectsApi).listClusterCustomObject({ group: "argoproj.io", version: "v1alpha1", plural: "rollouts" })) as {
      items: Array<{
        metadata: { name: string };
        spec: { strategy: { canary: { steps: object[] } } };
        status: { pauseConditions?: Array<{ reason: string }>; conditions: Array<{ type: string; status: string; reason: string }> };
      }>;
    };
    const paused = rollouts.items.find((rollout) => rollout.status.pauseConditions?.[0].reason === "CanaryPauseStep");
    const aborted = rollouts.items.find((rollout) =>
      rollout.status.conditions.some((condition) => condition.type === "Progressing" && condition.status === "False" && condition.reason === "RolloutAborted"),
    );
    expect(paused?.metadata.name).toBe("late-rent-notifier");
    expect(aborted?.metadata.name).toBe("payment-processor-adapter");
    const steps = paused?.spec.strategy.canary.steps ?? [];
    expect(steps).toContainEqual({ pause: {} });
    expect(steps).toContainEqual({ pause: { duration: "10m" } });
    expect(steps.some((step) => "setWeight" in step)).toBe(true);
    expect(steps.some((step) => "analysis" in step)).toBe(true);
  });

  it("reports metrics for every running container and dates everything relative to now", async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const running = (await core.listPodForAllNamespaces({ fieldSelector: "status.phase=Running" })).items;
    const metrics = new Metrics(kc);
    for (const namespace of new Set(running.map((pod) => pod.metadata?.namespace ?? ""))) {
      const names = (await metrics.getPodMetrics(namespace)).items.map((item) => item.metadata.name).sort();
      expect(names).toEqual(
        running
          .filter((pod) => pod.metadata?.namespace === namespace)
          .map((pod) => pod.metadata?.name)
          .sort(),
      );
    }
    const later = demoClusterFixtures(new Date(NOW.getTime() + 3_600_000));
    const startOf = (objects: KubernetesObject[]) => (objects.find((object) => object.metadata?.name === "lease-service-7d9f8c6b5d-x2m9k")?.status as { startTime: string }).startTime;
    expect(Date.parse(startOf(later.objects)) - Date.parse(startOf(fixtures.objects))).toBe(3_600_000);
  });
});

describe("startDemoCluster", () => {
  it("serves the demo fixtures under a simulated cluster's name, to its own token only", async () => {
    const demo = await startDemoCluster();
    try {
      expect(demo.title).toMatch(/simulated/i);
      const config = new KubeConfig();
      config.loadFromOptions({
        clusters: [{ name: demo.name, server: demo.url, skipTLSVerify: true }],
        users: [{ name: "portal", token: demo.serviceAccountToken }],
        contexts: [{ name: demo.name, cluster: demo.name, user: "portal" }],
        currentContext: demo.name,
      });
      const pods = await config.makeApiClient(CoreV1Api).listPodForAllNamespaces({ labelSelector: byId("lease-service") });
      expect(pods.items).toHaveLength(3);
      expect((await fetch(`${demo.url}/api/v1/pods`)).status).toBe(401);
    } finally {
      await demo.server.close();
    }
  });
});
