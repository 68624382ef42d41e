import { expect, test } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// Without JavaScript an alert stays until the next page; with it, a transient
// alert leaves by itself after 5000 ms.
test("a transient alert disappears by itself after 5 seconds", async ({ page }) => {
  await signInAsGuest(page);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Apply" }).click();
  const alert = page.getByTestId("alert-display");
  await expect(alert).toContainText("Settings saved");
  await page.waitForTimeout(4000);
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCount(0, { timeout: 2500 });
});
