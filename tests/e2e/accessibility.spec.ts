import { expect, test, type Locator, type Page } from "@playwright/test";
import { openScriptlessCopy, seriousAccessibilityFindings, type ScriptlessCopy } from "./support/axe";
import { pageRoutePatterns } from "./support/page-routes";
import { signInAsGuest } from "./support/sign-in";

// The accessibility walk: every page of the route table (app/routes.ts), each
// by one or more sample URLs (an entity page of every kind and its tabs, the
// inspector, the docs reader, a finished task and the repository it
// published), with axe-core, in both themes, on a desktop and a phone. Zero
// serious or critical findings (docs/decisions/043-accessibility-walk-and-colours.md).
// Every closed <details> is opened first: what a disclosure hides (the
// catalog's filters on a phone, a cluster's rows) is checked too.
// A page added to the route table without a sample here fails the walk.
// The no-js project checks the HTML the server sends, scripts refused.

/** What the walk makes before it starts: a task run to its end and the repository it published. */
type Made = { taskId: string; repositoryPath: string };

const SAMPLES: Record<string, (made: Made) => string[]> = {
  "/": () => ["/"],
  catalog: () => ["/catalog", "/catalog?filters%5Bkind%5D=component", "/catalog?filters%5Bkind%5D=user"],
  "catalog/:namespace/:kind/:name/*": () => [
    "/catalog/default/component/listing-search-service",
    "/catalog/default/component/listing-search-service/api",
    "/catalog/default/component/listing-search-service/dependencies",
    "/catalog/default/component/listing-search-service?inspect=overview",
    "/catalog/default/component/listing-search-service?inspect=yaml",
    "/catalog/default/component/listing-search-service?unregister",
    "/catalog/default/component/keystone-web/docs",
    "/catalog/default/component/maintenance-requests-service/kubernetes",
    "/catalog/default/component/maintenance-requests-service/kubernetes?drawer=pod%3Ademo-cluster%2Fmaintenance%2Fmaintenance-requests-service-5c8d7f9b4-7xk2p",
    "/catalog/default/api/tenant-portal-graphql",
    "/catalog/default/api/tenant-portal-graphql/definition",
    "/catalog/default/system/listings",
    "/catalog/default/domain/rental-marketplace",
    "/catalog/default/resource/listings-db",
    "/catalog/default/group/payments-team",
    "/catalog/default/user/samir.haddad",
    "/catalog/default/template/node-service",
  ],
  "catalog-graph": () => ["/catalog-graph", "/catalog-graph?rootEntityRefs%5B%5D=component%3Adefault%2Flisting-search-service&maxDepth=1"],
  "catalog-import": () => ["/catalog-import"],
  search: () => ["/search", "/search?term=ledger"],
  docs: () => ["/docs"],
  "docs/:namespace/:kind/:name/*": () => ["/docs/default/component/reader-handbook"],
  // Walked signed out, before the guest signs in (SIGNED_OUT below).
  "sign-in": () => [],
  settings: () => ["/settings"],
  "settings/feature-flags": () => ["/settings/feature-flags"],
  "settings/auth-providers": () => ["/settings/auth-providers"],
  "settings/access": () => ["/settings/access"],
  git: () => ["/git"],
  "git/:owner/:repo/*": ({ repositoryPath }) => [repositoryPath, `${repositoryPath}/blob/main/catalog-info.yaml`],
  create: () => ["/create"],
  "create/templates/:namespace/:templateName": () => ["/create/templates/default/node-service"],
  "create/templates/:templateName": () => ["/create/templates/node-service"],
  "create/tasks": () => ["/create/tasks"],
  "create/tasks/:taskId": ({ taskId }) => [`/create/tasks/${taskId}`],
  "create/actions": () => ["/create/actions"],
  "create/templating-extensions": () => ["/create/templating-extensions"],
  "create/edit": () => ["/create/edit"],
  "create/template": () => ["/create/template"],
  "create/template-form": () => ["/create/template-form"],
  "create/custom-fields": () => ["/create/custom-fields"],
  // The UI kit's gallery: the end-to-end apps run in the development auth environment (app-config.e2e.yaml).
  "dev/ui-kit": () => ["/dev/ui-kit"],
  "*": () => ["/no-such-page"],
};

