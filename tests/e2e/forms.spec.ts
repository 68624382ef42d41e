import { expect, test, type Page } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// A refused form post with JavaScript on and off (app/lib/forms/submission.ts):
// the server answers with the form's reply, and the page shows the error
// beside the field it is about, the values as they were posted. What the
// browser sends is changed on its way (a value the server no longer
// accepts, as after a deploy): the browser's own form could not send it.

/** Rewrites the body of the next form posts to `path` (document or script navigation alike). */
async function rewritePosts(page: Page, path: string, rewrite: (body: URLSearchParams) => void) {
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = new URLSearchParams(request.postData() ?? "");
      rewrite(body);
      await route.continue({ postData: body.toString() });
    },
  );
}

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page);
});

test("settings: a refused language shows beside the select, the chosen theme kept and nothing saved", async ({ page }) => {
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "auto");
  await rewritePosts(page, "/settings", (body) => body.set("language", "tlh"));
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Apply" }).click();

  const language = page.getByRole("combobox", { name: "Language" });
  await expect(language).toHaveAttribute("aria-invalid", "true");
  await expect(language).toHaveAccessibleDescription("Choose a supported language");
  await expect(page.locator("#appearance-language-error")).toHaveText("Choose a supported language");
  await expect(page.getByLabel("Dark")).toBeChecked();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "auto");
  await expect(page.getByText("Settings saved")).toHaveCount(0);

  // Sent as the browser wrote it, the same choice is saved.
  await page.unrouteAll();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("alert-display")).toContainText("Settings saved");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("#appearance-language-error")).toHaveCount(0);
});

test("unregister dialog: a refused post shows in the dialog, named by the button that posted, and the entity stays", async ({ page }) => {
  const entity = "/catalog/default/component/listing-search-service";
  await page.goto(`${entity}?unregister`);
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to unregister this entity?" });
  await rewritePosts(page, entity, (body) => body.set("intent", "obliterate"));
  await dialog.getByRole("button", { name: "Delete Entity" }).click();

  await expect(dialog.getByRole("alert")).toHaveText("Choose Unregister Location or Delete Entity");
  await expect(page).toHaveURL(new RegExp(`${entity}\\?unregister=?$`));
  expect((await page.request.get("/api/catalog/entities/by-name/component/default/listing-search-service")).status()).toBe(200);
});
