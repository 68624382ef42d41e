import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { kubernetesResponse } from "../../../tests/support/kubernetes-objects";
import { kubernetesDrawerView } from "~/lib/kubernetes/drawer-view";
import { eventRows } from "~/lib/kubernetes/events-view";
import { kubernetesTabView, type KubernetesTabInput } from "~/lib/kubernetes/tab-view";
import { KubernetesTab } from "./kubernetes-tab";
import type { DrawerExtras } from "./drawer";

// The Kubernetes tab as a browser without JavaScript receives it.

const now = new Date("2026-11-28T12:00:00Z");
const TAB = "/catalog/default/component/listings-service/kubernetes";
const input: KubernetesTabInput = {
  entity: { metadata: { name: "listings-service", annotations: { "backstage.io/kubernetes-id": "listings" } } },
  response: kubernetesResponse(now),
  now,
  options: { podDeleteEnabled: true, terminalEnabled: true, clusters: [{ name: "prod-eu", authProvider: "serviceAccount" }] },
};

async function renderTab(query = "", extras?: DrawerExtras, overrides: Partial<KubernetesTabInput> = {}) {
  const tabInput = { ...input, ...overrides };
  const params = new URLSearchParams(query);
  const state = { kind: "content" as const, view: kubernetesTabView(tabInput), drawer: kubernetesDrawerView(tabInput, params), extras };
  return renderPage(<KubernetesTab state={state} />, { url: `${TAB}${query ? `?${query}` : ""}` });
}

