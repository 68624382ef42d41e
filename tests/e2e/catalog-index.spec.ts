import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The catalog index with JavaScript on and off, on the example catalog. With
// JavaScript a changed filter applies at once; without it the visitor presses
// 'Apply filters' (or Enter in a text box): both end on the same URL.

const table = (page: Page) => page.getByRole("table");
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const tableTitle = (page: Page) => page.locator("#catalog-table-title");
/** The texts of one column (1-based) over the table's rows. */
const columnTexts = (page: Page, column: number) => bodyRows(page).locator(`td:nth-child(${column})`).allTextContents();

async function apply(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForLoadState();
}

test("browses the example catalog and filters by kind, type and owner", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "browse"));
  await page.goto("/catalog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalog");
  await expect(page.getByRole("heading", { name: "Filters" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Clear all" })).toHaveAttribute("href", "/catalog");
  await expect(page.getByRole("link", { name: "Create", exact: true })).toHaveAttribute("href", "/create");
  // Components by default, as in Backstage.
  await expect(page.getByLabel("Kind", { exact: true })).toHaveValue("component");
  await expect(tableTitle(page)).toHaveText(/^All components \(\d+\)$/);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Type", { exact: true }).locator("option").first()).toHaveText("All results");

  await page.getByLabel("Kind", { exact: true }).selectOption("api");
  await apply(page, testInfo);
  await expect(page).toHaveURL(/filters%5Bkind%5D=api/);
  await expect(tableTitle(page)).toHaveText(/^All apis \(\d+\)$/);

  await page.getByLabel("Kind", { exact: true }).selectOption("component");
  await apply(page, testInfo);
  await expect(tableTitle(page)).toHaveText(/^All components/);
  await page.getByLabel("Type", { exact: true }).selectOption("website");
  await apply(page, testInfo);
  await expect(page).toHaveURL(/filters%5Btype%5D=website/);
  // Every row is a website now, so the Type column goes (as Backstage's table drops it) and the
  // total is the type's own count. With JavaScript the URL changes a moment before the table
  // re-renders: wait for the table itself.
  await expect(page.getByRole("columnheader", { name: "Type" })).toHaveCount(0);
  const websites = /\((\d+)\)/.exec((await page.getByLabel("Type", { exact: true }).locator("option:checked").textContent()) ?? "")?.[1];
  await expect(tableTitle(page)).toHaveText(`All components (${websites})`);

  // An owner from the list: every row left is that owner's.
  const owners = page.getByTestId("filter-owners");
  const firstOwner = owners.getByRole("checkbox").first();
  const ownerLabel = ((await owners.locator("label").first().textContent()) ?? "").replace(/ \(\d+\)$/, "");
  await firstOwner.check();
  await apply(page, testInfo);
  await expect(page).toHaveURL(/filters%5Bowners%5D=/);
  await expect(page.getByTestId("filter-owners").getByRole("checkbox").first()).toBeChecked();
  await expect.poll(async () => (await columnTexts(page, 3)).every((text) => text.includes(ownerLabel))).toBe(true);
  expect(await bodyRows(page).count()).toBeGreaterThan(0);

  // The link reproduces the view, and Clear all goes back to the defaults.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("website");
  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("");
});

test("on a phone the results come first and the filters wait behind a Filters disclosure", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsCustomUser(page, uniqueUserId(testInfo, "phone-filters"));
  await page.goto("/catalog");
  const filters = page.getByTestId("catalog-filters");
  await expect(filters.locator("summary")).toHaveText("Filters");
  await expect(page.getByLabel("Kind", { exact: true })).toBeHidden();
  // The first row is on the first screen, not 1,600 px of filters below it.
  await expect(bodyRows(page).first()).toBeInViewport();
  await filters.locator("summary").click();
  await page.getByLabel("Kind", { exact: true }).selectOption("api");
  await apply(page, testInfo);
  await expect(page).toHaveURL(/filters%5Bkind%5D=api/);
  await expect(tableTitle(page)).toHaveText(/^All apis \(\d+\)$/);
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("searches by name and says 'No records to display' when nothing matches", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "search"));
  await page.goto("/catalog");
  const search = page.getByPlaceholder("Filter", { exact: true }).last();
  await search.fill("tenant");
  await search.press("Enter");
  await expect(page).toHaveURL(/filters%5Btext%5D=tenant/);
  await expect(bodyRows(page).first()).toContainText(/tenant/i);
  await search.fill("no-such-entity-anywhere");
  await search.press("Enter");
  await expect(table(page)).toContainText("No records to display");
  await expect(tableTitle(page)).toHaveText("All components (0)");
});

