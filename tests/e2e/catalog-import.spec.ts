import { expect, test } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { fixtureUrl, serveCatalogFile } from "./support/catalog-fixture";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The import page with JavaScript on and off: reached from the Create page,
// a URL refused beside its field, a catalog file on the fixture host
// (catalog-fixture-server.js) analysed, imported, and its component opened
// from the result; no serious accessibility finding on the way. The pull
// request flows run against fake GitHub and Azure DevOps hosts in
// server/catalog-import.test.ts.

test.setTimeout(120_000);

test("imports a catalog file by its URL: analyse, Import, open the new component", async ({ page, request, context, baseURL, javaScriptEnabled }, testInfo) => {
  const name = `imported-${testInfo.project.name}-${Date.now().toString(36)}`;
  const file = `${name}.yaml`;
  await serveCatalogFile(request, file, [{ name, title: `Imported ${testInfo.project.name}` }]);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "import"));

  await page.goto("/create");
  await page.getByRole("link", { name: "Register Existing Component" }).click();
  await expect(page).toHaveURL(/\/catalog-import$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register an existing component");
  const findings = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, `${baseURL}/catalog-import`);
  expect(findings).toEqual([]);

  const url = page.getByRole("textbox", { name: "URL" });
  await url.fill("ftp://example.com/catalog-info.yaml");
  // The browser's own check would stop the form first; the server's is the one that counts.
  await url.evaluate((element) => element.setAttribute("type", "text"));
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.locator("[data-field-error]")).toHaveText("Must start with http:// or https://.");
  await expect(url).toHaveAttribute("aria-invalid", "true");

  await url.fill(fixtureUrl(file));
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page).toHaveURL(/\/catalog-import\?url=/);
  const locations = page.getByRole("form", { name: "Select Locations" });
  await expect(locations).toContainText("The following entities will be added to the catalog:");
  await expect(locations).toContainText(`component:default/${name}`);
  await expect(locations.getByRole("checkbox", { name: fixtureUrl(file) })).toBeChecked();
  const analysed = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, page.url());
  expect(analysed).toEqual([]);

  await locations.getByRole("button", { name: "Import" }).click();
  const finish = page.getByTestId("catalog-import-finish");
  await expect(finish).toContainText("The following entities have been added to the catalog:");
  await finish.getByRole("link", { name: `component:default/${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/default/component/${name}$`));
  // The catalog processes the new location within seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Imported ${testInfo.project.name}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
});
