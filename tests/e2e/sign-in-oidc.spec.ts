import { expect, test, type Page } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";
import { API_HEADERS } from "./support/catalog-fixture";

// Signing in through the corporate identity provider, which in the embedded
// default is the development identity provider inside the portal: for real,
// with JavaScript (a popup) and without (the redirect flow).

test.beforeEach(async ({ request }) => {
  // The development provider's users are the catalog's: wait for the example organisation.
  await expect.poll(async () => (await request.get("/api/catalog/entities/by-name/user/default/amara.okafor", { headers: API_HEADERS })).status(), { timeout: 20_000 }).toBe(200);
});

/** Chooses a user on the development identity provider's page, in the popup (JavaScript) or the page itself (no JavaScript). */
async function chooseUser(page: Page, javaScriptEnabled: boolean, click: () => Promise<void>, name: string) {
  if (javaScriptEnabled) {
    const popupOpened = page.waitForEvent("popup");
    await click();
    const popup = await popupOpened;
    await expect(popup.getByText("there are no passwords here")).toBeVisible();
    // The popup answers and closes itself: listen before the click that ends it.
    const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent("close");
    await popup.getByRole("button", { name: new RegExp(`^${name}`) }).click();
    await closed;
  } else {
    await click();
    await expect(page.getByText("there are no passwords here")).toBeVisible();
    await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  }
}

test("a user signs in through the corporate identity provider and signs out", async ({ page, javaScriptEnabled }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings$/);
  await expect(page.getByText("Sign in with the corporate identity provider")).toBeVisible();
  await chooseUser(page, javaScriptEnabled, () => page.getByRole("button", { name: "Sign In" }).click(), "Amara Okafor");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("user-menu")).toContainText("Signed in as user:default/amara.okafor");

  await page.getByRole("button", { name: "sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
});

test("the login-request dialog signs a guest in to a provider and out again from the settings", async ({ page, javaScriptEnabled }) => {
  await signInAsGuest(page);
  await page.goto("/settings/auth-providers");
  const row = page.getByTestId("auth-provider-oidc");
  await expect(row).toContainText("Not signed in");
  await row.getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Login Required" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Reject All" })).toBeVisible();
  await chooseUser(page, javaScriptEnabled, () => dialog.getByRole("button", { name: "Log in" }).click(), "Jonas Berg");
  await expect(page).toHaveURL(/\/settings\/auth-providers$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toContainText("Signed in");
  // Still the guest: a provider session does not change who you are.
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest");
  await row.getByRole("button", { name: "Sign out" }).click();
  await expect(row).toContainText("Not signed in");
});

test("rejecting a login request closes the dialog and says so", async ({ page }) => {
  await signInAsGuest(page);
  await page.goto("/settings/auth-providers?login=oidc");
  await page.getByRole("dialog").getByRole("button", { name: "Reject All" }).click();
  await expect(page).toHaveURL(/\/settings\/auth-providers$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Login failed, rejected by user")).toBeVisible();
});
