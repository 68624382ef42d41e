import { expect, test, type Page } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";
import { signInAsCatalogUser, waitForCatalogUser } from "./support/sign-in";

// The pages hydrate under the Content-Security-Policy (server/browser-headers.ts):
// the browser refuses nothing they need, React Router's inline scripts run
// (they carry the request's nonce), and the pages that do the most in the
// browser (the graph, the API definitions, the docs reader, the scaffolder's
// wizard and editor) still work with scripts.

/** Every policy violation the browser reports in this page's context (its popups too), from the moment each page loads. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.context().on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`);
  });
  await page.context().addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

async function expectHydrated(page: Page) {
  // React Router's inline context script ran, and its client router took over the page.
  await expect.poll(() => page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext === "object")).toBe(true);
  await expect.poll(() => page.evaluate(() => typeof (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules === "object")).toBe(true);
}

test("pages hydrate and do their work without a policy violation", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const violations = await collectViolations(page);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "csp"));
  await expectHydrated(page);

  // A client-side navigation: only a hydrated router does it without a document request.
  await page.goto("/catalog");
  await expectHydrated(page);

  await page.goto("/catalog-graph?rootEntityRefs%5B%5D=component%3Adefault%2Flisting-search-service&maxDepth=1");
  await expect(page.getByTestId("catalog-graph")).toBeVisible();

  await page.goto("/catalog/default/api/tenant-portal-graphql/definition");
  await expectHydrated(page);

  await page.goto("/create");
  await expectHydrated(page);
  // The wizard of a template: its form, validated in the browser.
  await page.getByRole("link", { name: "Choose Wizard Test Service" }).click();
  await expect(page).toHaveURL(/\/create\/templates\//);
  await expectHydrated(page);
  await page.goto("/create/template");
  await expectHydrated(page);

  await page.goto("/docs/default/component/reader-handbook/ops/deploy/");
  await expect(async () => {
    if (await page.getByTestId("docs-building").isVisible()) await page.reload();
    await expect(page.locator("article.docs-article")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // The reader's scripts enhance the article once hydrated.
  await expect(page.locator("article.docs-article")).toHaveAttribute("data-enhanced", "");

  expect(violations).toEqual([]);
});

test("signing in through the provider's popup runs under the policy", async ({ page, request }) => {
  // The popup's last page posts the result to this window with its one script, allowed by hash (app/lib/auth/web-message.server.ts).
  const violations = await collectViolations(page);
  await waitForCatalogUser(request, "tomas.novak");
  await signInAsCatalogUser(page, true, "Tomáš Novák", "user:default/tomas.novak");
  await expectHydrated(page);
  expect(violations).toEqual([]);
});

test("another site cannot frame a page", async ({ page }) => {
  // A page of no origin of ours frames the sign-in page: the browser refuses, and says why.
  const refused = page.waitForEvent("console", { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 20_000 });
  const url = new URL("/sign-in", test.info().project.use.baseURL).href;
  await page.setContent(`<iframe id="framed" src="${url}"></iframe>`);
  expect((await refused).text()).toContain("frame-ancestors 'self'");
  await expect(page.frameLocator("#framed").getByRole("button", { name: "Continue" })).toHaveCount(0);
});
