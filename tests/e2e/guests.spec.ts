import { expect, test, type Page } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// Two guest browsers side by side: each stars its own entity and sees only
// its own stars, with JavaScript on and off (docs/decisions/020).

const sidebarStars = (page: Page) => page.getByTestId("sidebar-starred").getByRole("link");

async function star(page: Page, path: string, name: string) {
  await page.goto(path);
  await page.getByRole("button", { name: `Add ${name} to favorites` }).click();
  await expect(page.getByRole("button", { name: `Remove ${name} from favorites` })).toBeVisible();
}

test("two guest browsers keep their stars apart", async ({ browser, page }, testInfo) => {
  const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled, baseURL: testInfo.project.use.baseURL });
  const second = await other.newPage();
  await signInAsGuest(page);
  await signInAsGuest(second);
  await star(page, "/catalog/default/component/listing-search-service", "Listing search service");
  await star(second, "/catalog/default/component/rent-ledger-service", "Rent ledger service");

  await page.goto("/");
  await expect(sidebarStars(page)).toHaveText(["Listing search service"]);
  await second.goto("/");
  await expect(sidebarStars(second)).toHaveText(["Rent ledger service"]);
  await other.close();
});
