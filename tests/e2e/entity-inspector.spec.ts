import { expect, test } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// The entity inspector (docs/decisions/014-unregister-and-inspector.md) with JavaScript on and off: a pasted link
// opens it on the tab it names, tabs and closing are links that change
// ?inspect, and the ancestry reads as a list of links.

const ENTITY = "/catalog/default/component/listing-search-service";

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page);
});

test("opens from a pasted link on the tab it names and switches tabs through the URL", async ({ page }) => {
  await page.goto(`${ENTITY}?inspect=yaml`);
  const dialog = page.getByRole("dialog", { name: "Entity Inspector" });
  await expect(dialog).toBeVisible();
  const tabs = dialog.getByRole("navigation", { name: "Inspector options" });
  await expect(tabs.getByRole("link", { name: "Raw YAML" })).toHaveAttribute("aria-current", "page");
  await expect(dialog.getByRole("heading", { name: "Entity as YAML" })).toBeVisible();
  const yaml = dialog.getByTestId("inspector-raw-yaml");
  await expect(yaml).toContainText("apiVersion: backstage.io/v1alpha1");
  await expect(yaml).toContainText("name: listing-search-service");

  await tabs.getByRole("link", { name: "Raw JSON" }).click();
  await expect(page).toHaveURL(/\?inspect=json$/);
  await expect(dialog.getByTestId("inspector-raw-json")).toContainText('"kind": "Component"');

  await tabs.getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\?inspect=overview$/);
  await expect(dialog.getByTestId("inspector-identity-entityRef")).toContainText("component:default/listing-search-service");
  await expect(dialog.getByTestId("inspector-identity-uid")).toHaveText(/[0-9a-f-]{36}/);
  await expect(dialog.getByRole("heading", { name: "Relations" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "ownedBy" })).toBeVisible();

  await tabs.getByRole("link", { name: "Colocated" }).click();
  await expect(page).toHaveURL(/\?inspect=colocated$/);
  await expect(dialog.getByRole("heading", { name: "At the same location" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Listing ingest worker" })).toBeVisible();

  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`${ENTITY}$`));
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("falls back to the first tab for an empty or unknown value", async ({ page }) => {
  for (const value of ["", "nonsense"]) {
    const response = await page.goto(`${ENTITY}?inspect=${value}`);
    expect(response?.status()).toBe(200);
    const tabs = page.getByRole("navigation", { name: "Inspector options" });
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Identity" })).toBeVisible();
  }
});

test("shows the ancestry as a graph and as a list whose entries link to entity pages", async ({ page }) => {
  await page.goto(`${ENTITY}?inspect=ancestry`);
  const dialog = page.getByRole("dialog", { name: "Entity Inspector" });
  await expect(dialog.getByRole("img", { name: /Ancestry graph of Listing search service/ })).toBeVisible();
  const list = dialog.getByRole("list", { name: /Ancestry as a list/ });
  // The oldest ancestor first, the entity itself last.
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").last()).toHaveText("Listing search service");
  await expect(list.getByRole("listitem").nth(1)).toHaveText("Keystone Living example catalog");
  await list.getByRole("link", { name: "Keystone Living example catalog" }).click();
  await expect(page).toHaveURL(/\/catalog\/default\/location\/keystone-living$/);
});

test("closes on Escape and on a click outside, and zooms the graph on a click", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "Escape, clicks outside and zoom are JavaScript's");
  await page.goto(`${ENTITY}?inspect=ancestry`);
  const dialog = page.getByRole("dialog", { name: "Entity Inspector" });
  // A page opened with the dialog in its URL hydrates after the dialog's chunk arrives; a click
  // before that does nothing. Hydrated, the dialog is Headless UI's, in its portal.
  const scripted = page.locator("#headlessui-portal-root").getByRole("dialog", { name: "Entity Inspector" });
  await expect(scripted).toBeVisible();
  const graph = dialog.getByTestId("ancestry-graph");
  await expect(graph).toHaveAttribute("data-zoom", "1");
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(graph).toHaveAttribute("data-zoom", "2");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`${ENTITY}$`));
  await expect(dialog).toHaveCount(0);

  await page.goto(`${ENTITY}?inspect=overview`);
  await expect(scripted).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page).toHaveURL(new RegExp(`${ENTITY}$`));
});

test("copies an identity value, saying so for a moment", async ({ page, context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "copy buttons exist only with JavaScript");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto(`${ENTITY}?inspect`);
  const dialog = page.getByRole("dialog", { name: "Entity Inspector" });
  await dialog.getByRole("button", { name: "Copy entityRef" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("component:default/listing-search-service");
  await expect(dialog.getByRole("status")).toHaveCount(0);
});

test("keeps screenshots of the inspector in the light and dark themes", async ({ page, context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "one set of screenshots is enough");
  for (const theme of ["light", "dark"]) {
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL }]);
    await page.goto(`${ENTITY}?inspect=overview`);
    await expect(page.getByRole("dialog", { name: "Entity Inspector" })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/entity-inspector-${theme}.png` });
  }
});
