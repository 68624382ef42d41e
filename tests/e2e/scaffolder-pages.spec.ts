import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { API_HEADERS, fixtureUrl } from "./support/catalog-fixture";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The scaffolder's pages around tasks and its tools, with JavaScript on and
// off: the sidebar's Create..., a task that runs to completion (its log live
// with JavaScript, the page refreshing itself without), the task list's
// Owned / All, a dry-run in the template editor with its tabs, zip and
// Publish dialog, and no serious accessibility finding on any of them.

const TEMPLATE = (name: string) => `apiVersion: scaffolder.backstage.io/v1beta3
kind: Template
metadata:
  name: ${name}
  title: E2E Greeter ${name}
spec:
  owner: group:default/platform-team
  type: service
  parameters:
    - title: Who
      required: [name]
      properties:
        name: { type: string, title: Name }
  steps:
    - id: hello
      name: Say hello
      action: debug:log
      input: { message: "Hello \${{ parameters.name }}" }
    - id: pause
      name: Take a breath
      action: debug:wait
      input: { seconds: 6 }
    - id: bye
      name: Say goodbye
      action: debug:log
      input: { message: "Goodbye \${{ parameters.name }}" }
  output:
    links:
      - title: Back to the catalog
        url: /catalog
    text:
      - title: Summary
        content: "Greeted **\${{ parameters.name }}**"
`;

/** A template of its own for each project, served by the fixture host and registered as a location. */
async function registerTemplate(request: APIRequestContext, name: string) {
  const file = `${name}.yaml`;
  expect((await request.put(fixtureUrl(file), { data: TEMPLATE(name) })).status()).toBe(204);
  const registered = await request.post("/api/catalog/locations", { headers: API_HEADERS, data: { type: "url", target: fixtureUrl(file) } });
  expect(registered.status(), await registered.text()).toBe(201);
  await expect.poll(async () => (await request.get(`/api/catalog/entities/by-name/template/default/${name}`, { headers: API_HEADERS })).status(), { timeout: 15_000 }).toBe(200);
}

/** Starts a task as the signed-in user of `page` (its session cookie), as the wizard's Create does. */
async function startTask(page: Page, name: string, who: string): Promise<string> {
  const response = await page.request.post("/api/scaffolder/v2/tasks", { data: { templateRef: `template:default/${name}`, values: { name: who } } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("Create... in the sidebar and the catalog's Create button land on /create", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "create-nav"));
  await page.goto("/catalog");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Create..." }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create a new component" })).toBeVisible();
  await page.goto("/catalog");
  await page.getByRole("link", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/create$/);
});

test("a task runs to completion: steps, log, output, Hide Logs / Show Logs, and the task list", async ({ page, request, javaScriptEnabled }, testInfo) => {
  test.setTimeout(60_000);
  // A retry registers a template of its own: the first attempt's location is still there.
  const name = `e2e-greeter-${testInfo.project.name}-${testInfo.retry}`;
  await registerTemplate(request, name);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "task"));
  const taskId = await startTask(page, name, "Ada");
  await page.goto(`/create/tasks/${taskId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Run of E2E Greeter ${name}`);
  const taskPage = page.getByTestId("task-page");
  if (javaScriptEnabled) {
    // Live: the log grows on this very page, read from the event stream, with no reload.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await expect(page.getByTestId("task-connection")).toHaveAttribute("data-connection", "live", { timeout: 15_000 });
    await expect(page.getByTestId("task-log")).toContainText("Hello Ada");
    await expect(page.getByTestId("task-log")).toContainText("Goodbye Ada", { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  } else {
    await expect(page.getByText("This page refreshes itself every 3 seconds while the task runs.")).toBeVisible();
  }
  // Without JavaScript the page refreshes itself until the task ends; with it the stream's completion re-renders it.
  await expect(taskPage).toHaveAttribute("data-task-status", "completed", { timeout: 30_000 });
  await expect(page.getByTestId("task-step-hello")).toHaveAttribute("data-step-status", "completed");
  await expect(page.getByTestId("task-step-bye")).toHaveAttribute("data-step-status", "completed");
  await expect(page.getByTestId("task-step-pause")).toContainText(/\d+ seconds?/);
  await expect(page.getByTestId("task-log")).toContainText("Goodbye Ada");
  await expect(page.getByTestId("task-output").getByRole("link", { name: "Back to the catalog" })).toHaveAttribute("href", "/catalog");
  await expect(page.getByTestId("task-output").locator("strong")).toHaveText("Ada");
  await expect(page.getByText("This page refreshes itself")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);

  await page.getByRole("link", { name: "Hide Logs" }).click();
  await expect(page).toHaveURL(/\?logs=hidden$/);
  await expect(page.getByTestId("task-log")).toHaveCount(0);
  await page.getByRole("link", { name: "Show Logs" }).click();
  await expect(page.getByTestId("task-log")).toContainText("Hello Ada");

  await expect(page.getByRole("link", { name: "Start Over" })).toHaveAttribute("href", new RegExp(`^/create/templates/default/${name}\\?formData=`));

  await page.getByRole("link", { name: "Task List" }).click();
  await expect(page).toHaveURL(/\/create\/tasks$/);
  await expect(page.getByTestId(`task-row-${taskId}`)).toContainText(`E2E Greeter ${name}`);
  await page.getByLabel("All").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/owner=all/);
  await expect(page.getByTestId(`task-row-${taskId}`)).toBeVisible();
});

