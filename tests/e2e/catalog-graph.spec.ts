import { expect, test, type Page } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The catalog graph with JavaScript on and off, around an example entity:
// with JavaScript the nodes are drawn and a click opens the entity's page;
// without it the same graph is a nested list of links. The filter panel is a
// GET form in both.

const SERVICE = "/catalog/default/component/listing-search-service";
const GRAPH = "/catalog-graph?rootEntityRefs%5B%5D=component%3Adefault%2Flisting-search-service&maxDepth=1";

const graph = (page: Page) => page.getByTestId("catalog-graph");
const list = (page: Page) => page.getByTestId("graph-list");

test.beforeEach(async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "graph"));
});

test("shows the graph around an entity and opens an entity from it", async ({ page }, testInfo) => {
  await page.goto(GRAPH);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalog Graph");
  await expect(page.getByRole("heading", { name: "Listing search service" })).toBeVisible();
  if (testInfo.project.name === "js") {
    // The drawing: one node per entity, each showing its title and kind.
    const root = graph(page).locator('[data-entity-ref="component:default/listing-search-service"]');
    await expect(root).toBeVisible();
    await expect(root).toContainText("Listing search service");
    await expect(root).toContainText("Component");
    await expect(graph(page).locator(".react-flow__edge")).not.toHaveCount(0);
    await expect(graph(page).getByText("ownerOf / ownedBy")).toBeVisible();
    // Zoom controls.
    await expect(page.getByRole("button", { name: /zoom in/i })).toBeVisible();
    await graph(page).locator('[data-entity-ref="system:default/listings"]').click();
  } else {
    const root = list(page).locator('[data-graph-node="component:default/listing-search-service"]');
    await expect(root.getByRole("link", { name: "Listing search service" }).first()).toHaveAttribute("href", SERVICE);
    await expect(root.locator('[data-graph-node="system:default/listings"]')).toContainText("partOf →");
    await list(page).getByRole("link", { name: "Listings & Search" }).click();
  }
  await expect(page).toHaveURL(/\/catalog\/default\/system\/listings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listings & Search");
});

test("filters by kind through the GET form, the state in Backstage's parameters", async ({ page }) => {
  await page.goto(GRAPH);
  await page.getByRole("checkbox", { name: "system", exact: true }).check();
  await page.getByRole("button", { name: "Show graph" }).click();
  await expect(page).toHaveURL(/selectedKinds%5B%5D=system/);
  await expect(page.getByText("2 entities, 1 relations")).toBeVisible();
});

test("says which parameters of a bad link it could not read", async ({ page }) => {
  const response = await page.goto(`${GRAPH}&direction=sideways`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("direction must be one of TB, BT, LR or RL, not 'sideways'");
});

test("shows the graph card on the entity page; a node opens its entity", async ({ page }, testInfo) => {
  await page.goto(SERVICE);
  const card = page.getByRole("region", { name: "Relations" });
  if (testInfo.project.name === "js") {
    const team = card.getByTestId("catalog-graph").locator('[data-entity-ref="group:default/renter-experience-team"]');
    await expect(team).toBeVisible();
    await team.click();
  } else {
    const team = card.getByTestId("graph-list").locator('[data-graph-node="group:default/renter-experience-team"]').getByRole("link").first();
    await expect(team).toBeVisible();
    await team.click();
  }
  await expect(page).toHaveURL(/\/catalog\/default\/group\/renter-experience-team$/);
});

test("links from the graph card to the full graph", async ({ page }) => {
  await page.goto(SERVICE);
  await page.getByRole("region", { name: "Relations" }).getByRole("link", { name: "View graph" }).click();
  // As deep as the card: one relation.
  await expect(page).toHaveURL(/\/catalog-graph\?rootEntityRefs%5B%5D=component%3Adefault%2Flisting-search-service&maxDepth=1$/);
  await expect(page.getByRole("heading", { name: "Listing search service" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Max depth" })).toHaveValue("1");
});

test("opens the sidebar's graph page on a picker, which opens the graph around the entity picked", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Catalog graph" }).click();
  await expect(page).toHaveURL(/\/catalog-graph$/);
  // A visitor who owns and starred nothing is asked to pick.
  await expect(page.getByTestId("graph-start")).toHaveText("You own no entity and have starred none: pick an entity to start from.");
  await page.getByRole("combobox", { name: "Entity reference" }).fill("component:default/listing-search-service");
  await page.getByRole("button", { name: "Open graph" }).click();
  await expect(page).toHaveURL(/\/catalog-graph\?rootEntityRefs%5B%5D=component%3Adefault%2Flisting-search-service&maxDepth=1$/);
  await expect(page.getByRole("heading", { name: "Listing search service" })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`keeps a screenshot of the graph in the ${theme} theme`, async ({ page, context, baseURL }, testInfo) => {
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto("/catalog-graph?rootEntityRefs%5B%5D=system%3Adefault%2Flistings&maxDepth=2");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    if (testInfo.project.name === "js") await expect(graph(page).locator(".react-flow__node").first()).toBeVisible();
    else await expect(list(page)).toBeVisible();
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach(`catalog-graph-${theme}`, { body: shot, contentType: "image/png" });
    const name = testInfo.project.name === "js" ? "catalog-graph" : "catalog-graph-no-js";
    await page.screenshot({ path: `test-results/screenshots/${name}-${theme}.png`, fullPage: true });
  });
}
