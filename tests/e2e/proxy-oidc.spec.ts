import { expect, test } from "@playwright/test";
import { NGINX_PORT } from "../../playwright.config";
import { API_HEADERS } from "./support/catalog-fixture";

// The development identity provider under the /portal/ prefix behind nginx:
// the provider, its login page and the callback all live under the base path.
test.use({ baseURL: `http://127.0.0.1:${NGINX_PORT}` });

test("signs in through the corporate identity provider under /portal/", async ({ page, request, javaScriptEnabled }) => {
  await expect.poll(async () => (await request.get("/portal/api/catalog/entities/by-name/user/default/mei.tanaka", { headers: API_HEADERS })).status(), { timeout: 20_000 }).toBe(200);
  await page.goto("/portal/settings");
  await expect(page).toHaveURL(/\/portal\/sign-in\?redirectTo=%2Fsettings$/);
  const signIn = page.getByRole("button", { name: "Sign In" });
  let idpPage = page;
  if (javaScriptEnabled) {
    const popupOpened = page.waitForEvent("popup");
    await signIn.click();
    idpPage = await popupOpened;
  } else {
    await signIn.click();
  }
  await expect(idpPage).toHaveURL(/\/portal\/api\/auth\/dev-idp\/interaction\//);
  await idpPage.getByLabel("User name or email").fill("mei.tanaka@keystone-living.example");
  await idpPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/settings$/);
  await expect(page.getByTestId("user-menu")).toContainText("Signed in as user:default/mei.tanaka");
});
