import { expect, test, type Page } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The home page with JavaScript on and off, on the example catalog: the
// default widgets, the catalog search, a visited entity page showing up under
// 'Recently visited', and the settings dialog (opened by the URL) that hides
// and reorders widgets and saves them for the user.

const widgetIds = (page: Page) => page.locator("[data-widget]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-widget")));

test("shows the default widgets and searches the catalog", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "home"));
  await page.goto("/");
  expect(await widgetIds(page)).toEqual(["search", "starred", "recent", "owned", "docs"]);
  await expect(page.getByRole("heading", { name: "Starred entities" })).toBeVisible();
  await expect(page.locator('[data-widget="starred"]').getByText("Click the star beside an entity name to add it to this list!")).toBeVisible();
  const docs = page.locator('[data-widget="docs"]');
  await expect(docs.getByRole("link", { name: "Rent ledger service" })).toHaveAttribute("href", "/docs/default/component/rent-ledger-service/");

  // Every kind, named under the box; the search page says what it searched.
  const search = page.locator('[data-widget="search"]');
  await expect(search).toContainText("Searches every kind: API, Component, Domain, Group, Location, Resource, System, Template, User.");
  await search.getByRole("searchbox", { name: "Search the catalog" }).fill("ledger");
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?types%5B0%5D=software-catalog&term=ledger$/);
  await expect(page.getByTestId("search-scope")).toHaveText("Searched Software Catalog, every kind: API, Component, Domain, Group, Location, Resource, System, Template, User.");
  await expect(page.getByRole("link", { name: "Rent ledger service" }).first()).toBeVisible();
});

test("lists a visited entity page under 'Recently visited'", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "recent"));
  await page.goto("/catalog/default/component/maintenance-requests-service");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Maintenance requests service");
  await page.goto("/");
  const recent = page.locator('[data-widget="recent"]');
  await expect(recent.getByRole("link", { name: "Maintenance requests service" })).toHaveAttribute("href", "/catalog/default/component/maintenance-requests-service");
});

test("hides and reorders widgets in its settings and keeps them", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "customize"));
  await page.goto("/");
  await page.getByRole("link", { name: "Customize" }).click();
  const dialog = page.getByRole("dialog", { name: "Customize your home page" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/customize=1/);
  await dialog.getByRole("checkbox", { name: "Show Documentation" }).uncheck();
  await dialog.getByRole("button", { name: "Move Recently visited up" }).click();
  // The move keeps the draft in the URL, unchecked box included.
  await expect(page).toHaveURL(/move=up%3Arecent/);
  await expect(dialog.getByRole("checkbox", { name: "Show Documentation" })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  expect(await widgetIds(page)).toEqual(["search", "recent", "starred", "owned"]);
  await page.reload();
  expect(await widgetIds(page)).toEqual(["search", "recent", "starred", "owned"]);

  await page.goto("/?customize=1");
  await page.getByRole("dialog").getByRole("button", { name: "Restore defaults" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await widgetIds(page)).toEqual(["search", "starred", "recent", "owned", "docs"]);
});
