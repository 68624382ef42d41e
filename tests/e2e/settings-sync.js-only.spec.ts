import { expect, test } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// With JavaScript, a change saved in one tab shows in the other open tabs without a reload.
test("a theme chosen in one tab reaches another open tab", async ({ context, page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "sync"));
  const other = await context.newPage();
  await other.goto("/");
  await expect(other.locator("html")).toHaveAttribute("data-theme", "auto");

  await page.goto("/settings");
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(other.locator("html")).toHaveAttribute("data-theme", "dark");
});
