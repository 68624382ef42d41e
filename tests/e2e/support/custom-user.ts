import { expect, type Page, type TestInfo } from "@playwright/test";

/** A User ID of its own for each test and project (js, no-js), shown on the pages it visits. */
export function uniqueUserId(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
}

/**
 * Signs in through the Custom User form, as a person would. Without an ID
 * token that is this browser's own guest session (docs/decisions/019): the
 * guest's permissions, and settings no other browser shares, so each test
 * starts from a clean slate.
 */
export async function signInAsCustomUser(page: Page, userId: string, basePath = ""): Promise<void> {
  await page.goto(`${basePath}/sign-in`);
  await page.getByLabel("User ID").fill(userId);
  await page.getByRole("button", { name: "Continue" }).click();
  // As signInAsGuest (sign-in.ts): the post, its redirect and the next page's loader can outlast 5 s on a loaded machine.
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest", { timeout: 20_000 });
}
