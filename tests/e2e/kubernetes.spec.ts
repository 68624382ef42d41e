import { expect, test } from "@playwright/test";
import { registerLocation, serveCatalogFile, waitForEntity } from "./support/catalog-fixture";
import { signInAsGuest } from "./support/sign-in";

// The entity page's Kubernetes tab over the embedded default's simulated
// cluster (kubernetes.demoCluster), with JavaScript on and off: the detected
// errors, the cluster's workloads, a pod's drawer opened from its name (a
// URL, so it works without scripts) and its previous logs read through the
// portal's proxy.

const TAB = "/catalog/default/component/maintenance-requests-service/kubernetes";
const CRASHING = "maintenance-requests-service-5c8d7f9b4-7xk2p";

test("shows the workloads and errors, opens a pod's drawer and its previous logs", async ({ page, javaScriptEnabled }) => {
  await signInAsGuest(page);
  await page.goto(TAB);
  await expect(page.getByRole("navigation", { name: "Entity sections" }).getByRole("link", { name: "Kubernetes" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Error Reporting" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Clusters" })).toBeVisible();
  await expect(page.getByText("Demo cluster (simulated)").first()).toBeVisible();

  // The Error Reporting table links the crashing pod to its drawer.
  await page.getByTestId("kubernetes-error-reporting").getByRole("link", { name: CRASHING }).first().click();
  await expect(page).toHaveURL(/drawer=pod%3Ademo-cluster%2Fmaintenance%2F/);
  const drawer = page.getByTestId("kubernetes-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("10.40.3.54");
  await expect(drawer).toContainText("CrashLoopBackOff");

  await page.goto(`${TAB}?drawer=${encodeURIComponent(`pod:demo-cluster/maintenance/${CRASHING}`)}&logs=app&previous=1`);
  await expect(page.getByTestId("kubernetes-drawer")).toContainText("config validation failed: DATABASE_URL is required");

  if (javaScriptEnabled) {
    // A Headless UI dialog once hydrated: Escape closes it and the URL drops the drawer.
    await expect(page.getByTestId("kubernetes-drawer-dialog")).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("kubernetes-drawer")).toHaveCount(0);
    await expect(page).not.toHaveURL(/drawer=/);
  }
});

test("deletes a pod from its drawer: the page comes back without it", async ({ page, javaScriptEnabled }) => {
  // Each project deletes its own pod of lease-service's three, so the runs leave each other's alone.
  const pod = javaScriptEnabled ? "lease-service-7d9f8c6b5d-x2m9k" : "lease-service-7d9f8c6b5d-c7p4w";
  await signInAsGuest(page);
  await page.goto(`/catalog/default/component/lease-service/kubernetes?drawer=${encodeURIComponent(`pod:demo-cluster/leasing/${pod}`)}`);
  const drawer = page.getByTestId("kubernetes-drawer");
  await expect(drawer.getByRole("heading", { name: pod })).toBeVisible();
  // With JavaScript, once the drawer is the scripted dialog: a page opened with the drawer in its
  // URL hydrates after the drawer's chunk arrives, and a click in between can be lost.
  if (javaScriptEnabled) await expect(page.getByTestId("kubernetes-drawer-dialog")).toBeAttached();
  await drawer.getByRole("button", { name: "Delete Pod" }).click();
  await expect(page.getByTestId("kubernetes-drawer")).toHaveCount(0);
  // The pods' rows sit in the closed deployment row: counted whether shown or not.
  const podLink = (name: string) => page.getByTestId("kubernetes-content").locator("a", { hasText: new RegExp(`^${name}$`) });
  await expect(podLink(pod)).toHaveCount(0);
  await expect(podLink("lease-service-7d9f8c6b5d-h5t8n")).toHaveCount(1);
});

test("tells how to name the workloads of a service that names none", async ({ page }, testInfo) => {
  // A service of its own, registered from the fixture host, without either Kubernetes annotation.
  const name = `unlabelled-service-${testInfo.project.name}`;
  await signInAsGuest(page);
  await serveCatalogFile(page.request, `${name}.yaml`, [{ name }]);
  await registerLocation(page.request, `${name}.yaml`);
  await waitForEntity(page.request, name);
  await page.goto(`/catalog/default/component/${name}/kubernetes`);
  await expect(page.getByText("Or use a label selector query, which takes precedence over the previous annotation.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Read Kubernetes Plugin Docs" })).toHaveAttribute("href", /^https:\/\/backstage\.io\/docs\/features\/kubernetes\//);
  await expect(page.getByRole("heading", { name: "Your Clusters" })).toHaveCount(0);
});
