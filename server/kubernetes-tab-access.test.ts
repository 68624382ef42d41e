import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { guestSessionCookie, useServer } from "../tests/support/server";

// The entity page's Kubernetes tab for the two visitors who see no workloads,
// as a browser without JavaScript gets it: an entity that names none gets
// the notice on how to name them, and a visitor the policy does not let read
// clusters and resources gets the permission gate, whose Delete Pod post the
// proxy refuses too.

const dir = mkdtempSync(path.join(tmpdir(), "atrium-kubernetes-access-"));
const catalogFile = path.join(dir, "catalog.yaml");
const component = (name: string, annotations = "") =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\n${annotations}spec: { type: service, lifecycle: production, owner: team-a }\n`;
writeFileSync(catalogFile, [component("unlabelled-service"), component("lease-service", "  annotations:\n    backstage.io/kubernetes-id: lease-service\n")].join("---\n"));

// Guests may read the catalog and use the proxy, but not read clusters: the tab's gate needs both read permissions.
const app = useServer(`
auth:
  signInPage: [guest]
kubernetes:
  demoCluster: true
  frontend:
    podDelete:
      enabled: true
catalog:
  locations:
    - type: file
      target: ${catalogFile}
permission:
  enabled: true
  policy:
    roles:
      - name: catalog-readers
        members: ['*']
        permissions:
          - permission: catalog.*
          - permission: kubernetes.resources.read
`);

const decode = (value: string) =>
  value
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');
let cookie = "";
const page = async (name: string) => {
  cookie ||= await guestSessionCookie(app.server);
  const response = await app.get(`/catalog/default/component/${name}/kubernetes`, { headers: { cookie } });
  return { status: response.status, html: decode(await response.text()) };
};
const ingested = (name: string) =>
  eventually(
    async () => {
      const answer = await page(name);
      return answer.status === 200 ? answer : undefined;
    },
    `the component ${name}`,
    60_000,
  );

describe("the Kubernetes tab without workloads to show", () => {
  it("tells how to name an entity's workloads when it has neither annotation", async () => {
    const { html } = await ingested("unlabelled-service");
    expect(html).toContain("backstage.io/kubernetes-id");
    expect(html).toContain("Or use a label selector query, which takes precedence over the previous annotation.");
    expect(html).toContain("Read Kubernetes Plugin Docs");
    expect(html).not.toContain("Your Clusters");
  }, 90_000);

  it("asks for the read permissions, and shows no cluster, when the policy withholds kubernetes.clusters.read", async () => {
    const { html } = await ingested("lease-service");
    expect(html).toContain(">Permission required</h2>");
    expect(html).toContain("To view Kubernetes objects, contact your portal administrator to give you the 'kubernetes.clusters.read' and 'kubernetes.resources.read' permission.");
    expect(html).not.toContain("Demo cluster (simulated)");
    expect(html).not.toContain("lease-service-7d9f8c6b5d");
  }, 90_000);

  it("refuses a Delete Pod post without kubernetes.proxy", async () => {
    await ingested("lease-service");
    const response = await app.get("/catalog/default/component/lease-service/kubernetes", {
      method: "POST",
      headers: { cookie, origin: app.server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete-pod", cluster: "demo-cluster", namespace: "leasing", pod: "lease-service-7d9f8c6b5d-h5t8n" }).toString(),
    });
    expect(response.status).toBe(403);
    // Refused by the proxy's permission, not before the action.
    expect(app.server.output()).toMatch(/"report":"Unauthorized".*"msg":"Deleting a pod failed"|"msg":"Deleting a pod failed".*"report":"Unauthorized"/);
  }, 90_000);
});
