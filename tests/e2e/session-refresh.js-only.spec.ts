import { expect, test } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The browser keeps the session cookie alive through {app}/.backstage/auth/v1/cookie.
test("a signed-in tab refreshes its cookie, and reports a refresh that fails after a success", async ({ page }, testInfo) => {
  await page.clock.install();
  const answers: number[] = [];
  await page.route("**/.backstage/auth/v1/cookie", async (route) => {
    if (answers.length === 0) {
      // The real endpoint, with its expiry brought forward so that the next refresh is due within minutes.
      const response = await route.fetch();
      answers.push(response.status());
      await route.fulfill({ response, json: { expiresAt: new Date(Date.now() + 60_000).toISOString() } });
    } else {
      // Then the server is unavailable.
      answers.push(503);
      await route.fulfill({ status: 503, json: { error: { name: "ServiceUnavailableError", message: "down" }, response: { statusCode: 503 } } });
    }
  });
  await signInAsCustomUser(page, uniqueUserId(testInfo, "refresh"));
  await expect.poll(() => answers).toEqual([200]);

  // At least 5 minutes are planned from the first answer, less 1 to 4 minutes of jitter.
  await page.clock.fastForward("04:01");
  await expect.poll(() => answers.length).toBeGreaterThan(1);
  await expect(page.getByTestId("alert-display")).toContainText("Session refresh failed, see developer console for details");
});
