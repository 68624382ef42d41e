import { describe, expect, it } from "vitest";
import type { ObjectsByEntityResponse } from "../app/lib/kubernetes/types";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, guestSessionCookie, useServer } from "../tests/support/server";

// The embedded default's simulated cluster (kubernetes.demoCluster in
// app-config.yaml): started with the server, listed by /api/kubernetes, and
// holding workloads for the example components, read through the same
// fetcher as any real cluster; and the entity page's Kubernetes tab over it,
// as a browser without JavaScript gets it.

const app = useServer("kubernetes:\n  demoCluster: true\n  frontend:\n    podDelete:\n      enabled: true\nauth:\n  signInPage: [guest]\n");

const post = (path: string, body: unknown) => app.get(`/api/kubernetes${path}`, { method: "POST", headers: { ...API_AUTHORIZATION, "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the demo cluster", () => {
  it("is listed by /clusters under its title, without its address or token", async () => {
    const response = await app.get("/api/kubernetes/clusters", { headers: API_AUTHORIZATION });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: Array<Record<string, unknown>> };
    expect(body.items).toEqual([expect.objectContaining({ name: "demo-cluster", title: "Demo cluster (simulated)", authProvider: "serviceAccount" })]);
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|serviceAccountToken/);
  });

  it("holds the example components' workloads, found by their backstage.io/kubernetes-id", async () => {
    // The entity as the example catalog has it, once ingested.
    const entity = await eventually(
      async () => {
        const response = await app.get("/api/catalog/entities/by-name/component/default/listing-search-service", { headers: API_AUTHORIZATION });
        return response.ok ? ((await response.json()) as { metadata: { name: string } }) : undefined;
      },
      "the example catalog",
      60_000,
    );
    const response = await post(`/services/${entity.metadata.name}`, { entity });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as ObjectsByEntityResponse;
    expect(items).toHaveLength(1);
    expect(items[0]!.cluster.name).toBe("demo-cluster");
    expect(items[0]!.errors).toEqual([]);
    const types = items[0]!.resources.filter((response) => response.resources.length > 0).map((response) => response.type);
    expect(types).toEqual(expect.arrayContaining(["pods", "deployments", "replicasets", "services"]));
    const pods = items[0]!.resources.find((response) => response.type === "pods")!.resources;
    for (const pod of pods) expect(pod.metadata?.labels?.["backstage.io/kubernetes-id"]).toBe("listing-search-service");
    expect(items[0]!.podMetrics.length).toBeGreaterThan(0);
  }, 90_000);
});

describe("the Kubernetes tab", () => {
  const TAB = "/catalog/default/component/maintenance-requests-service/kubernetes";
  let cookie = "";
  const page = async (path: string) => {
    cookie ||= await guestSessionCookie(app.server);
    const response = await app.get(path, { headers: { cookie } });
    return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "") };
  };

  it("shows the entity's workloads on the demo cluster, its detected errors first", async () => {
    const { status, html } = await eventually(
      async () => {
        const answer = await page(TAB);
        return answer.status === 200 ? answer : undefined;
      },
      "the example component's page",
      60_000,
    );
    expect(status).toBe(200);
    expect(html).toContain(">Kubernetes</a>");
    expect(html).toContain("Error Reporting");
    expect(html).toContain("Your Clusters");
    expect(html).toContain("Demo cluster (simulated)");
    // The crash-looping pod's error and its drawer link, which keeps the tab's path.
    expect(html).toContain("maintenance-requests-service-5c8d7f9b4-7xk2p");
    expect(html).toMatch(/href="\/catalog\/default\/component\/maintenance-requests-service\/kubernetes\?drawer=pod%3Ademo-cluster%2Fmaintenance%2Fmaintenance-requests-service-5c8d7f9b4-7xk2p"/);
    expect(html).toMatch(/\d+ pods? with errors/);
  }, 90_000);

  it("opens a pod's drawer from the URL, with its IP, and its previous logs through the proxy", async () => {
    const drawer = `drawer=${encodeURIComponent("pod:demo-cluster/maintenance/maintenance-requests-service-5c8d7f9b4-7xk2p")}`;
    const { status, html } = await page(`${TAB}?${drawer}`);
    expect(status).toBe(200);
    expect(html).toContain("10.40.3.54");
    expect(html).toContain("CrashLoopBackOff");
    const logs = await page(`${TAB}?${drawer}&logs=app&previous=1`);
    expect(logs.status).toBe(200);
    expect(logs.html).not.toContain("Proxy request failed");
    // The crashed container's last words, not the running one's.
    expect(logs.html).toContain("config validation failed: DATABASE_URL is required");
    const current = await page(`${TAB}?${drawer}&logs=app`);
    expect(current.html).toContain("loading configuration from environment");
    expect(current.html).not.toContain("DATABASE_URL is required");
  });

  it("lists an object's events through the proxy", async () => {
    const drawer = `drawer=${encodeURIComponent("pod:demo-cluster/maintenance/maintenance-requests-service-5c8d7f9b4-7xk2p")}`;
    const { status, html } = await page(`${TAB}?${drawer}&events=1`);
    expect(status).toBe(200);
    expect(html).not.toContain("No events found");
    expect(html).toContain("BackOff");
  });

  it("ignores a drawer parameter that names nothing", async () => {
    const { status, html } = await page(`${TAB}?drawer=pod%3Anowhere%2Fx%2Fy`);
    expect(status).toBe(200);
    expect(html).toContain("Your Clusters");
  });

  describe("Delete Pod", () => {
    const LEASE_TAB = "/catalog/default/component/lease-service/kubernetes";
    const POD = "lease-service-7d9f8c6b5d-h5t8n";
    const drawerUrl = `${LEASE_TAB}?drawer=${encodeURIComponent(`pod:demo-cluster/leasing/${POD}`)}`;
    const deletePod = async (fields: Record<string, string>) => {
      cookie ||= await guestSessionCookie(app.server);
      return app.get(drawerUrl, {
        method: "POST",
        headers: { cookie, origin: app.server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete-pod", cluster: "demo-cluster", namespace: "leasing", pod: POD, ...fields }).toString(),
      });
    };

    it("says in the drawer that the pod could not be deleted when the cluster is gone, and keeps it", async () => {
      const { html: before } = await page(drawerUrl);
      expect(before).toContain(">Delete Pod</button>");
      const refused = await deletePod({ cluster: "retired-cluster" });
      expect(refused.status).toBe(404);
      const html = (await refused.text()).replace(/<!-- -->/g, "");
      expect(html).toMatch(/role="alert"[^>]*>Could not delete the pod\. Please check the console for the full report\.</);
      expect(html).toContain("10.40.3.133");
    });

    it("refuses a post whose pod is not a name", async () => {
      const refused = await deletePod({ pod: "../../nodes/x" });
      expect(refused.status).toBe(400);
    });

    it("deletes the pod through the proxy and comes back to the same view, where the pod is gone", async () => {
      const deleted = await deletePod({});
      expect(deleted.status).toBe(303);
      expect(deleted.headers.get("location")).toBe(drawerUrl);
      const { status, html } = await page(drawerUrl);
      expect(status).toBe(200);
      // No drawer and no row for it (the URL still names it); its deployment's two other pods remain.
      expect(html).not.toContain('data-testid="kubernetes-drawer"');
      expect(html).not.toContain(`>${POD}<`);
      expect(html).toContain(">lease-service-7d9f8c6b5d-x2m9k<");
      expect(html).toContain(">lease-service-7d9f8c6b5d-c7p4w<");
    });
  });
});
