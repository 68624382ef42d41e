import { expect, test } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The UI kit's gallery (/dev/ui-kit, served in the development auth
// environment the end-to-end apps run in) with JavaScript on and off: the
// table's filters and paging in the URL, the long select (native without
// JavaScript, virtualised with it), the banner dismissed for good, and
// screenshots in light and dark kept as artifacts.

test("filters and pages the kit's table through the URL", async ({ page }, testInfo) => {
  // Six page loads without JavaScript: more than the default budget on a busy machine.
  test.slow();
  await signInAsCustomUser(page, uniqueUserId(testInfo, "kit-table"));
  await page.goto("/dev/ui-kit");
  const table = page.locator('[data-table="kit"]');
  await expect(table.getByRole("heading", { name: "Filters" })).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await expect(page.getByTestId("kit-range")).toHaveText("1-5 of 12");
  await table.getByRole("link", { name: "Next Page" }).click();
  await expect(page).toHaveURL(/kit.page=2/);
  await expect(page.getByTestId("kit-range")).toHaveText("6-10 of 12");

  await table.getByLabel("Owner").selectOption("team-b");
  if (testInfo.project.name === "no-js") await table.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/kit.f.owner=team-b/);
  await expect(page.getByTestId("kit-range")).toHaveText("1-4 of 4");
  await table.getByPlaceholder("Filter").fill("billing");
  await table.getByPlaceholder("Filter").press("Enter");
  await expect(page.getByTestId("kit-range")).toHaveText("0-0 of 0");
  await expect(table).toContainText("No records to display");
  await table.getByRole("link", { name: "Clear all" }).click();
  await expect(page.getByTestId("kit-range")).toHaveText("1-5 of 12");
  await expect(page.locator('[data-table="kit-empty"]')).toContainText("No records to display");
});

test("offers the long option list natively without JavaScript and virtualised with it", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "kit-select"));
  await page.goto("/dev/ui-kit");
  const section = page.locator('[data-kit-section="select"]');
  if (testInfo.project.name === "no-js") {
    await expect(section.locator('select[name="long"] option')).toHaveCount(500);
    return;
  }
  const input = section.getByRole("combobox", { name: /A long list of 500 options/ });
  await section.getByRole("button", { name: /A long list of 500 options/ }).click();
  const listbox = section.getByRole("listbox");
  await expect(listbox).toBeVisible();
  // Ten and a half rows of 36 px, and only the rows in view (and a few beyond) in the page.
  expect((await listbox.boundingBox())?.height).toBeCloseTo(378 + 2, -1);
  expect(await listbox.getByRole("option").count()).toBeLessThan(30);
  await input.press("End");
  await expect(listbox.getByRole("option", { name: "Option 500" })).toBeVisible();
  await input.press("Enter");
  await expect(listbox).toBeHidden();
  await expect(section.locator('input[name="long"]')).toHaveValue("option-500");
  await expect(input).toHaveValue("Option 500");
  // Typing narrows the list; Escape closes it and keeps the value.
  await input.fill("Option 42");
  await expect(listbox.getByRole("option")).toHaveCount(10);
  await input.press("ArrowDown");
  await input.press("Enter");
  await expect(section.locator('input[name="long"]')).toHaveValue(/^option-42\d$/);
  await input.fill("Option 7");
  await input.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(section.locator('input[name="long"]')).toHaveValue(/^option-42\d$/);
});

test("dismisses the banner for good and rejects javascript: links", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "kit-banner"));
  await page.goto("/dev/ui-kit");
  const banner = page.locator('[data-banner="ui-kit-gallery-banner"]');
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.locator('[data-kit-section="banner"]')).toBeVisible();
  await expect(banner).toBeHidden();
  const rejected = page.getByTestId("rejected-link");
  await expect(rejected).toHaveText("A javascript: link, rejected");
  expect(await rejected.getAttribute("href")).toBeNull();
});

test("copies text and says so with JavaScript, and offers no button without", async ({ page, context, baseURL }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "kit-copy"));
  await page.goto("/dev/ui-kit");
  const card = page.locator('[data-card="kit-example"]');
  if (testInfo.project.name === "no-js") {
    await expect(card.getByRole("button", { name: "Copy text" })).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  // The page's clock, so the 1000 ms the confirmation stays are the test's to pass, not the machine's.
  await page.clock.install();
  await page.reload();
  await card.getByRole("button", { name: "Copy text" }).click();
  await expect(card.getByText("Text copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("npm run dev");
  await page.clock.runFor(1000);
  await expect(card.getByText("Text copied to clipboard")).toBeHidden();
});

for (const theme of ["light", "dark"] as const) {
  test(`keeps a screenshot of the gallery in the ${theme} theme`, async ({ page, context, baseURL }, testInfo) => {
    // A tall page, captured whole: slow on a busy machine.
    test.slow();
    await signInAsCustomUser(page, uniqueUserId(testInfo, `kit-shot-${theme}`));
    await context.addCookies([{ name: "atrium-theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto("/dev/ui-kit");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.locator('[data-kit-section="themes"]')).toBeVisible();
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach(`ui-kit-${theme}`, { body: shot, contentType: "image/png" });
    if (testInfo.project.name === "js") await page.screenshot({ path: `test-results/screenshots/ui-kit-${theme}.png`, fullPage: true });
  });
}

test("shows the kit's menu and URL dialog, usable with and without JavaScript", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "kit-menu"));
  await page.goto("/dev/ui-kit");
  const menu = page.getByTestId("kit-menu");
  if (testInfo.project.name === "no-js") {
    await menu.getByText("An example menu").click();
    await menu.getByRole("link", { name: "Open the example dialog" }).click();
  } else {
    await menu.getByRole("button", { name: "An example menu" }).press("ArrowDown");
    await expect(page.getByRole("menu").getByRole("group", { name: "Other entries" }).getByRole("menuitem", { name: "A disabled entry" })).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
  }
  const dialog = page.getByRole("dialog", { name: "An example dialog" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?kit-dialog$/);
  if (testInfo.project.name === "no-js") await dialog.getByRole("link", { name: "Close" }).click();
  else await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dev\/ui-kit$/);
});
