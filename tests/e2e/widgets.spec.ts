import { expect, test, type Page } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { signInAsGuest } from "./support/sign-in";

// The interactive widgets with JavaScript on and off. With it, menus are
// Headless UI's Menu (arrow keys, Home, End, Escape, focus back to the
// button) and URL dialogs its Dialog (Tab stays inside, Escape closes by
// dropping the parameter, focus goes back). Without it, the same links sit in
// a <details> and the dialogs are server-rendered pages with a Close link.

const ENTITY = "/catalog/default/component/listing-search-service";

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page);
});

/** Whether the focused element is inside the open dialog. */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null && document.activeElement !== document.body);
}

async function expectTabTrapped(page: Page) {
  for (let presses = 0; presses < 25; presses++) {
    await page.keyboard.press(presses % 5 === 4 ? "Shift+Tab" : "Tab");
    expect(await focusInDialog(page)).toBe(true);
  }
}

test("moves through the entity page's 'more' menu with the keyboard, or opens it as a list of links", async ({ page }, testInfo) => {
  await page.goto(ENTITY);
  const menu = page.getByTestId("entity-more-menu");
  if (testInfo.project.name === "no-js") {
    await menu.getByLabel("More").click();
    await expect(menu.getByRole("link", { name: "Unregister entity" })).toHaveAttribute("href", `${ENTITY}?unregister`);
    await menu.getByRole("link", { name: "Inspect entity" }).click();
    await expect(page).toHaveURL(new RegExp(`${ENTITY}\\?inspect$`));
    await expect(page.getByRole("dialog", { name: "Entity Inspector" })).toBeVisible();
    return;
  }
  const button = menu.getByRole("button", { name: "More" });
  await button.focus();
  await page.keyboard.press("Enter");
  const items = page.getByRole("menu").getByRole("menuitem");
  await expect(items).toHaveText(["Unregister entity", "Inspect entity", "Copy entity URL"]);
  await expect(items.nth(0)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("End");
  await expect(items.nth(2)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("Home");
  await expect(items.nth(0)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(button).toBeFocused();

  // A click outside closes it too.
  await button.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);

  // Choosing Inspect opens the dialog; Escape closes it and focus comes back to the button.
  await button.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Entity Inspector" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ENTITY}\\?inspect$`));
  expect(await focusInDialog(page)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ENTITY}$`));
  await expect(button).toBeFocused();
});

test("keeps Tab inside the inspector and the unregister dialog, and closes them on Escape", async ({ page }, testInfo) => {
  for (const [param, name] of [
    ["inspect=overview", "Entity Inspector"],
    ["unregister", "Are you sure you want to unregister this entity?"],
  ]) {
    await page.goto(`${ENTITY}?${param}`);
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    if (testInfo.project.name === "no-js") {
      // Without scripts the dialog is the page: its Close link, or a click beside it (the overlay is a link), goes back to the entity.
      if (param === "unregister") await dialog.getByRole("link", { name: "Close" }).click();
      else await page.mouse.click(5, 5);
    } else {
      await expectTabTrapped(page);
      await page.keyboard.press("Escape");
    }
    await expect(page).toHaveURL(new RegExp(`${ENTITY}$`));
    await expect(dialog).toHaveCount(0);
  }
});

test("opens the home page's Customize dialog, keeps Tab inside it and gives focus back on Escape", async ({ page }, testInfo) => {
  await page.goto("/");
  const customize = page.getByRole("link", { name: "Customize" });
  await customize.click();
  const dialog = page.getByRole("dialog", { name: "Customize your home page" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Show Documentation" })).toBeVisible();
  if (testInfo.project.name === "no-js") {
    await dialog.getByRole("link", { name: "Close" }).click();
  } else {
    await expectTabTrapped(page);
    await page.keyboard.press("Escape");
    await expect(customize).toBeFocused();
  }
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test("keeps Tab inside the login-request dialog; Escape, like Reject All, rejects the requests", async ({ page }, testInfo) => {
  await page.goto("/settings/auth-providers?login=oidc");
  const dialog = page.getByRole("dialog", { name: "Login Required" });
  await expect(dialog).toBeVisible();
  if (testInfo.project.name === "no-js") {
    await dialog.getByRole("button", { name: "Reject All" }).click();
  } else {
    await expectTabTrapped(page);
    await page.keyboard.press("Escape");
  }
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/auth-providers$/);
});

test("opens the support menu with the keyboard, or as a list of links", async ({ page }, testInfo) => {
  await page.goto("/");
  const menu = page.getByTestId("support-menu");
  if (testInfo.project.name === "no-js") {
    await menu.getByText("Support").click();
    await expect(menu.getByRole("link", { name: /Atrium issue tracker/ })).toHaveAttribute("href", "https://github.com/keystone-living/atrium/issues");
    await expect(menu.getByRole("link", { name: /#platform-help/ })).toBeVisible();
    return;
  }
  const button = menu.getByRole("button", { name: "Support" });
  await button.focus();
  await page.keyboard.press("ArrowDown");
  const items = page.getByRole("menu").getByRole("menuitem");
  await expect(items).toHaveText([/Atrium issue tracker/, /#platform-help/]);
  await expect(page.getByRole("menu").getByRole("group", { name: "Chat" })).toBeVisible();
  await expect(items.nth(0)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toHaveAttribute("data-focus", "");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(button).toBeFocused();
});

test("has no serious accessibility finding on the pages with the widgets, open or closed", async ({ page, context, baseURL }, testInfo) => {
  // Eight pages, each scanned whole by axe: more than the default 30 s on a 2-core machine.
  test.setTimeout(120_000);
  // The catalog graph card's React Flow attribution link is the graph's (app/components/catalog/graph/), not a widget's.
  const options = { exclude: [".react-flow__attribution"] };
  for (const url of [ENTITY, `${ENTITY}?inspect`, `${ENTITY}?unregister`, "/", "/?customize=1", "/settings/auth-providers?login=oidc", "/dev/ui-kit", "/dev/ui-kit?kit-dialog"]) {
    if (testInfo.project.name === "no-js") {
      expect(await seriousAccessibilityFindingsWithoutScripts(context, `${baseURL}${url}`, options), url).toEqual([]);
      continue;
    }
    await page.goto(url);
    await expect(page.locator("main").first()).toBeAttached();
    if (url === ENTITY) {
      await page.getByTestId("entity-more-menu").getByRole("button", { name: "More" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
    }
    expect(await seriousAccessibilityFindings(page, options), url).toEqual([]);
  }
});
