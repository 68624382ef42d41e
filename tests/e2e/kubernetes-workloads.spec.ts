import { expect, test, type Page } from "@playwright/test";
import { seriousAccessibilityFindings } from "./support/axe";
import { signInAsGuest } from "./support/sign-in";

// Every kind of workload the Kubernetes tab shows, on the example services
// whose workloads the simulated cluster holds (server/demo-kubernetes/
// fixtures/), with JavaScript on and off: stateful sets, daemon sets, cron
// jobs with their schedules in words and the jobs they own, and Argo
// rollouts paused on a step or aborted.

/** The component's tab, its one cluster's card opened as a visitor opens it: by its title. */
async function tab(page: Page, component: string) {
  await page.goto(`/catalog/default/component/${component}/kubernetes`);
  await page.getByRole("heading", { level: 3, name: "Demo cluster (simulated)" }).click();
}
const section = (page: Page, title: string) => page.getByRole("region", { name: title });

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page);
});

test("a stateful set and a daemon set", async ({ page }) => {
  await tab(page, "listing-search-service");
  await expect(section(page, "Stateful Sets")).toContainText("listing-search-index");
  await tab(page, "sensor-ingest-gateway");
  await expect(section(page, "Daemon Sets")).toContainText("sensor-ingest-gateway");
});

test("cron jobs, active and suspended, with their schedules in words, and the jobs they own, newest first", async ({ page, javaScriptEnabled }) => {
  await tab(page, "autopay-scheduler");
  const cronJobs = section(page, "Cron Jobs");
  await expect(cronJobs).toContainText("autopay-run");
  await expect(cronJobs).toContainText("Every hour");
  await expect(cronJobs).toContainText("autopay-reminder-digest");
  await expect(cronJobs).toContainText("At 06:30 AM, Monday through Friday");
  await expect(cronJobs).toContainText("Suspended");
  // The jobs a cron job owns open below it.
  const jobs = cronJobs.locator(`[data-row="cronjob:demo-cluster/rent-payments/autopay-run"]`);
  await jobs.locator("summary", { hasText: "Details of autopay-run" }).first().click();
  await expect(jobs.getByRole("link", { name: "autopay-run-29412420" })).toBeVisible();
  const names = await jobs.getByRole("link", { name: /^autopay-run-\d+$/ }).allTextContents();
  expect(names).toEqual(["autopay-run-29412420", "autopay-run-29412360", "autopay-run-29412300"]);
  for (const state of ["Running", "Failed", "Succeeded"]) await expect(jobs).toContainText(state);
  // The opened card and row, as the page stands (axe needs scripts; without them the HTML is the same).
  if (javaScriptEnabled) expect(await seriousAccessibilityFindings(page)).toEqual([]);
});

test("rollouts: one paused on a step, one aborted with its reason", async ({ page, javaScriptEnabled }) => {
  await tab(page, "late-rent-notifier");
  await expect(section(page, "Custom Resources")).toContainText("Paused");
  await tab(page, "payment-processor-adapter");
  const rollouts = section(page, "Custom Resources");
  await expect(rollouts).toContainText("Aborted");
  await expect(rollouts).toContainText('Metric "success-rate" assessed Failed');
  if (javaScriptEnabled) expect(await seriousAccessibilityFindings(page)).toEqual([]);
});

test("errors beyond a crashing pod: a missing config map and an autoscaler at its maximum", async ({ page }) => {
  await page.goto("/catalog/default/component/late-rent-notifier/kubernetes");
  await expect(page.getByTestId("kubernetes-error-reporting")).toContainText('configmap "late-rent-notifier-templates-v2" not found');
  await page.goto("/catalog/default/component/lease-service/kubernetes");
  await expect(page.getByTestId("kubernetes-error-reporting")).toContainText("Current number of replicas (3) is equal to the configured max number of replicas (3)");
});
