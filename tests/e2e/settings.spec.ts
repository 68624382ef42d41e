import { expect, test } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// Settings with JavaScript on and off: tabs are links, every change is a form post.

test("settings follow the user across sign-out and sign-in, into a fresh browser", async ({ page, browser }, testInfo) => {
  const userId = uniqueUserId(testInfo, "settings");
  await signInAsCustomUser(page, userId);
  await page.goto("/settings");
  await expect(page.getByTestId("identity-card")).toContainText(`user:default/${userId}`);
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("alert-display")).toContainText("Settings saved");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  const fresh = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled, baseURL: testInfo.project.use.baseURL });
  const other = await fresh.newPage();
  await signInAsCustomUser(other, userId);
  await expect(other.locator("html")).toHaveAttribute("data-theme", "dark");
  await other.goto("/settings");
  await expect(other.getByLabel("Dark")).toBeChecked();
  await fresh.close();
});

test("the Feature Flags tab lists registered flags and switches them for the user", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "flags"));
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Feature Flags" }).click();
  await expect(page).toHaveURL(/\/settings\/feature-flags$/);
  const flag = page.getByTestId("feature-flag-e2e-settings-flag");
  await expect(flag).toContainText("Registered in user-settings plugin");
  const toggle = flag.getByRole("switch", { name: "e2e-settings-flag" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(page.getByTestId("alert-display")).toContainText("Feature flag e2e-settings-flag is on");
  await page.reload();
  await expect(page.getByTestId("feature-flag-e2e-settings-flag").getByRole("switch")).toHaveAttribute("aria-checked", "true");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "General" }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
