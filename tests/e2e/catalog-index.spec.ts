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
  // With JavaScript the URL changes a moment before the table re-renders: wait for the rows themselves.
  await expect.poll(async () => [...new Set(await columnTexts(page, 4))]).toEqual(["website"]);

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

  await page.getByRole("link", { name: "Next Page" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByRole("link", { name: "Next Page" })).toHaveAttribute("title", "Next Page");
  await expect(bodyRows(page).first().locator("td").first()).not.toHaveText(firstName ?? "");
  await page.getByRole("link", { name: "Previous Page" }).click();
  await expect(bodyRows(page).first().locator("td").first()).toHaveText(firstName ?? "");

  // Ordering by a column starts again from the first page; a second click turns the order round.
  await page.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/orderField=metadata\.name%2Casc/);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  const firstByName = await bodyRows(page).first().locator("td").first().textContent();
  await page.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/orderField=metadata\.name%2Cdesc/);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
  await expect(bodyRows(page).first().locator("td").first()).not.toHaveText(firstByName ?? "");
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
    await signInAsCustomUser(page, uniqueUserId(testInfo, `shot-${theme}`));
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto("/catalog?filters%5Bkind%5D=component&filters%5Btype%5D=service");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(bodyRows(page).first()).toBeVisible();
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach(`catalog-index-${theme}`, { body: shot, contentType: "image/png" });
    if (testInfo.project.name === "js") await page.screenshot({ path: `test-results/screenshots/catalog-index-${theme}.png`, fullPage: true });
  });
}