function decode(html: string): string {
  return html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

describe("Kubernetes tab notices", () => {
  it("asks for the annotation, offers the label selector and links the plugin's docs", async () => {
    const html = decode(await renderPage(<KubernetesTab state={{ kind: "missing-annotation", entityKind: "Component" }} />));
    expect(html).toContain("backstage.io/kubernetes-id");
    expect(html).toContain("Or use a label selector query, which takes precedence over the previous annotation.");
    expect(html).toMatch(/<a href="https:\/\/backstage\.io\/docs\/features\/kubernetes\/[^"]*"[^>]*>Read Kubernetes Plugin Docs/);
  });

  it("tells a visitor without the read permissions which ones to ask for", async () => {
    const html = decode(await renderPage(<KubernetesTab state={{ kind: "permission-required" }} />));
    expect(html).toContain(">Permission required</h2>");
    expect(html).toContain("To view Kubernetes objects, contact your portal administrator to give you the 'kubernetes.clusters.read' and 'kubernetes.resources.read' permission.");
  });
});

describe("Kubernetes tab content", () => {
  it("warns about the failing clusters with each cluster's lines", async () => {
    const html = decode(await renderTab());
    expect(html).toMatch(/<details role="alert"[^>]*open=""[^>]*><summary[^>]*>There was a problem retrieving Kubernetes objects<\/summary>/);
    expect(html).toContain("There was a problem retrieving some Kubernetes resources for the entity: listings-service.");
    expect(html).toContain("Cluster: prod-us");
    expect(html).toContain("Error communicating with Kubernetes: FETCH_ERROR, message: connect ECONNREFUSED 10.0.0.9:6443");
  });

  it("lists detected errors in the Error Reporting table with Backstage's column widths and drawer links", async () => {
    const html = decode(await renderTab());
    expect(html).toContain(">Error Reporting</h2>");
    const widths = [...html.matchAll(/<col style="width:(\d+)%"\/>/g)].map((match) => match[1]);
    expect(widths).toEqual(["10", "10", "10", "30", "40"]);
    expect(html).toMatch(/<th scope="col"[^>]*>cluster<\/th><th scope="col"[^>]*>namespace<\/th><th scope="col"[^>]*>kind<\/th><th scope="col"[^>]*>name<\/th><th scope="col"[^>]*>messages<\/th>/);
    expect(html).toContain(`href="${TAB}?drawer=horizontalpodautoscaler%3Aprod-eu%2Flistings%2Flistings-api"`);
    expect(html).toContain("Current number of replicas (10) is equal to the configured max number of replicas (10)");
    expect(html).not.toContain('type="search"');
  });

  it("pages the Error Reporting table through the URL, keeping the tab's other parameters", async () => {
    const many = kubernetesResponse(now);
    const pods = many.items[0].resources.find((resource) => resource.type === "pods");
    if (pods?.type !== "pods") throw new Error("no pods");
    const crashing = pods.resources[1];
    for (let index = 0; index < 4; index += 1) pods.resources.push({ ...crashing, metadata: { ...crashing.metadata, name: `crashing-${index}`, uid: `uid-crashing-${index}` } });
    const first = decode(await renderTab("drawer=pod:prod-eu/listings/listings-db-0", undefined, { response: many }));
    expect(first).toContain("1-5 of 12");
    expect(first).toContain(`href="${TAB}?drawer=pod%3Aprod-eu%2Flistings%2Flistings-db-0&errors.page=2"`);
    const second = decode(await renderTab("errors.page=3", undefined, { response: many }));
    expect(second).toContain("11-12 of 12");
  });

  it("shows one expandable card per cluster under 'Your Clusters', with its pods and pods with errors", async () => {
    const html = decode(await renderTab());
    expect(html).toContain(">Your Clusters</h2>");
    expect(html).toMatch(/<details data-cluster="prod-eu"[^>]*><summary[^>]*>.*<h3[^>]*>Production EU<\/h3>.*7 pods.*1 pods with errors.*<\/summary>/s);
    expect(html).toMatch(/<details data-cluster="prod-us"[^>]*><summary[^>]*>.*<h3[^>]*>prod-us<\/h3>.*0 pods.*No pods with errors/s);
    const sections = [...html.matchAll(/<h4 id="kubernetes-cluster-prod-eu-\w+"[^>]*>([^<]+)<\/h4>/g)].map((match) => match[1]);
    expect(sections).toEqual(["Custom Resources", "Deployments", "Daemon Sets", "Stateful Sets", "Ingresses", "Services", "Cron Jobs", "Jobs"]);
    expect(html).not.toContain('id="kubernetes-cluster-prod-us-deployments"');
  });

  it("gives a deployment row its autoscaler figures, pod counts and a pod table whose names open drawers", async () => {
    const html = decode(await renderTab());
    const row = /<div data-row="deployment:prod-eu\/listings\/listings-api".*?<\/details>/s.exec(html)?.[0] ?? "";
    expect(row).toContain("min replicas 2 / max replicas 10");
    expect(row).toContain("current CPU usage: 45%");
    expect(row).toContain("target CPU usage: 80%");
    expect(row).toContain("2 pods");
    expect(row).toContain("1 pod with errors");
    expect(row).toMatch(
      /<th[^>]*>name<\/th><th[^>]*>phase<\/th><th[^>]*>status<\/th><th[^>]*>containers ready<\/th><th[^>]*>total restarts<\/th><th[^>]*>CPU usage %<\/th><th[^>]*>Memory usage %<\/th>/,
    );
    expect(row).toContain(`href="${TAB}?drawer=pod%3Aprod-eu%2Flistings%2Flistings-api-6f7c9-q7w4n"`);
    expect(row).toContain("api: CrashLoopBackOff");
    expect(row).toContain("requests: 8% of 500m");
  });

  it("shows a cron job as Active with its schedule in words and its jobs newest first, and jobs with their state and times", async () => {
    const html = decode(await renderTab());
    const cron = /<div data-row="cronjob:prod-eu\/listings\/listings-reindex".*<\/details>/s.exec(html)?.[0] ?? "";
    expect(cron).toContain("Active");
    expect(cron).toContain("Schedule: @hourly (Every hour)");
    expect(cron.indexOf("listings-reindex-29400120")).toBeLessThan(cron.indexOf("listings-reindex-29400060"));
    expect(html).toMatch(
      /data-row="job:prod-eu\/listings\/listings-migrate".*Succeeded.*Start time: <time dateTime="2026-11-28T11:00:00.000Z"[^>]*>1 hour ago<\/time>.*Completion time: <time[^>]*>58 minutes ago/s,
    );
  });

  it("shows a rollout's canary steps ending in 'Canary promoted', with its paused badge", async () => {
    const html = decode(await renderTab());
    expect(html).toContain("Paused (3 minutes ago)");
    expect(html).toMatch(
      /<li data-step-state="completed"[^>]*>.*setWeight 20%.*<li data-step-state="active" aria-current="step"[^>]*>.*infinite pause.*analysis templates:.*success-rate.*setWeight 60%.*<li data-step-state="pending"[^>]*>.*Canary promoted/s,
    );
  });

  it("shows the aborted badge and its message", async () => {
    const response = kubernetesResponse(now);
    const custom = response.items[0].resources.find((resource) => resource.type === "customresources");
    if (custom?.type !== "customresources") throw new Error("no custom resources");
    custom.resources[0].status = { currentStepIndex: 2, conditions: [{ type: "Progressing", status: "False", reason: "RolloutAborted", message: "Rollout aborted update to revision 4" }] };
    const html = decode(await renderTab("", undefined, { response }));
    expect(html).toMatch(/data-aborted="".*Aborted.*Rollout aborted update to revision 4/s);
    expect(html).not.toContain('data-step-state="active"');
  });

  it("says 'No Kubernetes resources' when no cluster answered for the entity", async () => {
    const html = decode(await renderTab("", undefined, { response: { items: [] } }));
    expect(html).toContain(">No Kubernetes resources</h2>");
    expect(html).toContain("No resources on any known clusters for listings-service");
    expect(html).not.toContain("Your Clusters");
  });
});

describe("Kubernetes drawer", () => {
  it("renders a half-width side panel with the name, the kind, a YAML toggle, the dashboard link and a close link keeping other parameters", async () => {
    const html = decode(await renderTab("errors.page=2&drawer=deployment:prod-eu/listings/listings-api"));
    const drawer = /<aside role="dialog".*<\/aside>/s.exec(html)?.[0] ?? "";
    expect(drawer).toMatch(/class="fixed inset-y-0 right-0 flex w-full sm:w-1\/2/);
    expect(drawer).toMatch(/<h2 id="[^"]+"[^>]*>listings-api<\/h2>/);
    expect(drawer).toContain("Deployment · Cluster: Production EU");
    expect(drawer).toContain(`href="${TAB}?errors.page=2&drawer=deployment%3Aprod-eu%2Flistings%2Flistings-api&yaml=1"`);
    expect(drawer).toMatch(/<a href="https:\/\/dashboard\.prod-eu\.example\/#\/deployment\/listings\/listings-api\?namespace=listings"[^>]*>Open Kubernetes Dashboard/);
    expect(drawer).toMatch(/<a aria-label="Close"[^>]*href="\/catalog\/default\/component\/listings-service\/kubernetes\?errors\.page=2"/);
    expect(drawer).toMatch(/<th scope="row"[^>]*>Strategy<\/th><td[^>]*>RollingUpdate<\/td>/);
  });

  it("shows YAML with a managed-fields toggle when asked", async () => {
    const html = decode(await renderTab("drawer=pod:prod-eu/listings/listings-api-6f7c9-k2x8p&yaml=1"));
    expect(html).toMatch(/<pre data-testid="kubernetes-yaml"[^>]*><code>[^<]*name: listings-api-6f7c9-k2x8p/);
    expect(html).not.toContain("managedFields:");
    expect(html).toContain(">Show managed fields</a>");
    expect(html).not.toContain('data-testid="kubernetes-pod"');
  });

  it("shows a pod's IP, the Delete Pod form, utilisation, container cards with Logs and Terminal, and its errors with help", async () => {
    const html = decode(await renderTab("drawer=pod:prod-eu/listings/listings-api-6f7c9-q7w4n"));
    expect(html).toContain("Pod IP: 10.1.2.4");
    expect(html).toMatch(
      /<form[^>]*action="[^"]*\?drawer=pod:prod-eu\/listings\/listings-api-6f7c9-q7w4n" method="post"><input type="hidden" name="intent" value="delete-pod"\/>.*<input type="hidden" name="pod" value="listings-api-6f7c9-q7w4n"\/><button type="submit"[^>]*>Delete Pod<\/button>/s,
    );
    const card = /<article data-container="api".*?<\/article>/s.exec(html)?.[0] ?? "";
    expect(card).toMatch(/Image:<\/dt><dd[^>]*>registry\.example\/listings-api:1\.4\.2/);
    expect(card).toMatch(/Status:<\/dt><dd[^>]*>CrashLoopBackOff/);
    expect(card).toMatch(/Restarts:<\/dt><dd[^>]*>7/);
    expect(card).toContain("Container health");
    expect(card).toContain("readiness probe set");
    expect(card).toMatch(/href="[^"]*&logs=api"[^>]*>Logs<\/a>/);
    expect(card).toMatch(/href="[^"]*&terminal=api"[^>]*>Terminal<\/a>/);
    expect(html).toMatch(/<h3 id="kubernetes-drawer-errors"[^>]*>Errors<\/h3>/);
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Help<\/summary>.*Detected error:.*Cause explanation:.*Fix:.*href="[^"]*&logs=api&previous=1"[^>]*>Crash logs/s);
    expect(html).toMatch(/class="grid gap-4 grid-cols-\[repeat\(auto-fill,minmax\(min\(22em,100%\),1fr\)\)\]"/);
  });

  it("shows resource utilisation and leaves out Delete Pod and Terminal when they are off", async () => {
    const html = decode(
      await renderTab("drawer=pod:prod-eu/listings/listings-api-6f7c9-k2x8p", undefined, {
        options: { podDeleteEnabled: false, terminalEnabled: true, clusters: [{ name: "prod-eu", authProvider: "google" }] },
      }),
    );
    expect(html).toContain("Resource utilization");
    expect(html).toContain("CPU requests: 500m");
    expect(html).toMatch(/role="meter" aria-valuenow="80"/);
    expect(html).not.toContain("Delete Pod");
    expect(html).not.toContain(">Terminal</a>");
  });

  it("says a pending pod's conditions", async () => {
    const html = decode(await renderTab("drawer=pod:prod-eu/listings/listings-db-0"));
    expect(html).toContain("Pod is Pending. Conditions:");
    expect(html).toContain("PodScheduled - (Unschedulable 2 minutes ago) - 0/3 nodes are available: 3 Insufficient memory.");
  });

  it("shows the logs the page loaded, at least 55rem tall, and says when there are none", async () => {
    const query = "drawer=pod:prod-eu/listings/listings-api-6f7c9-q7w4n&logs=api&previous=1";
    const html = decode(await renderTab(query, { logs: { container: "api", previous: true, text: "panic: database unreachable\n" } }));
    expect(html).toContain("Previous logs of api");
    expect(html).toMatch(/<pre class="min-h-\[55rem\][^"]*">panic: database unreachable/);
    const empty = decode(await renderTab(query, { logs: { container: "api", previous: true, text: "" } }));
    expect(empty).toContain(">No logs emitted</h2>");
    expect(empty).toContain("No logs were emitted by the container");
  });

  it("lists the events the page loaded, or says there are none", async () => {
    const query = "drawer=pod:prod-eu/listings/listings-db-0&events=1";
    const rows = eventRows([{ type: "Warning", reason: "FailedScheduling", message: "0/3 nodes are available", count: 4, metadata: { name: "e1", creationTimestamp: "2026-11-28T11:58:00Z" } }], now);
    const html = decode(await renderTab(query, { events: { rows } }));
    expect(html).toMatch(/data-status="warning".*FailedScheduling.*0\/3 nodes are available.*4 times · First event 2 minutes ago/s);
    const none = decode(await renderTab(query, { events: { rows: [] } }));
    expect(none).toContain("No events found");
  });

  it("renders the terminal's frame, which explains that it needs JavaScript", async () => {
    const html = decode(await renderTab("drawer=pod:prod-eu/listings/listings-api-6f7c9-q7w4n&terminal=api"));
    expect(html).toContain("The terminal needs JavaScript.");
    expect(html).toMatch(/role="group" aria-label="Terminal of api"/);
  });

  it("opens no drawer for an object that is not there", async () => {
    const html = await renderTab("drawer=pod:prod-eu/listings/gone");
    expect(html).not.toContain('data-testid="kubernetes-drawer"');
    expect(html).toContain("Your Clusters");
  });
});

