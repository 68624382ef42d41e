import { expect, test } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page);
});

const APP_TITLE = "Keystone Living Developer Portal";

test("renders the shell: sidebar, header and the document title", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Home | ${APP_TITLE}`);
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${APP_TITLE}`);
  await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle(`Settings | ${APP_TITLE}`);
});

test("answers an unknown page with 404 and PAGE NOT FOUND", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("ERROR 404: PAGE NOT FOUND")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back" })).toBeVisible();
  await expect(page.getByRole("link", { name: /contact support/ })).toHaveAttribute("href", "https://github.com/keystone-living/atrium/issues");
});

test("answers a page URL that does not decode with 400 and the error page, and names the icon", async ({ page }) => {
  const response = await page.goto("/catalog/%E0%A4%A");
  expect(response?.status()).toBe(400);
  expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
  await expect(page.getByTestId("error-status")).toHaveText("ERROR 400: BAD REQUEST");
  await expect(page.getByText("Request path is not valid percent-encoding")).toBeVisible();
  await expect(page.locator('head link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute("href", "/favicon.svg");
  expect((await page.request.get("/favicon.ico")).status()).toBe(200);
});

test("renders the theme from the cookie in the very first response", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "atrium-theme", value: "dark", url: baseURL }]);
  const response = await page.goto("/");
  expect(await response?.text()).toContain('<html lang="en" data-theme="dark">');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("oklch(0.129 0.042 264.695)"); // slate-950: dark from the first paint
});

test("changes the theme through the settings form and confirms with an alert", async ({ page }) => {
  await page.goto("/settings");
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("alert-display")).toContainText("Settings saved");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page.getByTestId("alert-display")).toHaveCount(0);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test("unpins and pins the sidebar with a form", async ({ page }) => {
  await page.goto("/settings");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav).toHaveAttribute("data-pinned", "true");
  await page.getByRole("button", { name: "Unpin sidebar" }).click();
  await expect(nav).toHaveAttribute("data-pinned", "false");
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole("button", { name: "Pin sidebar" }).click();
  await expect(nav).toHaveAttribute("data-pinned", "true");
});

test("dismisses the sidebar intro for good", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("sidebar-intro")).toBeVisible();
  await page.getByTestId("sidebar-intro").getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByTestId("sidebar-intro")).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByTestId("sidebar-intro")).toHaveCount(0);
});
