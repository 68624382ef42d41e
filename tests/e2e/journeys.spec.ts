import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { entityByName, registerLocation, serveCatalogFile, waitForEntity } from "./support/catalog-fixture";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// Whole runs through the catalog as a person makes them (docs/decisions/043-accessibility-walk-and-colours.md):
// browse, filter, open an entity, inspect it, star it and unregister it,
// once with the keyboard alone on a desktop and once by tapping on a 390 px
// phone, which also signs out from the bottom bar and never scrolls
// sideways. Both with JavaScript on and off. The entity each run
// unregisters comes from a location the run registers on the fixture
// source host, so the example catalog the other tests read stays whole.

/** A component of the run's own, on a location of its own (tests/e2e/support/catalog-fixture.ts). */
async function registerOwnComponent(page: Page, testInfo: TestInfo, journey: string) {
  // A retry (or a repeat) registers a location of its own: the first attempt's is still there.
  const suffix = `${journey}-${testInfo.project.name}-${testInfo.retry}-${testInfo.repeatEachIndex}`;
  const entity = { name: `journey-${suffix}`, title: `Journey ${suffix}` };
  // An edit URL gives its catalog row the external Edit link, whose hidden "(opens in a new window)" once widened a phone's page.
  const annotations = { "backstage.io/edit-url": `https://github.com/keystone/journeys/edit/main/${suffix}/catalog-info.yaml` };
  await serveCatalogFile(page.request, `journey-${suffix}.yaml`, [{ ...entity, annotations }]);
  await registerLocation(page.request, `journey-${suffix}.yaml`);
  await waitForEntity(page.request, entity.name);
  return entity;
}

const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await page.waitForLoadState();
  for (let presses = 0; presses < max && !(await focused(target)); presses++) await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  await expect(target).toBeFocused();
}

/** From the top of the catalog: "Skip to content", "Skip to results", and the results' search box. */
async function skipToResults(page: Page) {
  await expectToStartAtTheTop(page);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to results" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#catalog-results")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(catalogSearchBox(page)).toBeFocused();
}

const catalogSearchBox = (page: Page) => page.locator("#catalog-results").getByRole("searchbox");

/** A page just reached starts at its top, as after a page load: the first Tab is the skip link. */
async function expectToStartAtTheTop(page: Page) {
  await page.waitForLoadState();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
}

