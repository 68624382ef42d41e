import { expect, test } from "@playwright/test";
import { entityByName, fixtureUrl, registerLocation, serveCatalogFile, waitForEntity } from "./support/catalog-fixture";
import { signInAsGuest } from "./support/sign-in";

// Unregistering and deleting (docs/decisions/014-unregister-and-inspector.md) with JavaScript on and off, on
// locations a test registers from the fixture source host. Both projects run
// against the same app at once: every name carries the project's name.

test.beforeEach(async ({ page }) => {
  await signInAsGuest(page);
});

test("unregisters a registered location together with the entities it brought", async ({ page }, testInfo) => {
  const suffix = testInfo.project.name;
  const file = `unregister-${suffix}.yaml`;
  const [first, second] = [`unregister-first-${suffix}`, `unregister-second-${suffix}`];
  await serveCatalogFile(page.request, file, [{ name: first, title: `First ${suffix}` }, { name: second }]);
  await registerLocation(page.request, file);
  await waitForEntity(page.request, first);
  await waitForEntity(page.request, second);

  await page.goto(`/catalog/default/component/${first}?unregister`);
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to unregister this entity?" });
  await expect(dialog.getByText("This action will unregister the following entities:")).toBeVisible();
  const entities = dialog.getByTestId("unregister-entities");
  await expect(entities.getByRole("link", { name: `First ${suffix}` })).toBeVisible();
  await expect(entities.getByRole("link", { name: second })).toBeVisible();
  await expect(dialog.getByTestId("unregister-location")).toHaveText(`url:${fixtureUrl(file)}`);
  await expect(dialog.getByText("To undo, just re-register the entity in Keystone Living Developer Portal.")).toBeVisible();

  // The delete button waits behind 'Advanced Options'.
  const deleteButton = dialog.getByRole("button", { name: "Delete Entity" });
  await expect(deleteButton).toBeHidden();
  await dialog.getByText("Advanced Options").click();
  await expect(deleteButton).toBeVisible();

  await dialog.getByRole("button", { name: "Unregister Location" }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  expect(await entityByName(page.request, first)).toBeUndefined();
  expect(await entityByName(page.request, second)).toBeUndefined();
  const locations = (await (await page.request.get("/api/catalog/locations")).json()) as Array<{ data: { target: string } }>;
  expect(locations.map((location) => location.data.target)).not.toContain(fixtureUrl(file));
});

test("deletes an entity its location no longer emits from the orphan banner", async ({ page }, testInfo) => {
  const suffix = testInfo.project.name;
  const file = `orphan-${suffix}.yaml`;
  const [kept, orphan] = [`orphan-kept-${suffix}`, `orphan-gone-${suffix}`];
  await serveCatalogFile(page.request, file, [{ name: kept }, { name: orphan, title: `Orphan ${suffix}` }]);
  await registerLocation(page.request, file);
  await waitForEntity(page.request, orphan);
  // The file stops listing the entity; processing the location again leaves it an orphan.
  await serveCatalogFile(page.request, file, [{ name: kept }]);
  expect((await page.request.post("/api/catalog/refresh", { data: { entityRef: `component:default/${kept}` } })).status()).toBe(200);
  await expect.poll(async () => (await entityByName(page.request, orphan))?.metadata.annotations?.["backstage.io/orphan"], { timeout: 15_000 }).toBe("true");

  await page.goto(`/catalog/default/component/${orphan}`);
  const banner = page.getByTestId("orphan-warning");
  await expect(banner).toHaveText("This entity is not referenced by any location and is therefore not receiving updates. Click here to delete.");
  await expect(page.getByTestId("orphan-warning")).toHaveCount(1);
  await banner.getByRole("link").click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this entity?" });
  await expect(dialog).toBeVisible();

  // Cancel closes the confirmation and deletes nothing.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await entityByName(page.request, orphan)).toBeDefined();

  await banner.getByRole("link").click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByTestId("alert-display")).toContainText(`Removed entity Orphan ${suffix}`);
  expect(await entityByName(page.request, orphan)).toBeUndefined();
  expect(await entityByName(page.request, kept)).toBeDefined();
});

test("offers only deletion for an entity from a configured location, and cancels without a change", async ({ page }) => {
  const entity = "/catalog/default/component/listing-search-service";
  await page.goto(`${entity}?unregister`);
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to unregister this entity?" });
  await expect(dialog.getByText("This entity does not seem to originate from a registered location. You therefore only have the option to delete it outright from the catalog.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete Entity" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Unregister Location" })).toHaveCount(0);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`${entity}$`));
  await expect(dialog).toHaveCount(0);
});
