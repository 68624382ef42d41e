import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInAsCatalogUser, waitForCatalogUser } from "./support/sign-in";

// /settings/access with JavaScript on and off: a GET form whose answer is a
// page of its own. The end-to-end apps run the repository's default policy
// (permissions on, every role granted everything), so every answer is ALLOW
// and names the built-in role that grants it.

/** Tomáš Novák, signed in through the development identity provider: a typed User ID alone would be a guest. */
async function signInAs(page: Page, javaScriptEnabled: boolean, request: APIRequestContext) {
  await waitForCatalogUser(request, "tomas.novak");
  await signInAsCatalogUser(page, javaScriptEnabled, "Tomáš Novák", "user:default/tomas.novak");
}

test("explains why a user may delete an entity, and the rule that allows it", async ({ page, javaScriptEnabled, request }) => {
  await signInAs(page, javaScriptEnabled, request);
  await page.goto("/settings/access");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access");
  await expect(page.getByLabel("User")).toHaveValue("user:default/tomas.novak");
  await page.getByLabel("Permission").selectOption("catalog.entity.delete");
  await page.getByLabel("Entity (optional)").fill("component:default/tenant-portal-web");
  await page.getByRole("button", { name: "Explain" }).click();

  await expect(page).toHaveURL(/\/settings\/access\?user=user%3Adefault%2Ftomas\.novak&permission=catalog\.entity\.delete&entity=component%3Adefault%2Ftenant-portal-web$/);
  await expect(page.getByRole("heading", { name: "user:default/tomas.novak and catalog.entity.delete" })).toBeVisible();
  await expect(page.getByTestId("access-decision")).toHaveText("ALLOW");
  await expect(page.getByTestId("access-entity-result")).toHaveText("ALLOW");
  await expect(page.getByTestId("access-reason")).toHaveText("Role 'default-allow-all' grants '*', which covers catalog.entity.delete");
  await expect(page.getByRole("cell", { name: "default-allow-all" }).first()).toBeVisible();
  // The answer is a link: the same question asked again renders the same answer.
  await page.reload();
  await expect(page.getByTestId("access-entity-result")).toHaveText("ALLOW");
});

test("shows the form's own message for an entity ref that does not parse", async ({ page, javaScriptEnabled, request }) => {
  await signInAs(page, javaScriptEnabled, request);
  await page.goto("/settings/access");
  await page.getByLabel("Permission").selectOption("catalog.entity.read");
  await page.getByLabel("Entity (optional)").fill("component:");
  await page.getByRole("button", { name: "Explain" }).click();
  await expect(page.getByText("Enter an entity ref, such as component:default/payments")).toBeVisible();
  await expect(page.getByTestId("access-decision")).toHaveCount(0);
});
