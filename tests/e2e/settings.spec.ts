import { expect, test } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";
import { signInAsCatalogUser, waitForCatalogUser } from "./support/sign-in";

// Settings with JavaScript on and off: tabs are links, every change is a form post.

// A user of the example catalog no other test signs in as, one per project so the two never meet.
const SETTINGS_USER = { js: ["Ravi Menon", "user:default/ravi.menon"], "no-js": ["Dana Whitfield", "user:default/dana.whitfield"] } as const;

test("settings follow the user across sign-out and sign-in, into a fresh browser", async ({ page, browser, javaScriptEnabled, request }, testInfo) => {
  const [name, userEntityRef] = SETTINGS_USER[testInfo.project.name as keyof typeof SETTINGS_USER];
  await waitForCatalogUser(request, userEntityRef.split("/")[1]);
  await signInAsCatalogUser(page, javaScriptEnabled, name, userEntityRef);
  await page.goto("/settings");
  await expect(page.getByTestId("identity-card")).toContainText(userEntityRef);
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("alert-display")).toContainText("Settings saved");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  const fresh = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled, baseURL: testInfo.project.use.baseURL });
  const other = await fresh.newPage();
  await signInAsCatalogUser(other, javaScriptEnabled, name, userEntityRef);
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
