import { expect, test, type Page } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { API_HEADERS, fixtureUrl } from "./support/catalog-fixture";

// The wizard's field extensions in a browser, with JavaScript on (Headless
// UI comboboxes, tags added as chips) and off (plain inputs and selects, the
// server's messages beside the fields): a template whose first step has
// an owner, a group, a name and tags, and whose second step has a
// repository location with one allowed host and owner.

const TEMPLATE = "e2e-field-extensions";

const template = {
  apiVersion: "scaffolder.backstage.io/v1beta3",
  kind: "Template",
  metadata: { name: TEMPLATE, title: "Field extensions end to end", tags: ["e2e"] },
  spec: {
    owner: "group:default/platform-team",
    type: "service",
    parameters: [
      {
        title: "Pickers",
        required: ["owner", "name"],
        properties: {
          owner: { title: "Owner", type: "string", "ui:field": "OwnerPicker" },
          team: { title: "Team", type: "string", "ui:field": "EntityPicker", "ui:options": { catalogFilter: { kind: "Group" }, allowArbitraryValues: false } },
          members: {
            title: "Members",
            type: "array",
            maxItems: 2,
            items: { type: "string" },
            "ui:field": "MultiEntityPicker",
            "ui:options": { catalogFilter: { kind: "Group" }, allowArbitraryValues: false },
          },
          name: { title: "Name", type: "string", "ui:field": "EntityNamePicker" },
          tags: { title: "Tags", type: "array", items: { type: "string" }, "ui:field": "EntityTagsPicker" },
        },
      },
      {
        title: "Repository",
        required: ["repoUrl"],
        properties: {
          repoUrl: { title: "Repository Location", type: "string", "ui:field": "RepoUrlPicker", "ui:options": { allowedHosts: ["github.com"], allowedOwners: ["acme"] } },
        },
      },
    ],
    steps: [{ id: "log", name: "Log", action: "debug:log", input: { message: "hello" } }],
  },
};

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.ATRIUM_E2E_PORT ?? 7411}`, extraHTTPHeaders: API_HEADERS });
  const put = await api.put(fixtureUrl(`${TEMPLATE}.yaml`), { data: JSON.stringify(template) });
  expect(put.status()).toBe(204);
  const existing = await api.get(`/api/catalog/entities/by-name/template/default/${TEMPLATE}`);
  if (existing.status() !== 200) {
    const registered = await api.post("/api/catalog/locations", { data: { type: "url", target: fixtureUrl(`${TEMPLATE}.yaml`) } });
    expect([201, 409]).toContain(registered.status());
    await expect.poll(async () => (await api.get(`/api/catalog/entities/by-name/template/default/${TEMPLATE}`)).status(), { timeout: 20_000 }).toBe(200);
  }
  await api.dispose();
});

// The catalog queries and the wizard's steps are heavier than most pages: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });
const slow = expect.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  // As support/sign-in.ts's signInAsGuest, with the patience above.
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Enter" }).click();
  await slow(page.getByTestId("user-menu")).toContainText("user:default/guest");
});

async function openWizard(page: Page) {
  await page.goto(`/create/templates/default/${TEMPLATE}`);
  await slow(page.getByRole("heading", { name: "Field extensions end to end" })).toBeVisible();
}

test("the pickers of a step: catalog choices, members up to maxItems, tags refused and corrected, the repository location's locked host and owner", async ({ page, javaScriptEnabled }) => {
  await openWizard(page);
  const tagsInput = page.locator("#" + (await page.locator("[data-field=tags] input:not([type=checkbox]):not([type=hidden])").first().getAttribute("id")));

  if (javaScriptEnabled) {
    // Owner: a combobox suggesting groups and users by their humanized refs.
    const owner = page.getByRole("combobox", { name: "Owner" });
    await owner.fill("platform");
    await page.getByRole("option", { name: "platform-team", exact: true }).click();
    await expect(owner).toHaveValue("platform-team");
    // Team: only groups, nothing typed counts.
    const team = page.getByRole("combobox", { name: "Team" });
    await team.fill("pay");
    await slow(page.getByRole("option", { name: "Payments" })).toBeVisible();
    await page.getByRole("option", { name: "Payments" }).click();
    await expect(team).toHaveValue("Payments");
    // Members: two groups at most; once two are chosen the others are disabled.
    const members = page.getByRole("combobox", { name: "Members" });
    await members.fill("plat");
    await page.getByRole("option", { name: "Platform", exact: true }).click();
    await members.fill("data");
    await page.getByRole("option", { name: "Data Platform" }).click();
    await members.fill("pay");
    await expect(page.getByRole("option", { name: "Payments" })).toHaveAttribute("aria-disabled", "true");
    await members.press("Escape");
    await expect(page.locator("[data-field=members]").getByRole("list", { name: "Selected" }).getByRole("listitem")).toHaveText(["Platform×", "Data Platform×"]);
    await page.getByRole("textbox", { name: "Name" }).fill("my-service");
    // Tags: an invalid one shows its error and is not added; the rest are lower-cased, trimmed, once each.
    await tagsInput.fill("a--b");
    await tagsInput.press("Enter");
    await expect(page.locator("[data-field=tags] [data-field-error]")).toContainText("'a--b' is not a valid tag");
    await expect(tagsInput).toHaveAttribute("aria-invalid", "true");
    await tagsInput.fill("  Java ");
    await tagsInput.press("Enter");
    await tagsInput.fill("java");
    await tagsInput.press("Enter");
    await expect(page.locator("[data-field=tags]").getByRole("list", { name: "Selected" }).getByRole("listitem")).toHaveText(["java×"]);
    await expect(page.locator("[data-field=tags] [data-field-error]")).toHaveCount(0);
  } else {
    // Owner: a text input suggesting the choices; Team: a select of the groups.
    await page.getByRole("combobox", { name: "Owner" }).fill("group:default/platform-team");
    const team = page.getByRole("combobox", { name: "Team" });
    await expect(team.locator("option", { hasText: "Payments" })).toHaveCount(1);
    await expect(team.locator("option", { hasText: /^user:/ })).toHaveCount(0);
    await team.selectOption("group:default/payments-team");
    await page.getByRole("checkbox", { name: "Platform", exact: true }).check();
    await page.getByRole("checkbox", { name: "Data Platform" }).check();
    await page.getByRole("textbox", { name: "Name" }).fill("my-service");
    // Tags: the server refuses the invalid one, beside the field, and keeps the valid one chosen.
    await tagsInput.fill("Java, a--b");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.locator("[data-field=tags] [data-field-error]")).toContainText("'a--b' is not a valid tag");
    await expect(page.getByRole("checkbox", { name: "java" })).toBeChecked();
    // Back from the server, the chosen members stay chosen and the others are disabled (maxItems 2).
    await expect(page.getByRole("checkbox", { name: "Data Platform" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Payments" })).toBeDisabled();
    await expect(tagsInput).toHaveValue("a--b");
    await expect(tagsInput).toHaveAttribute("aria-invalid", "true");
    await tagsInput.fill("");
  }
  await page.getByRole("button", { name: "Next" }).click();

  // The repository: one allowed host and owner, shown and not changeable; the repository typed.
  await expect(page.getByLabel("Host")).toBeDisabled();
  await expect(page.getByLabel("Host")).toHaveValue("github.com");
  await expect(page.getByLabel("Owner")).toBeDisabled();
  await expect(page.getByLabel("Owner")).toHaveValue("acme");
  const repository = page.getByRole(javaScriptEnabled ? "combobox" : "textbox", { name: "Repository", exact: true });
  await repository.fill("web");
  await page.getByRole("button", { name: /^(Next|Review)$/ }).click();

  const main = page.locator("main");
  await expect(main).toContainText("group:default/platform-team");
  await expect(main).toContainText("group:default/payments-team");
  await expect(main).toContainText("group:default/data-platform-team");
  await expect(main).toContainText("my-service");
  await expect(main).toContainText("java");
  await expect(main).toContainText("github.com?owner=acme&repo=web");
});

test("the repository location refuses an incomplete value with Backstage's message", async ({ page, javaScriptEnabled }) => {
  await openWizard(page);
  // Through the first step with the least it needs.
  await page.getByRole("combobox", { name: "Owner" }).fill("group:default/platform-team");
  if ((await page.getByRole("combobox", { name: "Owner" }).getAttribute("aria-expanded")) !== null) await page.keyboard.press("Escape");
  await page.getByRole("textbox", { name: "Name" }).fill("my-service");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Host")).toHaveValue("github.com");
  // The repository is dropped on its way, as a hand-made post would leave it out: the browser's own check cannot.
  const path = new URL(page.url()).pathname;
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = new URLSearchParams(request.postData() ?? "");
      body.delete("repoUrl.repo");
      await route.continue({ postData: body.toString() });
    },
  );
  await page.getByRole(javaScriptEnabled ? "combobox" : "textbox", { name: "Repository", exact: true }).fill("web");
  await page.getByRole("button", { name: /^(Next|Review)$/ }).click();
  await expect(page.locator("[data-field=repoUrl] [data-field-error]").first()).toContainText("Incomplete repository location provided, repo not provided");
});

test("the pickers' step has no serious accessibility findings", async ({ page, context, javaScriptEnabled }) => {
  await openWizard(page);
  const findings = javaScriptEnabled ? await seriousAccessibilityFindings(page) : await seriousAccessibilityFindingsWithoutScripts(context, page.url());
  expect(findings).toEqual([]);
});
