import { expect, test } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// auth.autologout in tests/e2e/app-config.e2e.yaml: idle after 5 minutes, the
// prompt 30 seconds before. The browser's clock is moved forward, not waited for.

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await signInAsGuest(page);
});

test("'Yes! Don't log me out' keeps the session", async ({ page }) => {
  await page.clock.fastForward("04:35");
  const prompt = page.getByRole("alertdialog", { name: "Logging out due to inactivity" });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(/You are about to be disconnected in \d+ seconds\. Are you still there\?/);
  await prompt.getByRole("button", { name: "Yes! Don't log me out" }).click();
  await expect(prompt).toBeHidden();
  await page.clock.fastForward("01:00");
  await expect(prompt).toBeHidden();
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest");
});

test("takes the focus, keeps Tab on its button, and takes Escape for 'still here'", async ({ page }) => {
  await page.clock.fastForward("04:35");
  const prompt = page.getByRole("alertdialog", { name: "Logging out due to inactivity" });
  await expect(prompt).toHaveAccessibleDescription(/You are about to be disconnected/);
  // The dialog moves focus once it has mounted: let the installed (frozen) clock run a moment.
  await page.clock.runFor(100);
  const stay = prompt.getByRole("button", { name: "Yes! Don't log me out" });
  await expect(stay).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(stay).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await page.clock.fastForward("01:00");
  await expect(prompt).toBeHidden();
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest");
});

test("unanswered, the prompt counts down and signs the user out", async ({ page }) => {
  await page.clock.fastForward("04:35");
  const prompt = page.getByRole("alertdialog", { name: "Logging out due to inactivity" });
  await expect(prompt).toContainText(/disconnected in 2\d seconds/);
  await page.clock.fastForward("00:30");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings$/);
});
