import { expect, test } from "@playwright/test";

test("a visitor without a session lands on the sign-in page and comes back after signing in", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign In");
  await expect(page.getByText("Enter as a Guest User.")).toBeVisible();
  await page.getByRole("button", { name: "Enter" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("user-menu")).toContainText("Signed in as user:default/guest");
});

test("a custom user without a verified ID token enters as a guest, told so; an ID token that is not a JWT is refused", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByText("Without one you enter as a guest, the User ID shown for display only.")).toBeVisible();
  await page.getByLabel("User ID").fill("ada");
  await page.getByLabel("ID Token (optional)").fill("not-a-token");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Token is not a valid OpenID Connect JWT Token")).toBeVisible();
  await expect(page.getByLabel("User ID")).toHaveValue("ada");
  await expect(page.getByLabel("ID Token (optional)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("ID Token (optional)").fill("");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("user-menu")).toContainText("Signed in as user:default/guest");
  await expect(page.getByTestId("alert-display")).toContainText("'ada' is shown for display only");
  await page.goto("/settings");
  await expect(page.getByTestId("identity-card")).toContainText("ada");
  await expect(page.getByTestId("identity-card")).toContainText("Guest: no verified identity");
});

test("sign out ends the session", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Enter" }).click();
  await page.getByRole("button", { name: "sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
});
