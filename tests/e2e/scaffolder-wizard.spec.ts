import { expect as baseExpect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";

// The template list and the wizard with JavaScript on and off: filters by
// GET form, each step a server-validated form (a wrong value comes back with
// the server's message beside its field and is corrected), Back and Next
// keeping the values, and a review that masks secrets. The template is
// tests/fixtures/wizard-templates/service.yaml, loaded by the end-to-end
// catalog (tests/e2e/app-config.e2e.yaml).

// Many steps, each a round trip and an axe run: slow tests, with room for a loaded machine.
test.setTimeout(240_000);
const expect = baseExpect.configure({ timeout: 20_000 });

/** The Guest form of the sign-in page, as support/sign-in.ts signs in, with this file's patience. */
async function signInAsGuest(page: Page) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Enter" }).click();
  await expect(page.getByTestId("user-menu")).toContainText("user:default/guest");
}

/** axe on the page as the user sees it; without JavaScript, on the server's HTML of the same URL. */
async function expectAccessible(page: Page, context: BrowserContext, testInfo: TestInfo) {
  if (testInfo.project.name === "no-js") {
    expect(await seriousAccessibilityFindingsWithoutScripts(context, page.url()), page.url()).toEqual([]);
  } else {
    expect(await seriousAccessibilityFindings(page), page.url()).toEqual([]);
  }
}

async function waitForTemplates(page: Page) {
  // The catalog reads the fixture at start-up; the list shows it within seconds.
  await expect(async () => {
    await page.goto("/create");
    await expect(page.getByRole("link", { name: "Choose Wizard Test Service" })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
}

test("lists templates grouped by type and filters them by tag and owner", async ({ page, context }, testInfo) => {
  await signInAsGuest(page);
  await waitForTemplates(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a new component");
  await expect(page.getByRole("heading", { name: "service", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "documentation", exact: true })).toBeVisible();
  await expectAccessible(page, context, testInfo);

  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByRole("checkbox", { name: "docs", exact: true }).check();
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/create\?tags=docs$/);
  await expect(page.getByRole("link", { name: "Choose Wizard Test Docs" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose Wizard Test Service" })).toHaveCount(0);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await page.getByRole("form", { name: "Filters" }).getByRole("checkbox", { name: "platform-team", exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("link", { name: "Choose Wizard Test Service" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose Wizard Test Docs" })).toHaveCount(0);
});

test("fills the wizard: a wrong value comes back with the server's message, is corrected, and survives Back and Next to the review", async ({ page, context }, testInfo) => {
  await signInAsGuest(page);
  await waitForTemplates(page);
  await page.getByRole("link", { name: "Choose Wizard Test Service" }).click();
  await expect(page).toHaveURL(/\/create\/templates\/default\/wizard-test-service$/);
  await expect(page.getByRole("heading", { name: "Basics" })).toBeVisible();
  await expectAccessible(page, context, testInfo);

  // A name the pattern refuses, and a service without its port: the server says so beside each field.
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await name.fill("Orders API");
  await page.getByLabel("Kind").selectOption("service");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.locator("#wizard-name-error")).toHaveText('must match pattern "^[a-z0-9-]+$"');
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveValue("Orders API");
  await expect(page.locator("#wizard-port-error")).toHaveText("must have required property 'Port'");
  await expect(page.getByRole("heading", { name: "Basics" })).toBeVisible();
  if (testInfo.project.name === "js") expect(await seriousAccessibilityFindings(page)).toEqual([]);

  await name.fill("orders-api");
  await page.getByRole("spinbutton", { name: "Port" }).fill("9000");
  await page.getByRole("button", { name: "Add to Maintainers" }).click();
  await page.getByLabel("Maintainers 1", { exact: true }).fill("ann");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expectAccessible(page, context, testInfo);
  await page.getByRole("checkbox", { name: "dev" }).check();
  await page.getByRole("checkbox", { name: "prod" }).check();
  await page.getByRole("textbox", { name: "Owner", exact: true }).fill("orders-team");
  await page.getByRole("radio", { name: "private" }).check();
  await page.getByLabel("Component owner").fill("group:default/platform-team");
  await page.getByLabel("API key").fill("k3y-value");
  await page.getByLabel("Token").fill("s3cr3t-token");
  await expect(page.getByLabel("Region")).toHaveValue("eu-west-1");

  // Back keeps both steps' values.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("heading", { name: "Basics" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("orders-api");
  await expect(page.getByRole("spinbutton", { name: "Port" })).toHaveValue("9000");
  await expect(page.getByLabel("Maintainers 1", { exact: true })).toHaveValue("ann");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Owner", exact: true })).toHaveValue("orders-team");
  await expect(page.getByRole("checkbox", { name: "prod" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "private" })).toBeChecked();
  // Secrets are kept on the server, never written back into the page.
  await expect(page.getByLabel("Token")).toHaveValue("");
  await expect(page.getByText("A value is kept; leave this empty to keep it.")).toBeVisible();

  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
  await expectAccessible(page, context, testInfo);
  const row = (label: string) => page.getByRole("row", { name: label, exact: false });
  await expect(row("Name orders-api")).toBeVisible();
  await expect(row("Port 9000")).toBeVisible();
  await expect(row("Environments dev, prod")).toBeVisible();
  await expect(row("Repository > Owner orders-team")).toBeVisible();
  await expect(row("Component owner group:default/platform-team")).toBeVisible();
  await expect(row("Token ******")).toBeVisible();
  await expect(row("API key ******")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("s3cr3t-token");
  await expect(page.getByRole("button", { name: "Create" })).toBeVisible();

  // Start Over forgets the draft.
  await page.getByRole("button", { name: "Start Over" }).click();
  await expect(page.getByRole("heading", { name: "Basics" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
});