test("pages forward and back with cursors, ten rows a page", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "paging"));
  await page.goto("/catalog?filters%5Bkind%5D=component&limit=10");
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(page.locator('[aria-label="First Page"]')).toHaveAttribute("aria-disabled", "true");
  await expect(page.locator('[aria-label="Previous Page"]')).toHaveAttribute("aria-disabled", "true");
  const firstName = await bodyRows(page).first().locator("td").first().textContent();
  await expect(page.getByTestId("catalog-total")).toHaveText(/^1–10 of \d+$/);

  await page.getByRole("link", { name: "Next Page" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByTestId("catalog-total")).toHaveText(/^11–\d+ of \d+$/);
  await expect(page.getByRole("link", { name: "Next Page" })).toHaveAttribute("title", "Next Page");
  await expect(bodyRows(page).first().locator("td").first()).not.toHaveText(firstName ?? "");
  await page.getByRole("link", { name: "Previous Page" }).click();
  await expect(bodyRows(page).first().locator("td").first()).toHaveText(firstName ?? "");

  // Name order is the default; ordering by a column starts again from the first page, and a
  // second click turns the order round.
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/orderField=metadata\.name%2Cdesc/);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
  const lastByName = await bodyRows(page).first().locator("td").first().textContent();
  await page.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/orderField=metadata\.name%2Casc/);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(bodyRows(page).first().locator("td").first()).not.toHaveText(lastByName ?? "");
});

test("shows starred entities under Starred and in the sidebar", async ({ page }, testInfo) => {
  // A user of its own per project: the two projects run side by side on one server.
  await signInAsCustomUser(page, uniqueUserId(testInfo, "starred"));
  await page.goto("/catalog?filters%5Bkind%5D=component&filters%5Buser%5D=starred");
  await expect(tableTitle(page)).toHaveText("Starred components (0)");
  await expect(page.getByTestId("sidebar-starred")).toContainText("Click the star beside an entity name to add it to this list!");

  await page.goto("/catalog?filters%5Bkind%5D=component");
  const row = bodyRows(page).first();
  const name = ((await row.locator("td").first().textContent()) ?? "").trim();
  await row.getByRole("button", { name: `Add ${name} to favorites` }).click();
  await expect(row.getByRole("button", { name: `Remove ${name} from favorites` })).toBeVisible();

  await page.getByRole("radio", { name: "Starred" }).check();
  await apply(page, testInfo);
  await expect(tableTitle(page)).toHaveText("Starred components (1)");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first().locator("td").first()).toHaveText(name);
  await expect(page.getByTestId("sidebar-starred").getByRole("link", { name })).toBeVisible();

  await bodyRows(page)
    .first()
    .getByRole("button", { name: `Remove ${name} from favorites` })
    .click();
  // Without JavaScript the click is a post and a navigation: the list must show its outcome before it reloads.
  await expect(tableTitle(page)).toHaveText("Starred components (0)");
  await page.reload();
  await expect(tableTitle(page)).toHaveText("Starred components (0)");
  await expect(page.getByTestId("sidebar-starred").getByRole("link")).toHaveCount(0);
});

test("names the parameters of a link that do not parse, with status 400", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "bad-input"));
  const response = await page.goto("/catalog?filters%5Buser%5D=everyone&cursor=not-a-cursor&orderField=metadata.uid%2Csideways");
  expect(response?.status()).toBe(400);
  const alert = page.getByRole("alert").filter({ hasText: "Some of the filters in this link could not be used" });
  await expect(alert).toContainText("Unknown user filter 'everyone'");
  await expect(alert).toContainText("Cannot order by 'metadata.uid,sideways'");
  await expect(alert).toContainText("This page link is no longer valid");
  await expect(tableTitle(page)).toHaveText(/^All components \(\d+\)$/);
});

for (const theme of ["light", "dark"] as const) {
  test(`keeps a screenshot of the index in the ${theme} theme`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    await signInAsCustomUser(page, uniqueUserId(testInfo, `shot-${theme}`));
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    for (const width of [1536, 1440, 1280]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto("/catalog?filters%5Bkind%5D=component");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(bodyRows(page).first()).toBeVisible();
      // Every column fits: the table needs no scrolling of its own, the Actions column included.
      const fits = await table(page).evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth);
      expect(fits, `the table fits at ${width} px`).toBe(true);
      await expect(page.getByRole("columnheader", { name: "Actions" })).toBeInViewport();
      const shot = await page.screenshot({ fullPage: true });
      await testInfo.attach(`catalog-index-${theme}-${width}`, { body: shot, contentType: "image/png" });
      if (testInfo.project.name === "js") await page.screenshot({ path: `test-results/screenshots/catalog-index-${theme}-${width}.png`, fullPage: true });
    }
    // On a phone the page does not scroll sideways; the table scrolls within its own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/catalog?filters%5Bkind%5D=component");
    await expect(bodyRows(page).first()).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (testInfo.project.name === "js") await page.screenshot({ path: `test-results/screenshots/catalog-index-${theme}-phone.png`, fullPage: true });
  });
}
