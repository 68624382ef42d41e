import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Signs in through the sign-in page's Guest form, as a person would (it works with or without JavaScript). */
export async function signInAsGuest(page: Page, basePath = ""): Promise<void> {
  await page.goto(`${basePath}/sign-in`);
  await page.getByRole("button", { name: "Enter" }).click();
  // The sign-in post, its redirect and the next page's loader: on a loaded machine more than the default 5 s.
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest", { timeout: 20_000 });
}

/**
 * Signs in as a user of the catalog through the corporate identity provider
 * (the development identity provider in the end-to-end apps): in a popup with
 * JavaScript, through the redirect flow without.
 */
export async function signInAsCatalogUser(page: Page, javaScriptEnabled: boolean, name: string, userEntityRef: string): Promise<void> {
  await page.goto("/sign-in");
  const choose = async (provider: Page) => {
    await expect(provider.getByText("there are no passwords here")).toBeVisible();
    await provider.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  };
  if (javaScriptEnabled) {
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign In" }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent("close");
    await choose(popup);
    await closed;
  } else {
    await page.getByRole("button", { name: "Sign In" }).click();
    await choose(page);
  }
  await expect(page.getByTestId("user-menu")).toContainText(`Signed in as ${userEntityRef}`);
}

/** Waits until the example catalog knows the user (the development identity provider lists only the catalog's users). */
export async function waitForCatalogUser(request: APIRequestContext, name: string): Promise<void> {
  await request.post("/sign-in", { form: { intent: "guest" }, maxRedirects: 0 });
  await expect.poll(async () => (await request.get(`/catalog/default/user/${name}`, { maxRedirects: 0 })).status(), { timeout: 20_000 }).toBe(200);
}
