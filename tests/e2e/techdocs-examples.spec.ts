import { expect, test, type Page } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The example docs (examples/README.md) with JavaScript on and off: the
// platform handbook of system:platform-core read from the docs index (nested
// navigation, admonitions, content tabs, highlighted code, images, previous
// and next), keystone-web in its entity's Docs tab, a handbook page found by
// search, autopay-scheduler's docs through its techdocs-entity annotation,
// and screenshots of the reader, the index and the results in both themes on
// a desktop and a phone.

// A first read waits for a build of a 38-page site on a busy machine.
test.describe.configure({ timeout: 150_000 });

const HANDBOOK = "/docs/default/system/platform-core";
const OUTBOX = `${HANDBOOK}/architecture/event-bus/outbox/`;

/** axe's serious findings on the page as this project shows it (hydrated, or as the server sent it). */
async function findings(page: Page): Promise<string[]> {
  return test.info().project.name === "js" ? seriousAccessibilityFindings(page) : seriousAccessibilityFindingsWithoutScripts(page.context(), page.url());
}

/** The first read of docs never built waits for their build (the building state refreshes itself); later reads are served from the published site. */
async function openReader(page: Page, path: string) {
  await page.goto(path);
  await expect(async () => {
    if (await page.getByTestId("docs-building").isVisible()) await page.reload();
    await expect(page.locator("article.docs-article")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  if (test.info().project.name === "js") await expect(page.locator("article.docs-article")).toHaveAttribute("data-enhanced", "");
}

test("reads the platform handbook from the docs index: nested sections, an admonition, tabs, code, an image, previous and next", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "handbook"));
  // Built before the index is read, so the index's link leads straight to the article.
  await openReader(page, `${HANDBOOK}/`);
  await page.goto("/docs?filters[user]=all");
  const table = page.getByTestId("docs-table");
  const row = table.locator('tr[data-entity-ref="system:default/platform-core"]');
  await expect(row).toContainText("The event bus, the Node.js service kit, the design system, notifications and Atrium.");
  expect(await findings(page)).toEqual([]);
  await row.getByRole("link", { name: "Platform Core" }).click();
  await expect(page).toHaveURL(`${HANDBOOK}/`);
  const article = page.locator("article.docs-article");
  await expect(article.getByRole("heading", { level: 1 })).toBeVisible();

  // With JavaScript, moving inside the docs keeps the shell (no document load).
  const js = testInfo.project.name === "js";
  if (js) await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // Two levels down through the navigation's sections (details that open without scripts).
  const nav = page.getByRole("navigation", { name: "Documentation navigation" });
  await nav.locator("summary", { hasText: /^Architecture$/ }).click();
  await nav.locator("summary", { hasText: /^Event bus$/ }).click();
  await nav.getByRole("link", { name: "The outbox pattern" }).click();
  await expect(page).toHaveURL(OUTBOX);
  await expect(article.getByRole("heading", { level: 1, name: "The outbox pattern" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "The outbox pattern" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("Event bus");
  if (js) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The image, served from the published site.
  const image = article.getByRole("img", { name: /The service writes domain tables and the outbox in one transaction/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);

  // Highlighted SQL: tokens in their own spans.
  const sql = article.locator(".highlight", { hasText: "CREATE TABLE outbox" }).first();
  await expect(sql).toBeVisible();
  expect(await sql.locator("span[class], span[style]").count()).toBeGreaterThan(3);

  // Content tabs are radio inputs and labels: they switch with and without scripts.
  const tabs = article.locator(".tabbed-set").first();
  const [typescript, go] = [tabs.locator(".tabbed-block").nth(0), tabs.locator(".tabbed-block").nth(1)];
  await expect(typescript).toBeVisible();
  await expect(typescript).toContainText("service.outbox.add(tx, {");
  await expect(go).toBeHidden();
  await tabs.locator("label", { hasText: "Go (rent ledger)" }).click();
  await expect(go).toBeVisible();
  await expect(go).toContainText("pgx.BeginFunc");
  await expect(typescript).toBeHidden();
  await expect(tabs.getByRole("radio", { name: "Go (rent ledger)" })).toBeChecked();

  // A collapsible admonition opens on its summary.
  const debezium = article.locator("details", { hasText: "Why not Debezium?" });
  await expect(debezium.getByText("We ran Debezium change data capture in 2023.")).toBeHidden();
  await debezium.locator("summary").click();
  await expect(debezium.getByText("We ran Debezium change data capture in 2023.")).toBeVisible();
  expect(await findings(page)).toEqual([]);

  // Previous and next follow the nav's reading order.
  await page.getByRole("link", { name: /Next.*Data stores/ }).click();
  await expect(page).toHaveURL(`${HANDBOOK}/architecture/data-stores/`);
  await page.getByRole("link", { name: /Previous.*The outbox pattern/ }).click();
  await expect(page).toHaveURL(OUTBOX);
  if (js) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // A plain admonition, on the handbook's home page.
  await openReader(page, `${HANDBOOK}/`);
  await expect(article.locator(".admonition .admonition-title").first()).toBeVisible();
  expect(await findings(page)).toEqual([]);
});

test("shows keystone-web's docs in its Docs tab, a link in the article staying in the tab", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "keystone-docs"));
  await openReader(page, "/docs/default/component/keystone-web/");
  await page.goto("/catalog/default/component/keystone-web/docs");
  const article = page.locator("article.docs-article");
  await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
  if (testInfo.project.name === "js") await expect(article).toHaveAttribute("data-enhanced", "");
  await article.getByRole("link", { name: "the runbook" }).first().click();
  await expect(page).toHaveURL("/catalog/default/component/keystone-web/docs/runbook/#a-listing-looks-wrong");
  await expect(page.locator("article.docs-article").getByRole("heading", { level: 1 })).toContainText("Runbook");
  expect(await findings(page)).toEqual([]);
});

test("finds a handbook page by a word only it holds, and opens the reader there", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "handbook-search"));
  // The search index gets docs pages once they are built: reading builds them,
  // and the collator (every 10 seconds, app/lib/search/search-service.server.ts) picks them up.
  await openReader(page, `${HANDBOOK}/`);
  const results = page.getByRole("region", { name: "Results" });
  const hit = results.getByRole("listitem").filter({ hasText: "The outbox pattern" });
  await expect(async () => {
    await page.goto("/search?term=advisory");
    await expect(hit).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(hit).toContainText("Documentation");
  await expect(hit).toContainText("Documentation of Platform Core");
  await expect(hit.locator("mark").first()).toHaveText(/advisory/i);
  expect(await findings(page)).toEqual([]);
  await hit.getByRole("link", { name: "The outbox pattern" }).click();
  await expect(page).toHaveURL(OUTBOX);
  await expect(page.locator("article.docs-article").getByRole("heading", { level: 1, name: "The outbox pattern" })).toBeVisible();
});

