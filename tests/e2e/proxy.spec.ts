import { expect, test, type Page, type Response } from "@playwright/test";
import { NGINX_PORT } from "../../playwright.config";
import { signInAsGuest } from "./support/sign-in";

// The portal under /portal/ behind nginx with docs/nginx/atrium.conf.
test.use({ baseURL: `http://127.0.0.1:${NGINX_PORT}` });

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page, "/portal");
});

function recordFailures(page: Page): Response[] {
  const failures: Response[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(response);
  });
  return failures;
}

test("every page, asset and link under /portal/ answers without a 404", async ({ page }) => {
  // One page load per link of the home page, through nginx: about 27 s on a busy 2-core machine, too near the default 30.
  test.setTimeout(90_000);
  const failures = recordFailures(page);
  await page.goto("/portal/");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const internal = [...new Set(hrefs.filter((href) => href.startsWith("/")))];
  expect(internal.length).toBeGreaterThan(1);
  for (const href of internal) {
    expect(href).toMatch(/^\/portal(\/|$)/);
    const response = await page.goto(href);
    expect(response?.status(), href).toBeLessThan(400);
  }
  expect(failures.map((response) => `${response.status()} ${response.url()}`)).toEqual([]);
});

test("forms post through the proxy and land back under /portal/", async ({ page }) => {
  const failures = recordFailures(page);
  await page.goto("/portal/settings");
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("alert-display")).toContainText("Settings saved");
  await expect(page).toHaveURL(/\/portal\/settings$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: "Unpin sidebar" }).click();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveAttribute("data-pinned", "false");
  await expect(page).toHaveURL(/\/portal\/settings$/);

  await page.getByRole("navigation").getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/portal\/$/);
  expect(failures.map((response) => `${response.status()} ${response.url()}`)).toEqual([]);
});

test("the bare prefix and the unknown pages behave behind the proxy", async ({ page }) => {
  await page.goto("/portal");
  await expect(page).toHaveURL(/\/portal\/$/);
  const response = await page.goto("/portal/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("ERROR 404: PAGE NOT FOUND")).toBeVisible();
});