test("a dry-run in the template editor shows files, log and output, downloads the zip, and the Publish dialog explains publishing", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "editor"));
  await page.goto("/create/edit");
  await page.getByRole("link", { name: /^Template Editor/ }).click();
  await expect(page).toHaveURL(/\/create\/template$/);
  await page.getByLabel("Template YAML").fill(TEMPLATE("dry-run-me").replace("seconds: 6", "milliseconds: 10"));
  await page.getByLabel("Values (YAML)").fill("name: Grace");
  await page.getByRole("button", { name: "Dry Run" }).click();
  await expect(page).toHaveURL(/\/create\/template\?result=/);
  const results = page.getByTestId("dry-run-results");
  await expect(results).toContainText("Dry-run 1 of E2E Greeter dry-run-me");

  const tabs = page.getByTestId("result-tabs");
  await tabs.getByText("Log", { exact: true }).click();
  await expect(page.getByTestId("dry-run-log")).toContainText("Hello Grace");
  await tabs.getByText("Output", { exact: true }).click();
  await expect(results).toContainText("Greeted **Grace**");

  const download = page.waitForEvent("download");
  await results.getByRole("link", { name: /Download result as a zip/ }).click();
  expect((await download).suggestedFilename()).toBe("dry-run-result-1.zip");

  await page.getByRole("link", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish changes" });
  await expect(dialog).toContainText("register its URL in the catalog");
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await results.getByRole("button", { name: /Delete result/ }).click();
  await expect(results).toContainText("Run a dry-run to see its results here.");
});

/** axe over `urls` as the project's browser sees them: the page itself with JavaScript, the server's HTML without. */
async function checkAccessibility(page: Page, context: BrowserContext, baseURL: string | undefined, projectName: string, urls: string[]) {
  for (const url of urls) {
    if (projectName === "no-js") {
      expect(await seriousAccessibilityFindingsWithoutScripts(context, `${baseURL}${url}`), url).toEqual([]);
      continue;
    }
    await page.goto(url);
    await expect(page.locator("main").first()).toBeAttached();
    expect(await seriousAccessibilityFindings(page), url).toEqual([]);
  }
}

test("has no serious accessibility finding on the task pages", async ({ page, context, baseURL, request }, testInfo) => {
  test.setTimeout(120_000);
  const name = `e2e-axe-${testInfo.project.name}-${testInfo.retry}`;
  await registerTemplate(request, name);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "axe"));
  const taskId = await startTask(page, name, "Axe");
  await checkAccessibility(page, context, baseURL, testInfo.project.name, ["/create/tasks", `/create/tasks/${taskId}`]);
});

test("has no serious accessibility finding on the actions and templating extensions pages", async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "axe-docs"));
  await checkAccessibility(page, context, baseURL, testInfo.project.name, ["/create/actions", "/create/templating-extensions"]);
});

test("has no serious accessibility finding on the editors", async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await signInAsCustomUser(page, uniqueUserId(testInfo, "axe-editors"));
  await checkAccessibility(page, context, baseURL, testInfo.project.name, [
    "/create/edit",
    "/create/template",
    "/create/template?publish=1",
    "/create/template-form",
    "/create/custom-fields?field=EntityPicker",
  ]);
});
