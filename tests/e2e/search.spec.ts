import { expect, test } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// Search with JavaScript on and off, over the example catalog: the shell's
// search box leads to /search, results carry highlighted matches and link to
// the entity, the filters narrow them, paging keeps the query, an empty result
// says so, and axe finds nothing serious.

test("searches from the shell's box, filters, pages and opens a result", async ({ page, context, baseURL, javaScriptEnabled }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "search"));
  await page.goto("/catalog");
  await page.getByRole("searchbox", { name: "Search the portal" }).fill("ledger");
  await page.getByRole("button", { name: "Go to search" }).click();
  await expect(page).toHaveURL(/\/search\?term=ledger$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  const results = page.getByRole("region", { name: "Results" });
  // The catalog is indexed by the scheduler shortly after start.
  await expect(async () => {
    await page.reload();
    await expect(results.getByRole("listitem").first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(results.getByRole("status")).toHaveText(/^\d+ results?/);
  // The catalog's result: the service's docs page, once built, is a result of its own.
  const ledger = results.getByRole("listitem").filter({ hasText: "Software Catalog" }).getByRole("link", { name: "Rent ledger service" });
  await expect(ledger.locator("mark")).toHaveText("ledger");

  const findings = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, page.url());
  expect(findings).toEqual([]);

  // Filters: APIs only.
  const form = page.getByRole("search", { name: "Search", exact: true });
  await form.getByRole("searchbox", { name: "Search term" }).fill("rent");
  await form.getByLabel("Kind").selectOption("API");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/filters%5Bkind%5D=API/);
  await expect(results.getByRole("listitem").first()).toBeVisible();
  for (const item of await results.getByRole("listitem").all()) await expect(item).toContainText("API");

  // Paging keeps the query.
  await page.goto("/search?term=rent&pageLimit=2");
  await page.getByRole("navigation", { name: "Result pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/term=rent&pageLimit=2&pageCursor=MQ%3D%3D$/);
  await expect(results.getByRole("status")).toContainText("Results 3 to 4");
  await expect(page.getByRole("searchbox", { name: "Search term" })).toHaveValue("rent");

  await page.goto("/search?term=ledger");
  await results.getByRole("listitem").filter({ hasText: "Software Catalog" }).getByRole("link", { name: "Rent ledger service" }).click();
  await expect(page).toHaveURL(/\/catalog\/default\/component\/rent-ledger-service$/);
  expect(baseURL).toBeTruthy();
});

test("says when nothing matches, and prompts before a search", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "search-empty"));
  await page.goto("/search");
  await expect(page.getByText("Type a term to find components, APIs, teams and documentation pages.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search term" }).fill("zzqqxxnothing");
  await page.getByRole("search", { name: "Search", exact: true }).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Results" }).getByRole("status")).toHaveText("0 results");
});
