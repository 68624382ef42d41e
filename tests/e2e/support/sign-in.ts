import { expect, type Page } from "@playwright/test";

/** Signs in through the sign-in page's Guest form, as a person would (it works with or without JavaScript). */
export async function signInAsGuest(page: Page, basePath = ""): Promise<void> {
  await page.goto(`${basePath}/sign-in`);
  await page.getByRole("button", { name: "Enter" }).click();
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest");
}
