import { expect, test, type Page } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// With JavaScript a navigation changes the page in place, so the shell's live
// region (app/components/shell/route-announcer.tsx) tells a screen reader the
// new page's title; without JavaScript every page is a load, which the
// browser announces itself.

const APP_TITLE = "Keystone Living Developer Portal";

/** Until React has hydrated the region (it keeps its fiber on the element): from then on a click is a client-side navigation. */
async function expectHydrated(page: Page) {
  await expect.poll(() => page.getByTestId("route-announcer").evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

test("says the new page's title after a navigation, and keeps quiet for a filter on the same page", async ({ page }) => {
  await signInAsGuest(page);
  await page.goto("/catalog?filters[text]=listing-search");
  await expectHydrated(page);
  const announcer = page.getByTestId("route-announcer");
  await expect(announcer).toHaveText("");

  await page.getByRole("table").getByRole("link", { name: "Listing search service", exact: true }).click();
  await expect(page).toHaveTitle(`Listing search service | ${APP_TITLE}`);
  await expect(announcer).toHaveText(`Listing search service | ${APP_TITLE}`);

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Catalog", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  // The address changes before React commits the new page (and its title).
  await expect(page).toHaveTitle(/^Catalog\b/);
  const catalogTitle = await page.title();
  await expect(announcer).toHaveText(catalogTitle);

  // A search on the same page changes the results, not the page: the region keeps its last words.
  type Said = { said: string[] };
  await announcer.evaluate((element) => {
    const said: string[] = ((window as unknown as Said).said = []);
    new MutationObserver(() => said.push(element.textContent ?? "")).observe(element, { childList: true, characterData: true, subtree: true });
  });
  const search = page.getByRole("region", { name: /^All/ }).getByRole("searchbox");
  await search.fill("ledger");
  await search.press("Enter");
  await expect(page).toHaveURL(/ledger/);
  await expect(page.getByRole("table").getByRole("link", { name: "Listing search service", exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as Said).said)).toEqual([]);
  await expect(announcer).toHaveText(catalogTitle);
});
