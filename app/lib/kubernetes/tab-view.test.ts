import { describe, expect, it } from "vitest";
import { CLUSTER, kubernetesResponse } from "../../../tests/support/kubernetes-objects";
import { kubernetesDrawerView } from "./drawer-view";
import { openDrawerHref, parseDrawerKey } from "./tab-urls";
import { hasKubernetesAnnotation, kubernetesTabView, terminalAvailable, type KubernetesTabInput } from "./tab-view";

const now = new Date("2026-11-28T12:00:00Z");
const entity = { metadata: { name: "listings-service", annotations: { "backstage.io/kubernetes-id": "listings" } } };
const options = { podDeleteEnabled: true, terminalEnabled: false, clusters: [{ name: "prod-eu", authProvider: "serviceAccount" }] };
const input: KubernetesTabInput = { entity, response: kubernetesResponse(now), now, options };

function section<Id extends string>(id: Id) {
  const found = kubernetesTabView(input).clusters[0].sections.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
}

describe("kubernetesTabView", () => {
  it("warns about the clusters that failed, in the spec's words", () => {
    const view = kubernetesTabView(input);
    expect(view.retrievalWarning).toEqual({
      title: "There was a problem retrieving Kubernetes objects",
      message: "There was a problem retrieving some Kubernetes resources for the entity: listings-service. This could mean that the Error Reporting card is not completely accurate.",
      loadError: undefined,
      clusters: [
        { cluster: "Production EU", lines: ["Error fetching Kubernetes resource: '/apis/argoproj.io/v1alpha1/namespaces/listings/analysisruns', error: NOT_FOUND, status code: 404"] },
        { cluster: "prod-us", lines: ["Error communicating with Kubernetes: FETCH_ERROR, message: connect ECONNREFUSED 10.0.0.9:6443"] },
      ],
    });
  });

  it("reports detected errors highest severity first, each naming the drawer of its object", () => {
    const rows = kubernetesTabView(input).errorReport;
    expect(rows.map((row) => [row.severity, row.kind, row.name])).toEqual([
      [8, "HorizontalPodAutoscaler", "listings-api"],
      [6, "Deployment", "listings-search"],
      [4, "Pod", "listings-api-6f7c9-q7w4n"],
      [4, "Pod", "listings-api-6f7c9-q7w4n"],
    ]);
    expect(rows[2]).toMatchObject({ cluster: "Production EU", namespace: "listings", message: "back-off 5m0s restarting failed container=api pod=listings-api-6f7c9-q7w4n" });
    expect(rows[3].message).toBe("container=api restarted 7 times");
    expect(rows[2].drawer).toBe("pod:prod-eu/listings/listings-api-6f7c9-q7w4n");
  });

  it("summarises each cluster by title, pod count and pods with errors, in the card's words", () => {
    const [cluster, unreachable] = kubernetesTabView(input).clusters;
    expect(cluster).toMatchObject({ name: "prod-eu", title: "Production EU", podCount: 7, podsWithErrors: 1, podsWithErrorsText: "1 pods with errors" });
    expect(unreachable).toMatchObject({ title: "prod-us", podCount: 0, podsWithErrorsText: "No pods with errors", sections: [] });
  });

  it("shows only the non-empty sections, in Backstage's order", () => {
    expect(kubernetesTabView(input).clusters[0].sections.map((candidate) => candidate.title)).toEqual([
      "Custom Resources",
      "Deployments",
      "Daemon Sets",
      "Stateful Sets",
      "Ingresses",
      "Services",
      "Cron Jobs",
      "Jobs",
    ]);
  });

  it("gives a deployment its live replica sets' pods, its autoscaler's figures and its pods with errors", () => {
    const deployments = section("deployments");
    if (deployments.id !== "deployments") throw new Error("wrong section");
    const [api, search] = deployments.rows;
    expect(api.link).toEqual({ name: "listings-api", namespace: "listings", drawer: "deployment:prod-eu/listings/listings-api" });
    expect(api.pods.count).toBe(2);
    expect(api.pods.withErrorsText).toBe("1 pod with errors");
    expect(api.autoscaler?.lines).toEqual(["min replicas 2 / max replicas 10", "current CPU usage: 45%", "target CPU usage: 80%"]);
    expect(search.autoscaler).toBeUndefined();
    expect(search.pods.withErrorsText).toBe("No pods with errors");
    const [healthy, crashing] = api.pods.rows;
    expect(healthy).toMatchObject({ phase: "Running", status: [], containersReady: "1/1", totalRestarts: 0, hasErrors: false });
    expect(healthy.cpu).toEqual({ requests: "requests: 8% of 500m", limits: "limits: 4% of 1000m" });
    expect(healthy.memory).toEqual({ requests: "requests: 78% of 128MiB", limits: "limits: 39% of 256MiB" });
    expect(crashing).toMatchObject({ status: [{ container: "api", reason: "CrashLoopBackOff", level: "error" }], containersReady: "0/1", totalRestarts: 7, hasErrors: true, cpu: undefined });
  });

  it("lists a cron job's jobs newest first under it, with its state and schedule in plain language", () => {
    const cronJobs = section("cronJobs");
    if (cronJobs.id !== "cronJobs") throw new Error("wrong section");
    const [reindex] = cronJobs.rows;
    expect(reindex.state).toBe("Active");
    expect(reindex.schedule).toBe("@hourly (Every hour)");
    expect(reindex.jobs.map((job) => job.link.name)).toEqual(["listings-reindex-29400120", "listings-reindex-29400060"]);
    expect(reindex.jobs[0].badges.map((badge) => badge.label)).toEqual(["Running"]);
    expect(reindex.jobs[1].badges.map((badge) => badge.label)).toEqual(["Succeeded"]);
    expect(reindex.jobs[1].completionTime).toEqual({ iso: "2026-11-28T10:52:00.000Z", relative: "1 hour ago" });
  });

  it("keeps jobs a cron job owns out of the Jobs section, and gives a job its pods and times", () => {
    const jobs = section("jobs");
    if (jobs.id !== "jobs") throw new Error("wrong section");
    expect(jobs.rows.map((job) => job.link.name)).toEqual(["listings-migrate"]);
    expect(jobs.rows[0].startTime?.relative).toBe("1 hour ago");
    expect(jobs.rows[0].completionTime?.relative).toBe("58 minutes ago");
    expect(jobs.rows[0].pods.rows.map((pod) => pod.name)).toEqual(["listings-migrate-x9z8y"]);
  });

  it("shows an Argo rollout with its canary stepper, paused since its pause step", () => {
    const custom = section("customResources");
    if (custom.id !== "customResources") throw new Error("wrong section");
    const [rollout] = custom.rollouts;
    expect(rollout.paused).toBe("Paused (3 minutes ago)");
    expect(rollout.aborted).toBeUndefined();
    expect(rollout.pods.count).toBe(1);
    expect(rollout.stepper.steps.map((step) => [step.label.kind === "text" ? step.label.text : step.label.templates.join(), step.state])).toEqual([
      ["setWeight 20%", "completed"],
      ["infinite pause", "active"],
      ["success-rate", "pending"],
      ["setWeight 60%", "pending"],
      ["Canary promoted", "pending"],
    ]);
  });

  it("describes services and ingresses by what they route", () => {
    const services = section("services");
    const ingresses = section("ingresses");
    if (services.id !== "services" || ingresses.id !== "ingresses") throw new Error("wrong section");
    expect(services.rows[0]).toMatchObject({ type: "ClusterIP", clusterIP: "10.96.0.12", ports: ["http: 80 → 8080/TCP"] });
    expect(ingresses.rows[0].rules).toEqual(["listings.example.com/api → listings-api:80"]);
  });

  it("says 'No Kubernetes resources' when no cluster has any, naming the entity", () => {
    const view = kubernetesTabView({ ...input, response: { items: [] } });
    expect(view.empty).toEqual({ title: "No Kubernetes resources", description: "No resources on any known clusters for listings-service" });
    expect(view.retrievalWarning).toBeUndefined();
    expect(view.errorReport).toEqual([]);
  });

  it("shows the warning for a request that failed as a whole", () => {
    const view = kubernetesTabView({ ...input, response: { items: [] }, loadError: "Request failed with 500 Internal Server Error" });
    expect(view.retrievalWarning?.loadError).toBe("Request failed with 500 Internal Server Error");
  });
});