const SIGNED_OUT = ["/sign-in"];
/** Samples that answer with another status than 200 on purpose. */
const STATUS: Record<string, number> = { "/no-such-page": 404 };

test("the walk has a sample for every page of the route table", () => {
  const missing = pageRoutePatterns().filter((pattern) => !(pattern in SAMPLES));
  expect(missing).toEqual([]);
});

/** Runs the example node-service template once per worker, as a guest, to its end: its task page and its repository. */
let made: Promise<Made> | undefined;
function makeTaskAndRepository(page: Page, project: string): Promise<Made> {
  made ??= (async () => {
    const name = `walk-${project}-${Date.now().toString(36)}`;
    const started = await page.request.post("/api/scaffolder/v2/tasks", {
      data: {
        templateRef: "template:default/node-service",
        // Every value, defaults too: the wizard fills those in, the API does not (as Backstage's).
        values: {
          name,
          description: "Made by the accessibility walk",
          owner: "group:default/platform-team",
          lifecycle: "experimental",
          port: 8080,
          repoUrl: `localhost?owner=examples&repo=${name}`,
        },
      },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const status = async () => ((await (await page.request.get(`/api/scaffolder/v2/tasks/${id}`)).json()) as { status: string }).status;
    // Until it ends, then it must have succeeded (a failed run ends the wait at once).
    await expect.poll(status, { timeout: 120_000 }).toMatch(/^(completed|failed|cancelled)$/);
    expect(await status()).toBe("completed");
    return { taskId: id, repositoryPath: `/git/examples/${name}` };
  })();
  return made;
}

const VIEWPORTS = [
  { device: "desktop", viewport: { width: 1440, height: 900 } },
  { device: "phone", viewport: { width: 390, height: 844 } },
] as const;

for (const { device, viewport } of VIEWPORTS) {
  for (const theme of ["light", "dark"] as const) {
    test(`every page has no serious accessibility finding: ${theme}, ${device}`, async ({ page, context, baseURL }, testInfo) => {
      test.setTimeout(480_000);
      await page.setViewportSize(viewport);
      await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
      const findings: Record<string, string[]> = {};
      // Nothing wider than the screen (a phone above all): the page's scroll width where it is more.
      const tooWide: Record<string, number> = {};
      // Without scripts, one copy of the context per sign-in state, its page reused from sample to sample.
      let scriptless: ScriptlessCopy | undefined;
      const check = async (path: string) => {
        let found: string[];
        if (testInfo.project.name === "js") {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(STATUS[path] ?? 200);
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          found = await seriousAccessibilityFindings(page, { openDisclosures: true });
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > viewport.width) tooWide[path] = scrollWidth;
        } else {
          scriptless ??= await openScriptlessCopy(context, { viewport });
          found = await scriptless.findings(`${baseURL}${path}`, { openDisclosures: true });
        }
        if (found.length > 0) findings[path] = found;
      };
      const closeScriptless = async () => {
        await scriptless?.close();
        scriptless = undefined;
      };
      for (const path of SIGNED_OUT) await check(path);
      await closeScriptless();
      await signInAsGuest(page);
      const things = await makeTaskAndRepository(page, testInfo.project.name);
      for (const samples of Object.values(SAMPLES)) for (const path of samples(things)) await check(path);
      await closeScriptless();
      expect(findings).toEqual({});
      expect(tooWide).toEqual({});
    });
  }
}

/** Pages with links inside running text: a docs article and a component's Docs tab, rendered Markdown, the error page, the templates' owners. */
const LINKS_IN_TEXT = ["/docs/default/component/reader-handbook", "/catalog/default/component/keystone-web/docs", "/dev/ui-kit", "/no-such-page", "/create"];

for (const theme of ["light", "dark"] as const) {
  // The walk runs axe's link-in-text-block too (a rule axe enables by default); this looks at the
  // rule the walk's pass rests on (app/app.css: a link inside running text is underlined).
  test(`links inside running text are underlined and links that stand alone are not: ${theme}`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const js = testInfo.project.name === "js";
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    await signInAsGuest(page);
    const rules = ["link-in-text-block"];
    const findings: Record<string, string[]> = {};
    const scriptless = js ? undefined : await openScriptlessCopy(context);
    for (const path of LINKS_IN_TEXT) {
      if (js) await page.goto(path);
      const found = scriptless ? await scriptless.findings(`${baseURL}${path}`, { rules }) : await seriousAccessibilityFindings(page, { rules });
      if (found.length > 0) findings[path] = found;
    }
    await scriptless?.close();
    expect(findings).toEqual({});
    if (js && theme === "light") {
      // The check has teeth: without their underline the docs article's links are the colour of text, near enough, and axe says so.
      await page.goto(LINKS_IN_TEXT[0]!);
      await page.addStyleTag({ content: "a { text-decoration: none !important; }" });
      expect(await seriousAccessibilityFindings(page, { rules })).not.toEqual([]);
    }

    const underlined = (link: Locator) => expect(link).toHaveCSS("text-decoration-line", "underline");
    const notUnderlined = (link: Locator) => expect(link).toHaveCSS("text-decoration-line", "none");
    await page.goto("/no-such-page");
    await underlined(page.getByTestId("go-back-link"));
    await page.goto("/dev/ui-kit");
    await underlined(page.locator(".markdown a").first());
    await page.goto("/create");
    await underlined(page.getByRole("link", { name: "platform-team" }).first());
    // Navigation, a table's name cell and a link of the filters are known by their place.
    await page.goto("/catalog");
    await notUnderlined(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Catalog", exact: true }));
    await notUnderlined(page.getByRole("table").locator("tbody tr").first().getByRole("link").first());
    await notUnderlined(page.getByRole("link", { name: "Clear all" }));
  });
}

test("the catalog's skip links lead past the sidebar and the filters to the results", async ({ page }) => {
  await signInAsGuest(page);
  await page.goto("/catalog");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to results" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  // The next stop is the results' own search box, not a filter.
  await expect(page.getByRole("region", { name: /^All/ }).getByRole("searchbox")).toBeFocused();
});

test("on a phone the bottom bar names its icons, leads to the starred entities and Settings, and signs out", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsGuest(page);
  await page.goto("/catalog");
  const bar = page.getByRole("navigation", { name: "Main navigation" });
  for (const name of ["Home", "Catalog", "Catalog graph", "Docs", "Search", "Create...", "Settings", "Starred"]) {
    const link = bar.getByRole("link", { name, exact: true });
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await bar.getByRole("link", { name: "Starred", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\?filters%5Buser%5D=starred$|\/catalog\?filters\[user\]=starred$/);
  await expect(page.locator("#catalog-table-title")).toHaveText(/^Starred /);
  await bar.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const signOut = bar.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await signOut.click();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("keyboard focus shows a ring, white on the sidebar's dark background", async ({ page }) => {
  await signInAsGuest(page);
  await page.goto("/catalog");
  const ring = (selector: ReturnType<Page["locator"]>) =>
    selector.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
  const catalogLink = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Catalog", exact: true });
  await catalogLink.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(catalogLink).toBeFocused();
  expect(await ring(catalogLink)).toEqual({ style: "solid", width: "2px", color: "rgb(255, 255, 255)" });
  const clearAll = page.getByRole("link", { name: "Clear all" });
  await clearAll.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(clearAll).toBeFocused();
  expect((await ring(clearAll)).style).toBe("solid");
});
