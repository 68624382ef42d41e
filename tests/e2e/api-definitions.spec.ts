import { expect, test, type Page } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The Definition tab of API entity pages, with JavaScript on and off: one
// example API of each kind shows its viewer, rendered on the server, beside
// its highlighted raw text. Operations, messages and types open as
// <details>, so they work without scripts; the copy button needs them.

test.beforeEach(async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "apidefs"));
});

const viewer = (page: Page) => page.getByTestId("api-definition-viewer");
const raw = (page: Page) => page.getByRole("figure", { name: "Raw definition" });

async function openDefinition(page: Page, name: string, title: string) {
  await page.goto(`/catalog/default/api/${name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const tabs = page.getByRole("navigation", { name: "Entity sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Overview", "Definition", "Docs"]);
  // The overview does not carry the definition.
  await expect(page.getByRole("region", { name: "Definition" })).toHaveCount(0);
  await tabs.getByRole("link", { name: "Definition" }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/default/api/${name}/definition$`));
  // With JavaScript the card's chunk is fetched after the tab's data: allow a loaded machine time for both.
  await expect(page.getByRole("region", { name: "Definition" })).toBeVisible({ timeout: 15_000 });
  await expect(raw(page).locator("pre.shiki")).toBeVisible();
}

test("OpenAPI 3: operations grouped by tag, with parameters, request body and response schemas", async ({ page }) => {
  await openDefinition(page, "notifications-api", "Notifications API");
  await expect(viewer(page)).toContainText("OpenAPI 3.0.3");
  await expect(viewer(page).getByRole("heading", { name: /^notifications/ })).toBeVisible();
  await expect(viewer(page).getByRole("heading", { name: /^templates/ })).toBeVisible();
  const send = viewer(page).locator("details", { hasText: "Queue a notification" });
  await send.locator("summary").click();
  await expect(send.getByRole("cell", { name: "Idempotency-Key" })).toBeVisible();
  await expect(send.getByRole("heading", { name: "Request body" })).toBeVisible();
  await expect(send).toContainText("NotificationRequest");
  await expect(send).toContainText("recipient");
  await expect(send).toContainText("202");
  await expect(raw(page)).toContainText("operationId: sendNotification");
});

test("Swagger 2.0: body and form parameters become request bodies", async ({ page }) => {
  await openDefinition(page, "screening-decisions-api", "Screening Decisions API");
  await expect(viewer(page)).toContainText("Swagger 2.0");
  await expect(viewer(page)).toContainText("https://screening.internal.keystone-living.example/v1");
  const upload = viewer(page).locator("details", { hasText: "Upload a supporting document" });
  await upload.locator("summary").click();
  await expect(upload).toContainText("multipart/form-data");
  await expect(upload).toContainText("pay-stub");
});

test("AsyncAPI 3: channels, operations and messages with payload schemas", async ({ page }) => {
  await openDefinition(page, "rent-payment-events", "Rent Payment Events");
  await expect(viewer(page)).toContainText("AsyncAPI 3.0.0");
  await expect(page.getByTestId("asyncapi-channels")).toContainText("payments.payment.v1");
  await expect(viewer(page)).toContainText("publishPaymentLifecycle");
  // A channel's message link leads to the message, which opens to show its payload.
  const message = viewer(page).locator("details", { has: page.locator("summary", { hasText: "PaymentSucceeded" }) });
  await message.locator("summary").click();
  await expect(message.getByRole("heading", { name: "Payload" })).toBeVisible();
});

test("GraphQL: queries, mutations, subscriptions and types from the SDL", async ({ page }) => {
  await openDefinition(page, "tenant-portal-graphql", "Tenant Portal GraphQL");
  await expect(viewer(page).getByRole("heading", { name: /^Queries/ })).toBeVisible();
  await expect(viewer(page).getByRole("heading", { name: /^Mutations/ })).toBeVisible();
  await expect(viewer(page).getByRole("heading", { name: /^Subscriptions/ })).toBeVisible();
  await expect(page.getByTestId("graphql-query")).not.toBeEmpty();
  const node = viewer(page).locator("#type-Node");
  await node.locator("summary").click();
  await expect(node).toContainText("id: ID!");
  await expect(raw(page)).toContainText("schema {");
});

test("gRPC: services with streaming methods, messages and enums from the proto", async ({ page }) => {
  await openDefinition(page, "sensor-ingestion-api", "Sensor Ingestion API");
  await expect(viewer(page)).toContainText("package keystone.smartbuilding.ingest.v1");
  const service = page.getByTestId("grpc-service").filter({ hasText: "SensorIngestion" }).first();
  await expect(service).toContainText("rpc StreamReadings");
  await expect(service).toContainText("stream");
  await expect(viewer(page).getByRole("heading", { name: /^Messages/ })).toBeVisible();
  await expect(raw(page)).toContainText('syntax = "proto3";');
});

test("tRPC: the router's procedures beside its TypeScript source", async ({ page }) => {
  await openDefinition(page, "owner-portal-trpc", "Owner Portal tRPC");
  const procedures = page.getByTestId("trpc-procedures");
  await expect(procedures.getByRole("row", { name: /statements\.requestReissue mutation/ })).toBeVisible();
  await expect(procedures.getByRole("row", { name: /occupancy subscription/ })).toBeVisible();
  await expect(procedures.getByRole("row", { name: /distributions\.upcoming query/ })).toBeVisible();
  await expect(raw(page)).toContainText("export const ownerPortalRouter = router({");
});

test("the copy button copies the raw definition (JavaScript only)", async ({ page, context, baseURL }, testInfo) => {
  await page.goto("/catalog/default/api/tenant-portal-graphql/definition");
  const copy = raw(page).getByRole("button", { name: "Copy to clipboard" });
  if (testInfo.project.name === "no-js") {
    await expect(raw(page).locator("pre.shiki")).toBeVisible();
    await expect(copy).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await copy.click();
  await expect(raw(page).getByRole("status")).toHaveText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("schema {");
});

for (const theme of ["light", "dark"] as const) {
  test(`keeps a screenshot of the OpenAPI viewer in the ${theme} theme`, async ({ page, context, baseURL }, testInfo) => {
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto("/catalog/default/api/notifications-api/definition");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await viewer(page).locator("details").first().locator("summary").click();
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach(`api-definition-${theme}`, { body: shot, contentType: "image/png" });
    if (testInfo.project.name === "js") await page.screenshot({ path: `test-results/screenshots/api-definition-${theme}.png`, fullPage: true });
  });
}
