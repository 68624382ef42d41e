import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signInAsGuest } from "./support/sign-in";

// Each example template of the embedded default (examples/templates/), as a
// person runs it, with JavaScript on and off: the wizard's steps (one value
// refused by the server, beside its field, then corrected), the review,
// Create, the task to its end, and the new component opened from the task's
// output in the catalog. The templates publish to the portal's own git host
// (scaffolder.localGit, a fresh directory per run: playwright.config.ts) and
// register the new repository's catalog file.

// A task renders a skeleton, runs git and registers a location: room for a loaded machine.
test.setTimeout(240_000);
const expect = baseExpect.configure({ timeout: 30_000 });

/** A component name no other run or project has taken: the repository of an earlier retry still exists. */
function uniqueName(prefix: string, project: string): string {
  return `${prefix}-${project}-${Date.now().toString(36)}`;
}

/** The Owner picker: a Headless UI combobox with JavaScript, a text input suggesting choices without. */
async function chooseOwner(page: Page, ref: string) {
  const owner = page.getByRole("combobox", { name: "Owner", exact: true });
  await owner.fill(ref);
  if ((await owner.getAttribute("aria-expanded")) === "true") await owner.press("Escape");
  // With JavaScript the combobox shows the chosen entity's humanized ref.
  await expect(owner).toHaveValue(javaScriptShown(ref));
}

/** An entity ref as the owner combobox may show it: in full, or without the default namespace and the kind. */
function javaScriptShown(ref: string): RegExp {
  return new RegExp(`^(${ref}|${ref.replace(/^[a-z]+:default\//, "")})$`);
}

async function next(page: Page) {
  await page.getByRole("button", { name: /^(Next|Review)$/ }).click();
}

/** The repository step: the one allowed host shown and locked, an owner and a repository typed. */
async function fillRepository(page: Page, owner: string, repository: string) {
  await expect(page.getByRole("heading", { name: "Choose a location" })).toBeVisible();
  await expect(page.getByLabel("Host")).toHaveValue("localhost");
  await expect(page.getByLabel("Host")).toBeDisabled();
  const location = page.getByRole("group", { name: "Repository Location" });
  await location.getByLabel(/^Owner/).fill(owner);
  const repo = location.getByLabel(/^Repository/);
  await repo.fill(repository);
  if ((await repo.getAttribute("aria-expanded")) === "true") await repo.press("Escape");
  await next(page);
}