test("a keyboard alone browses, filters, opens, inspects, stars and unregisters", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === "js";
  await signInAsCustomUser(page, uniqueUserId(testInfo, "keyboard"));
  const entity = await registerOwnComponent(page, testInfo, "keyboard");
  await page.goto("/catalog");

  // Browse: past the sidebar and the filters to the results in a few keys.
  await skipToResults(page);
  await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();

  // Filter: back to the Type filter, where typing its first letter picks 'service'.
  const type = page.getByLabel("Type", { exact: true });
  await tabTo(page, type, { backwards: true });
  await page.keyboard.press("s");
  if (js) {
    await expect(page).toHaveURL(/filters%5Btype%5D=service/);
    // The new view keeps the focus on the filter just changed.
    await expect(type).toBeFocused();
    await tabTo(page, catalogSearchBox(page));
  } else {
    await tabTo(page, page.getByRole("button", { name: "Apply filters" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/filters%5Btype%5D=service/);
    await skipToResults(page);
  }
  await expect(type).toHaveValue("service");
  // And the run's own name in the search box, Enter to search.
  await page.keyboard.type(entity.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`filters%5Btext%5D=${entity.name}`));
  await expect(page.locator("#catalog-table-title")).toHaveText("All components (1)");
  if (js) await expect(catalogSearchBox(page)).toBeFocused();
  else await skipToResults(page);

  // Open: on to the entity's name in the table.
  await tabTo(page, page.getByRole("table").getByRole("link", { name: entity.title, exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/catalog/default/component/${entity.name}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(entity.title);
  // With JavaScript too, although the link that had the focus is gone with the catalog.
  await expectToStartAtTheTop(page);

  // Star: the button beside the title.
  await tabTo(page, page.getByRole("button", { name: `Add ${entity.title} to favorites` }));
  await page.keyboard.press("Enter");
  const starred = page.getByRole("button", { name: `Remove ${entity.title} from favorites` });
  await expect(starred).toHaveAttribute("aria-pressed", "true");
  // With JavaScript the star posts in the background and keeps the focus; without, the page loads again.
  if (js) await expect(starred).toBeFocused();

  // Inspect: the 'more' menu, then its Inspect entity.
  const more = page.getByTestId("entity-more-menu");
  const chooseFromMoreMenu = async (entry: string) => {
    if (js) {
      await tabTo(page, more.getByRole("button", { name: "More" }));
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu).toBeFocused();
      const item = menu.getByRole("menuitem", { name: entry });
      // Arrow keys move through the menu's items (the menu keeps the focus and names the active item); Enter follows it.
      const active = async () => (await menu.getAttribute("aria-activedescendant")) === (await item.getAttribute("id"));
      for (let presses = 0; presses < 5 && !(await active()); presses++) await page.keyboard.press("ArrowDown");
      await expect(menu).toHaveAttribute("aria-activedescendant", (await item.getAttribute("id"))!);
    } else {
      await tabTo(page, more.locator("summary"));
      await page.keyboard.press("Enter");
      await tabTo(page, more.getByRole("link", { name: entry }));
    }
    await page.keyboard.press("Enter");
  };
  await chooseFromMoreMenu("Inspect entity");
  // The dialog has the focus, so Tab goes on inside it (without JavaScript too: it is the page's autofocus).
  const inspector = page.getByRole("dialog", { name: "Entity Inspector" });
  await expect(inspector).toBeFocused();
  const rawYaml = inspector.getByRole("link", { name: "Raw YAML" });
  await tabTo(page, rawYaml, { max: 10 });
  await page.keyboard.press("Enter");
  await expect(inspector.getByTestId("inspector-raw-yaml")).toContainText(`name: ${entity.name}`);
  if (js) {
    await expect(rawYaml).toBeFocused();
    // Escape closes it and gives the focus back to the menu's button.
    await page.keyboard.press("Escape");
    await expect(inspector).toHaveCount(0);
    await expect(more.getByRole("button", { name: "More" })).toBeFocused();
  } else {
    await expect(inspector).toBeFocused();
    await tabTo(page, inspector.getByRole("link", { name: "Close" }), { max: 10 });
    await page.keyboard.press("Enter");
    await expect(inspector).toHaveCount(0);
  }
  await expect(page).toHaveURL(new RegExp(`/catalog/default/component/${entity.name}$`));

  // Unregister: the menu's Unregister entity, then the dialog's button.
  await chooseFromMoreMenu("Unregister entity");
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to unregister this entity?" });
  await expect(dialog).toBeFocused();
  await tabTo(page, dialog.getByRole("button", { name: "Unregister Location" }), { max: 10 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.locator("#catalog-table-title")).toBeVisible();
  await expectToStartAtTheTop(page);
  expect(await entityByName(page.request, entity.name)).toBeUndefined();
});

/**
 * The page is no wider than the phone's screen: nothing scrolls sideways.
 * Measured against the screen's own width: on a phone (isMobile) a page wider
 * than the screen widens the layout viewport and zooms out to fit, so
 * `innerWidth` grows with the page and taps land off target.
 */
async function expectNoSidewaysScroll(page: Page) {
  await page.waitForLoadState();
  const screenWidth = page.viewportSize()!.width;
  const widths = await page.evaluate((screenWidth) => {
    // What reaches past the screen and is not clipped by a scrolling box, innermost first, so a failure names the culprit.
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > screenWidth + 0.5 && !clipped(element))
      .reverse()
      .slice(0, 5)
      .map(
        (element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}"> ${Math.round(element.getBoundingClientRect().width)} px wide: ${element.textContent?.slice(0, 60)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, screenWidth);
  expect(widths.scrollWidth, `${page.url()} scrolls sideways; past the screen: ${widths.wide.join(" | ")}`).toBeLessThanOrEqual(screenWidth);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("taps through browse, filter, open, inspect, star and unregister, signs out, and never scrolls sideways", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const js = testInfo.project.name === "js";
    await signInAsCustomUser(page, uniqueUserId(testInfo, "phone"));
    const entity = await registerOwnComponent(page, testInfo, "phone");
    const bar = page.getByRole("navigation", { name: "Main navigation" });

    // Browse: the bottom bar's Catalog.
    await page.goto("/");
    await expectNoSidewaysScroll(page);
    await bar.getByRole("link", { name: "Catalog", exact: true }).tap();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole("table").locator("tbody tr").first()).toBeInViewport();
    await expectNoSidewaysScroll(page);

    // Filter: open the Filters disclosure, choose the type; then search for the run's own name.
    await page.getByTestId("catalog-filters").locator("summary").tap();
    await expectNoSidewaysScroll(page);
    await page.getByLabel("Type", { exact: true }).selectOption("service");
    if (!js) await page.getByRole("button", { name: "Apply filters" }).tap();
    await expect(page).toHaveURL(/filters%5Btype%5D=service/);
    await expectNoSidewaysScroll(page);
    const searchBox = catalogSearchBox(page);
    await searchBox.tap();
    await searchBox.fill(entity.name);
    await searchBox.press("Enter");
    await expect(page.locator("#catalog-table-title")).toHaveText("All components (1)");
    await expectNoSidewaysScroll(page);

    // Open.
    await page.getByRole("table").getByRole("link", { name: entity.title, exact: true }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(entity.title);
    await expectNoSidewaysScroll(page);

    // Star.
    await page.getByRole("button", { name: `Add ${entity.title} to favorites` }).tap();
    await expect(page.getByRole("button", { name: `Remove ${entity.title} from favorites` })).toHaveAttribute("aria-pressed", "true");
    await expectNoSidewaysScroll(page);

    // Inspect.
    const more = page.getByTestId("entity-more-menu");
    const chooseFromMoreMenu = async (entry: string) => {
      if (js) {
        await more.getByRole("button", { name: "More" }).tap();
        await page.getByRole("menuitem", { name: entry }).tap();
      } else {
        await more.locator("summary").tap();
        await more.getByRole("link", { name: entry }).tap();
      }
    };
    await chooseFromMoreMenu("Inspect entity");
    const inspector = page.getByRole("dialog", { name: "Entity Inspector" });
    await expect(inspector).toBeVisible();
    await expectNoSidewaysScroll(page);
    await inspector.getByRole("link", { name: "Raw YAML" }).tap();
    await expect(inspector.getByTestId("inspector-raw-yaml")).toContainText(`name: ${entity.name}`);
    await expectNoSidewaysScroll(page);
    await inspector.getByRole("link", { name: "Close" }).tap();
    await expect(inspector).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The starred entity is under the bottom bar's Starred.
    await bar.getByRole("link", { name: "Starred", exact: true }).tap();
    await expect(page.getByRole("table").getByRole("link", { name: entity.title, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("table").getByRole("link", { name: entity.title, exact: true }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(entity.title);
    await expectNoSidewaysScroll(page);

    // Unregister.
    await chooseFromMoreMenu("Unregister entity");
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to unregister this entity?" });
    await expect(dialog).toBeVisible();
    await expectNoSidewaysScroll(page);
    await dialog.getByRole("button", { name: "Unregister Location" }).tap();
    await expect(page).toHaveURL(/\/catalog$/);
    expect(await entityByName(page.request, entity.name)).toBeUndefined();
    await expectNoSidewaysScroll(page);

    // Sign out: the bottom bar's last icon.
    await bar.getByRole("button", { name: "Sign out" }).tap();
    await expect(page).toHaveURL(/\/sign-in/);
    await expectNoSidewaysScroll(page);
  });
});