describe("hasKubernetesAnnotation and terminalAvailable", () => {
  it("needs the kubernetes-id or the label-selector annotation", () => {
    expect(hasKubernetesAnnotation(entity)).toBe(true);
    expect(hasKubernetesAnnotation({ metadata: { name: "a", annotations: { "backstage.io/kubernetes-label-selector": "app=a" } } })).toBe(true);
    expect(hasKubernetesAnnotation({ metadata: { name: "a", annotations: { "backstage.io/techdocs-ref": "dir:." } } })).toBe(false);
  });

  it("offers the terminal only with the flag on and exactly one cluster whose auth provider is not aks, google or oidc", () => {
    const one = [{ name: "a", authProvider: "serviceAccount" }];
    expect(terminalAvailable({ terminalEnabled: true, clusters: one })).toBe(true);
    expect(terminalAvailable({ terminalEnabled: false, clusters: one })).toBe(false);
    expect(terminalAvailable({ terminalEnabled: true, clusters: [...one, { name: "b", authProvider: "serviceAccount" }] })).toBe(false);
    for (const authProvider of ["aks", "google", "oidc"]) expect(terminalAvailable({ terminalEnabled: true, clusters: [{ name: "a", authProvider }] })).toBe(false);
  });
});

describe("kubernetesDrawerView", () => {
  const params = (query: string) => new URLSearchParams(query);

  it("finds a pod and shows its IP, containers, utilisation and errors with their help", () => {
    const drawer = kubernetesDrawerView(input, params("drawer=pod:prod-eu/listings/listings-api-6f7c9-q7w4n"));
    expect(drawer).toMatchObject({ name: "listings-api-6f7c9-q7w4n", kind: "Pod", cluster: "prod-eu", clusterTitle: "Production EU", namespace: "listings", showYaml: false, yaml: undefined });
    expect(drawer?.pod).toMatchObject({ podIP: "10.1.2.4", deleteEnabled: true, terminalAvailable: false, pending: undefined, utilization: undefined });
    expect(drawer?.pod?.containers[0]).toMatchObject({ name: "api", image: "registry.example/listings-api:1.4.2", status: "CrashLoopBackOff", restarts: 7 });
    expect(drawer?.pod?.containers[0].health).toContainEqual({ label: "no restarts", ok: false });
    expect(drawer?.errors.map((error) => error.help?.fix)).toEqual([
      { type: "logs", container: "api" },
      { type: "logs", container: "api" },
    ]);
    expect(drawer?.dashboard.link).toBe("https://dashboard.prod-eu.example/#/pod/listings/listings-api-6f7c9-q7w4n?namespace=listings");
  });

  it("shows a pending pod's start-up conditions and a healthy pod's utilisation", () => {
    const pending = kubernetesDrawerView(input, params("drawer=pod:prod-eu/listings/listings-db-0"));
    expect(pending?.pod?.pending).toEqual({
      heading: "Pod is Pending. Conditions:",
      conditions: [{ type: "PodScheduled", level: "error", text: "PodScheduled - (Unschedulable 2 minutes ago) - 0/3 nodes are available: 3 Insufficient memory." }],
    });
    const healthy = kubernetesDrawerView(input, params("drawer=pod:prod-eu/listings/listings-api-6f7c9-k2x8p"));
    expect(healthy?.pod?.utilization?.cpuRequests).toEqual({ title: "CPU requests", totalFormatted: "500m", percent: 80 });
    expect(healthy?.pod?.containers[0].utilization?.memoryLimits.percent).toBe(39);
    expect(healthy?.errors).toEqual([]);
  });

  it("shows YAML without managed fields unless they are asked for", () => {
    const key = "drawer=pod:prod-eu/listings/listings-api-6f7c9-k2x8p";
    const yaml = kubernetesDrawerView(input, params(`${key}&yaml=1`))?.yaml ?? "";
    expect(yaml).toContain("name: listings-api-6f7c9-k2x8p");
    expect(yaml).not.toContain("managedFields");
    expect(kubernetesDrawerView(input, params(`${key}&yaml=1&managedFields=1`))?.yaml).toContain("managedFields");
  });

  it("shows a workload's fields as a metadata table", () => {
    const drawer = kubernetesDrawerView(input, params("drawer=deployment:prod-eu/listings/listings-api"));
    expect(drawer?.kind).toBe("Deployment");
    expect(drawer?.pod).toBeUndefined();
    expect(drawer?.metadata).toContainEqual({ label: "Strategy", value: "RollingUpdate" });
    expect(drawer?.metadata).toContainEqual({ label: "Progress Deadline Seconds", value: "600" });
    const cronJob = kubernetesDrawerView(input, params("drawer=cronjob:prod-eu/listings/listings-reindex"));
    expect(cronJob?.metadata).toContainEqual({ label: "Concurrency Policy", value: "Forbid" });
    expect(kubernetesDrawerView(input, params("drawer=rollout:prod-eu/listings/listings-web"))?.kind).toBe("Rollout");
  });

  it("says why the dashboard link cannot be made", () => {
    const broken = { ...input, response: kubernetesResponse(now) };
    broken.response.items[0].cluster = { ...CLUSTER, dashboardApp: "nonesuch" };
    const drawer = kubernetesDrawerView(broken, params("drawer=service:prod-eu/listings/listings-api"));
    expect(drawer?.dashboard.failure).toMatchObject({
      title: "There was a problem formatting the link to the Kubernetes dashboard",
      errorMessage: "Could not find Kubernetes dashboard app named 'nonesuch'",
    });
  });

  it("opens no drawer for a parameter that names nothing, without throwing", () => {
    for (const query of [
      "",
      "drawer=",
      "drawer=pod",
      "drawer=pod:prod-eu/listings",
      "drawer=pod:nowhere/listings/x",
      "drawer=pod:prod-eu/listings/missing",
      "drawer=secret:prod-eu/listings/listings-api",
      "drawer=%E0%A4%A",
    ]) {
      expect(kubernetesDrawerView(input, params(query))).toBeUndefined();
    }
  });
});

describe("drawer links", () => {
  it("round-trip a cluster name with a slash and keep the tab's other parameters, dropping the old drawer's", () => {
    expect(parseDrawerKey("pod:team/eu/shop/web-1")).toEqual({ kind: "pod", cluster: "team/eu", namespace: "shop", name: "web-1" });
    const current = new URLSearchParams("errors.page=2&drawer=pod:a/b/c&logs=api&yaml=1");
    expect(openDrawerHref("/catalog/default/component/x/kubernetes", current, "job:a/b/d")).toBe("/catalog/default/component/x/kubernetes?errors.page=2&drawer=job%3Aa%2Fb%2Fd");
  });
});
