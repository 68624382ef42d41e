import { expect, test, type Page } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The docs reader with JavaScript on and off, on the reader's own site
// (tests/fixtures/techdocs-reader): the index, the reader's navigation,
// previous and next, the entity's Docs tab, the text size, a missing page;
// the lightbox with JavaScript (the image links to itself without). The
// report-issue popover is in techdocs.js-only.spec.ts.

const READER = "/docs/default/component/reader-handbook";

/** axe's serious findings on the page as this project shows it (hydrated, or as the server sent it). */
async function findings(page: Page): Promise<string[]> {
  return test.info().project.name === "js" ? seriousAccessibilityFindings(page) : seriousAccessibilityFindingsWithoutScripts(page.context(), page.url());
}

/** The first read of docs never built waits for the build; a later one is served from the published site. */
async function openReader(page: Page, path = `${READER}/`) {
  await page.goto(path);
  await expect(async () => {
    if (await page.getByTestId("docs-building").isVisible()) await page.reload();
    await expect(page.locator("article.docs-article")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // With JavaScript, the article's links and images act once the page is hydrated.
  if (test.info().project.name === "js") await expect(page.locator("article.docs-article")).toHaveAttribute("data-enhanced", "");
}

test("reads docs from the index through the navigation, previous and next", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-index"));
  await page.goto("/docs?filters[user]=all");
  await expect(page.getByRole("heading", { level: 1, name: "Documentation" })).toBeVisible();
  const table = page.getByTestId("docs-table");
  await expect(table.getByRole("link", { name: "Reader handbook" })).toHaveAttribute("href", `${READER}/`);
  await expect(table.locator('tr[data-entity-ref="component:default/reader-handbook"]')).toContainText("The handbook the docs reader's end-to-end tests read.");

  // The kind filter is a GET form: its state is the URL.
  await page.getByLabel("Kind").selectOption("Component");
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/filters%5Bkind%5D=Component/);
  await expect(table.getByRole("link", { name: "Reader handbook" })).toBeVisible();
  expect(await findings(page)).toEqual([]);

  await openReader(page);
  await expect(page.getByRole("heading", { level: 1, name: "Reader handbook", exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Documentation navigation" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("docs-edit-link")).toHaveAttribute("href", "https://github.com/acme/reader-handbook/edit/main/docs/index.md");

  // A link in the article goes to the page it names, in the reader; with JavaScript the shell stays (no document load).
  const js = testInfo.project.name === "js";
  if (js) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator("article").getByRole("link", { name: "guide" }).click();
  await expect(page).toHaveURL(`${READER}/guide/`);
  await expect(page.getByRole("heading", { level: 1, name: "Guide" })).toBeVisible();
  if (js) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const toc = page.getByRole("complementary", { name: "Table of contents" });
  await toc.getByRole("link", { name: "Configure" }).click();
  await expect(page).toHaveURL(`${READER}/guide/#configure`);
  await expect(page.locator("article #configure")).toBeInViewport();

  // The section holding a page opens; next goes on in reading order.
  await page.getByRole("link", { name: /Next.*Overview/ }).click();
  await expect(page).toHaveURL(`${READER}/ops/`);
  await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("Operations");
  await page.getByRole("link", { name: /Previous.*Guide/ }).click();
  await expect(page).toHaveURL(`${READER}/guide/`);

  expect(await findings(page)).toEqual([]);
});

test("shows the docs in the entity's Docs tab, links staying under the tab", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-tab"));
  await openReader(page);
  await page.goto("/catalog/default/component/reader-handbook/docs");
  await expect(page.getByRole("link", { name: "Read the documentation" })).toHaveAttribute("href", `${READER}/`);
  const article = page.locator("article.docs-article");
  await expect(article.getByRole("heading", { level: 1, name: "Reader handbook" })).toBeVisible();
  if (testInfo.project.name === "js") await expect(article).toHaveAttribute("data-enhanced", "");
  await article.getByRole("link", { name: "deploying" }).click();
  await expect(page).toHaveURL("/catalog/default/component/reader-handbook/docs/ops/deploy/#rollback");
  await expect(page.locator("article.docs-article").getByRole("heading", { level: 1, name: "Deploy" })).toBeVisible();
  expect(await findings(page)).toEqual([]);
  // The entity page's own Docs tab (the sidebar's Docs link is another).
  await expect(
    page
      .getByRole("main")
      .getByRole("tab", { name: "Docs" })
      .or(page.getByRole("main").getByRole("link", { name: "Docs", exact: true })),
  ).toBeVisible();
});

test("keeps the chosen text size for the user", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-size"));
  await openReader(page, `${READER}/guide/`);
  await expect(page.locator("article.docs-article")).toHaveAttribute("data-text-size", "100");
  await page.getByLabel("Text size").selectOption("130");
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Set text size" }).click();
  await expect(page.locator("article.docs-article")).toHaveAttribute("data-text-size", "130");
  await expect(page).toHaveURL(`${READER}/guide/`);
  expect(await page.locator("article.docs-article").evaluate((node) => getComputedStyle(node).fontSize)).toBe("20.8px");
  await page.goto("/settings");
  await expect(page.getByLabel("Text size")).toHaveValue("130");
});

test("says a page is not found", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-404"));
  await openReader(page);
  const response = await page.goto(`${READER}/no-such-page/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found." })).toBeVisible();
});

test("opens an image in the lightbox and closes it with Escape", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-lightbox"));
  await openReader(page, `${READER}/ops/deploy/`);
  const image = page.locator("article").getByRole("img", { name: "Deployment flow" });
  await expect(image).toBeVisible();
  const imageLink = page.locator("article a.docs-lightbox");
  if (testInfo.project.name === "no-js") {
    // Without JavaScript the image links to itself.
    await expect(imageLink).toHaveAttribute("href", "/api/techdocs/static/docs/default/component/reader-handbook/ops/images/flow.png");
    return;
  }
  await imageLink.click();
  const dialog = page.getByRole("dialog", { name: "Deployment flow" });
  await expect(dialog.getByRole("img", { name: "Deployment flow" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(imageLink).toBeFocused();
});