/** Review, Create, the task to completion, and its "Open in catalog" link to the new component's page. */
async function createAndOpen(page: Page, title: string, name: string, heading = name) {
  await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
  await expect(page.getByRole("row", { name: `Name ${name}` })).toBeVisible();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/create\/tasks\/[^/?]+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Run of ${title}`);
  // With JavaScript the event stream ends the page's wait; without, the page refreshes itself every 3 seconds.
  await expect(page.getByTestId("task-page")).toHaveAttribute("data-task-status", "completed", { timeout: 120_000 });
  for (const step of ["fetch", "publish", "register"]) await expect(page.getByTestId(`task-step-${step}`)).toHaveAttribute("data-step-status", "completed");
  const output = page.getByTestId("task-output");
  await expect(output.getByRole("link", { name: "Repository" })).toHaveAttribute("href", new RegExp(`/git/examples/${name}\\.git$`));
  await output.getByRole("link", { name: "Open in catalog" }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/default/component/${name}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
}

async function openTemplate(page: Page, title: string, path: string) {
  await signInAsGuest(page);
  // The example catalog is read at start-up; the templates show within seconds.
  await expect(async () => {
    await page.goto("/create");
    await expect(page.getByRole("link", { name: `Choose ${title}` })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole("link", { name: `Choose ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/create/templates/default/${path}$`));
}

test("Node.js service: a port below 1024 is refused and corrected, and the new service opens in the catalog", async ({ page }, testInfo) => {
  const name = uniqueName("orders", testInfo.project.name);
  await openTemplate(page, "Node.js service", "node-service");
  await expect(page.getByRole("heading", { name: "Describe the service" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Description" }).fill("Takes orders for maintenance visits");
  await chooseOwner(page, "group:default/platform-team");
  await expect(page.getByLabel("Lifecycle")).toHaveValue("experimental");
  const port = page.getByRole("spinbutton", { name: "Port" });
  await expect(port).toHaveValue("8080");
  await port.fill("80");
  await next(page);
  await expect(page.locator("#wizard-port-error")).toHaveText("must be >= 1024");
  await expect(port).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await port.fill("9090");
  await next(page);
  await fillRepository(page, "examples", name);
  await expect(page.getByRole("row", { name: "Port 9090" })).toBeVisible();
  await createAndOpen(page, "Node.js service", name);
  await expect(page.getByRole("main")).toContainText("Takes orders for maintenance visits");
});

test("React website: a name the catalog refuses is corrected, and the new website opens in the catalog", async ({ page }, testInfo) => {
  const name = uniqueName("tenant-site", testInfo.project.name);
  await openTemplate(page, "React website", "react-website");
  await expect(page.getByRole("heading", { name: "Describe the website" })).toBeVisible();
  const nameField = page.getByRole("textbox", { name: "Name", exact: true });
  await nameField.fill("Tenant Site!");
  await page.getByRole("textbox", { name: "Page title" }).fill("Tenants");
  await page.getByRole("textbox", { name: "Description" }).fill("Where tenants pay rent and ask for repairs");
  await chooseOwner(page, "group:default/renter-experience-team");
  await next(page);
  await expect(page.locator("#wizard-name-error")).toHaveText(
    "Must start and end with an alphanumeric character, and contain only alphanumeric characters, hyphens, underscores, and periods. Maximum length is 63 characters.",
  );
  await expect(nameField).toHaveAttribute("aria-invalid", "true");
  await nameField.fill(name);
  await next(page);
  await fillRepository(page, "examples", name);
  // The page title is the component's title in its catalog file.
  await createAndOpen(page, "React website", name, "Tenants");
  await expect(page.getByRole("main")).toContainText("Where tenants pay rent and ask for repairs");
});

test("TypeScript library: an npm scope with '@' is refused and corrected, and the new library opens in the catalog", async ({ page }, testInfo) => {
  const name = uniqueName("money", testInfo.project.name);
  await openTemplate(page, "TypeScript library", "typescript-library");
  await expect(page.getByRole("heading", { name: "Describe the library" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Description" }).fill("Amounts of money in minor units");
  await chooseOwner(page, "group:default/platform-team");
  const scope = page.getByRole("textbox", { name: "npm scope" });
  await scope.fill("@keystone-living");
  await next(page);
  await expect(page.locator("#wizard-packageScope-error")).toHaveText('must match pattern "^[a-z0-9][a-z0-9._-]*$"');
  await expect(scope).toHaveAttribute("aria-invalid", "true");
  await scope.fill("keystone-living");
  await next(page);
  await fillRepository(page, "examples", name);
  await expect(page.getByRole("row", { name: "npm scope keystone-living" })).toBeVisible();
  await createAndOpen(page, "TypeScript library", name);
  await expect(page.getByRole("main")).toContainText("Amounts of money in minor units");
});

test("Documentation site: a missing description is asked for, and the new docs component opens in the catalog", async ({ page }, testInfo) => {
  const name = uniqueName("handbook", testInfo.project.name);
  await openTemplate(page, "Documentation site", "docs-site");
  await expect(page.getByRole("heading", { name: "Describe the documentation" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await chooseOwner(page, "group:default/platform-team");
  const description = page.getByRole("textbox", { name: "Description" });
  // The browser's own check would stop the post; the server's is the one that counts.
  await description.evaluate((element) => element.removeAttribute("required"));
  await next(page);
  await expect(page.locator("#wizard-description-error")).toHaveText("must have required property 'Description'");
  await description.fill("How the platform team runs its services");
  await page.getByRole("checkbox", { name: "Include a runbook page" }).uncheck();
  await next(page);
  await fillRepository(page, "examples", name);
  await createAndOpen(page, "Documentation site", name);
  await expect(page.getByRole("main")).toContainText("How the platform team runs its services");
});
