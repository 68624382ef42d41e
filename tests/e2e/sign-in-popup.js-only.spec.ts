import { expect, test } from "@playwright/test";

// What only the popup flow can do wrong: a popup the user closes, and one
// the browser refuses to open (simulated by a window.open that returns null,
// as popup blockers make it).

test("closing the provider's popup says 'Login failed, popup was closed'", async ({ page }) => {
  await page.goto("/sign-in");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign In" }).click();
  const popup = await popupOpened;
  await expect(page.getByRole("button", { name: "Signing in…" })).toBeDisabled();
  await popup.close();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed, popup was closed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
});

test("a blocked popup says 'Failed to open auth popup.'", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to open auth popup." })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});