test("shows autopay-scheduler the Rent Payments docs at the page about it", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "autopay-docs"));
  await openReader(page, "/docs/default/component/autopay-scheduler/");
  await expect(page.locator("article.docs-article").getByRole("heading", { level: 1, name: "Autopay scheduler" })).toBeVisible();
  await page.goto("/catalog/default/component/autopay-scheduler/docs");
  await expect(page.locator("article.docs-article").getByRole("heading", { level: 1, name: "Autopay scheduler" })).toBeVisible();
  expect(await findings(page)).toEqual([]);
});

const VIEWPORTS = { desktop: { width: 1440, height: 1000 }, phone: { width: 390, height: 844 } } as const;

for (const theme of ["light", "dark"] as const) {
  test(`keeps screenshots of the reader, the docs index and search results in the ${theme} theme`, async ({ page, context, baseURL }, testInfo) => {
    await signInAsCustomUser(page, uniqueUserId(testInfo, `docs-shot-${theme}`));
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    await openReader(page, OUTBOX);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    for (const [device, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      const shots: Array<[string, string]> = [
        ["docs-reader", OUTBOX],
        ["docs-index", "/docs?filters[user]=all"],
        ["docs-search", "/search?term=outbox"],
      ];
      for (const [name, path] of shots) {
        await page.goto(path);
        await expect(page.locator("main")).toBeVisible();
        // The page fits the viewport's width: nothing scrolls sideways.
        const widest = await page.evaluate(() => {
          const over = [...document.querySelectorAll("main *")].filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
          return { width: document.documentElement.scrollWidth, over: over.slice(0, 3).map((node) => `${node.tagName}.${node.className}`) };
        });
        expect(widest.width, `${name} on a ${device}: ${widest.over.join(", ")}`).toBeLessThanOrEqual(size.width);
        const shot = await page.screenshot({ fullPage: true });
        await testInfo.attach(`${name}-${theme}-${device}`, { body: shot, contentType: "image/png" });
        if (testInfo.project.name === "js") await page.screenshot({ path: `test-results/screenshots/${name}-${theme}-${device}.png`, fullPage: true });
      }
    }
  });
}
