import { expect, type Page, type TestInfo } from "@playwright/test";

/** A user id of its own for each test and project (js, no-js), so parallel runs never share settings. */
export function uniqueUserId(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
}

/** Signs in through the Custom User form, as a person would. */
export async function signInAsCustomUser(page: Page, userId: string, basePath = ""): Promise<void> {
  await page.goto(`${basePath}/sign-in`);
  await page.getByLabel("User ID").fill(userId);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("user-menu")).toContainText(`user:default/${userId.toLowerCase()}`);
}