describe("Kubernetes pod tables", () => {
  function withReplicas(count: number) {
    const response = kubernetesResponse(now);
    const pods = response.items[0].resources.find((resource) => resource.type === "pods");
    if (pods?.type !== "pods") throw new Error("no pods");
    const healthy = pods.resources[0];
    for (let index = 0; index < count; index += 1) pods.resources.push({ ...healthy, metadata: { ...healthy.metadata, name: `listings-api-6f7c9-extra${index}`, uid: `uid-extra-${index}` } });
    return response;
  }

  it("page five pods at a time under their own URL parameter, the paged row and its cluster opening", async () => {
    const response = withReplicas(5);
    const closed = decode(await renderTab("", undefined, { response }));
    expect(closed).toMatch(/<details data-cluster="prod-eu" class=/);
    const row = /<div data-row="deployment:prod-eu\/listings\/listings-api".*?<\/details>/s.exec(closed)?.[0] ?? "";
    expect(row).toContain("1-5 of 7");
    expect(row).toContain(`href="${TAB}?pods.deployment%3Aprod-eu%2Flistings%2Flistings-api.page=2"`);
    const paged = decode(await renderTab("pods.deployment:prod-eu/listings/listings-api.page=2", undefined, { response }));
    expect(paged).toMatch(/<details data-cluster="prod-eu" open=""/);
    // A row's details tag follows its status bar.
    const rowDetails = (key: string) => new RegExp(`<div data-row="${key}".*?(<details[^>]*>)`, "s").exec(paged)?.[1];
    expect(rowDetails("deployment:prod-eu/listings/listings-api")).toContain('open=""');
    expect(rowDetails("deployment:prod-eu/listings/listings-search")).not.toContain("open");
    expect(paged).toContain("6-7 of 7");
  });
});

describe("Kubernetes drawer of a healthy pod", () => {
  it("has no Errors list", async () => {
    const html = await renderTab("drawer=pod:prod-eu/listings/listings-api-6f7c9-k2x8p");
    expect(html).toContain('data-testid="kubernetes-pod"');
    expect(html).not.toContain('id="kubernetes-drawer-errors"');
  });
});
