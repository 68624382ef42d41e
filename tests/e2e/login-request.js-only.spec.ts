import { expect, test } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";
import { API_HEADERS } from "./support/catalog-fixture";

// With JavaScript a login request may need no click: when the portal has
// lost its copy of the provider's token but the browser still holds the
// provider's refresh cookie, the dialog renews the session on its own.

test("a pending login request is satisfied by a silent refresh when the provider session can be renewed", async ({ page, context, request }) => {
  await expect.poll(async () => (await request.get("/api/catalog/entities/by-name/user/default/mei.tanaka", { headers: API_HEADERS })).status(), { timeout: 20_000 }).toBe(200);
  await signInAsGuest(page);
  await page.goto("/settings/auth-providers?login=oidc");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("dialog").getByRole("button", { name: "Log in" }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: /^Mei Tanaka/ }).click();
  await closed;
  await expect(page.getByTestId("auth-provider-oidc")).toContainText("Signed in");

  // The server's copy goes (its secrets cookie is dropped); the refresh cookie stays.
  await context.clearCookies({ name: "atrium-secrets" });
  await page.goto("/settings/auth-providers?login=oidc");
  await expect(page).toHaveURL(/\/settings\/auth-providers$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("auth-provider-oidc")).toContainText("Signed in");
});
