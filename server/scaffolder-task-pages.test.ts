import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BrowserSession } from "../tests/support/browser-session";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, useServer } from "../tests/support/server";

// The task list and the ongoing task page through HTTP, as a browser
// without JavaScript sees them: columns and the Owned / All filter, the
// steps with status and duration, the log, the page refreshing itself while
// the task runs and not after, Cancel and Retry as form posts, Hide Logs /
// Show Logs as links, the output's links and Markdown text, Start Over with
// the task's values. Tasks run on the real scaffolder with its real actions.

const dir = mkdtempSync(path.join(tmpdir(), "atrium-task-pages-"));
const templates = path.join(dir, "templates.yaml");
const template = (name: string, title: string, steps: string, output = "") => `apiVersion: scaffolder.backstage.io/v1beta3
kind: Template
metadata: { name: ${name}, title: ${title} }
spec:
  owner: group:default/platform
  type: service
  parameters:
    - title: Name
      required: [name]
      properties:
        name: { type: string, title: Name }
        wait: { type: number, title: Wait, default: 0 }
  steps:
${steps}
${output}`;
writeFileSync(
  templates,
  [
    template(
      "hello-task",
      "Hello Task",
      `    - id: greet
      name: Greet
      action: debug:log
      input: { message: "Hello \${{ parameters.name }}" }
    - id: pause
      name: Pause
      action: debug:wait
      input: { milliseconds: "\${{ parameters.wait }}" }`,
      `  output:
    links:
      - title: Open the catalog
        url: /catalog
      - title: Owning team
        entityRef: group:default/platform
      - title: Sneaky
        url: "javascript:alert(1)"
    text:
      - title: Summary
        content: "**Done** for \${{ parameters.name }}"`,
    ),
    template(
      "broken-task",
      "Broken Task",
      `    - id: greet
      name: Greet
      action: debug:log
      input: { message: "Before the failure" }
    - id: missing
      name: Missing action
      action: acme:does-not-exist`,
    ),
  ].join("\n---\n"),
);

const app = useServer(`
catalog:
  rules:
    - allow: [Component, API, Location, Template]
  locations:
    - type: file
      target: ${templates}
`);

const decode = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** A guest browser with its session. */
async function visitor() {
  const browser = new BrowserSession();
  await browser.follow(`${app.server.url}/create/tasks`);
  return browser;
}
const page = async (browser: BrowserSession, pathname: string) => {
  const response = await browser.request(`${app.server.url}${pathname}`);
  return { status: response.status, body: decode(await response.text()) };
};
const postForm = (browser: BrowserSession, pathname: string, fields: Record<string, string>) =>
  browser.request(`${app.server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url },
    body: new URLSearchParams(fields).toString(),
  });

/** Starts a task as `browser`'s user (the session cookie), or as the API's static token. */
async function startTask(templateRef: string, values: Record<string, unknown>, browser?: BrowserSession): Promise<string> {
  await eventually(async () => (await app.get(`/api/catalog/entities/by-name/template/default/${templateRef.split("/")[1]}`, { headers: API_AUTHORIZATION })).ok, `${templateRef} in the catalog`);
  const init = { method: "POST", headers: { "content-type": "application/json", origin: app.server.url, ...(browser ? {} : API_AUTHORIZATION) }, body: JSON.stringify({ templateRef, values }) };
  const response = browser ? await browser.request(`${app.server.url}/api/scaffolder/v2/tasks`, init) : await app.get("/api/scaffolder/v2/tasks", init);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
const statusOf = async (taskId: string) => ((await (await app.get(`/api/scaffolder/v2/tasks/${taskId}`, { headers: API_AUTHORIZATION })).json()) as { status: string }).status;
const untilEnded = (taskId: string) => eventually(async () => ["completed", "failed", "cancelled"].includes(await statusOf(taskId)) && (await statusOf(taskId)), `task ${taskId} to end`, 20_000);

describe("the task list", () => {
  // First: every guest is user:default/guest, so after the other tests a guest owns tasks.
  it("says so when there is nothing to list", async () => {
    expect((await page(await visitor(), "/create/tasks?owner=owned")).body).toContain("No records to display");
  });

  it("lists the caller's tasks under Owned and everyone's under All, with Backstage's columns", async () => {
    const browser = await visitor();
    const mine = await startTask("template:default/hello-task", { name: "mine" }, browser);
    const theirs = await startTask("template:default/hello-task", { name: "theirs" });
    const owned = await page(browser, "/create/tasks");
    expect(owned.status).toBe(200);
    expect(owned.body).toContain("<title>List template tasks | ");
    for (const column of ["Task ID", "Template", "Created", "Owner", "Status"]) expect(owned.body).toMatch(new RegExp(`<th scope="col"[^>]*>${column}</th>`));
    expect(owned.body).toContain('<input type="radio" name="owner" checked="" value="owned"/>');
    expect(owned.body).toContain(`href="/create/tasks/${mine}"`);
    expect(owned.body).not.toContain(`href="/create/tasks/${theirs}"`);
    expect(owned.body).toMatch(new RegExp(`data-testid="task-row-${mine}"[\\s\\S]*?Hello Task[\\s\\S]*?user:default/guest`));
    const all = await page(browser, "/create/tasks?owner=all");
    expect(all.body).toContain(`href="/create/tasks/${mine}"`);
    expect(all.body).toContain(`href="/create/tasks/${theirs}"`);
    expect(all.body).toContain('<input type="radio" name="owner" checked="" value="all"/>');
  });

  it("pages the tasks, newest first, with links that keep the filter", async () => {
    const browser = await visitor();
    const ids: string[] = [];
    for (let index = 0; index < 21; index++) ids.push(await startTask("template:default/hello-task", { name: `n${index}` }));
    const first = await page(browser, "/create/tasks?owner=all");
    expect(first.body).toMatch(/1-20 of \d+/);
    expect(first.body).toContain(`href="/create/tasks/${ids.at(-1)}"`);
    expect(first.body).toContain('href="/create/tasks?owner=all&page=2"');
    const second = await page(browser, "/create/tasks?owner=all&page=2");
    expect(second.body).toMatch(/21-\d+ of \d+/);
    expect(second.body).not.toContain(`href="/create/tasks/${ids.at(-1)}"`);
  });
});

describe("the ongoing task", () => {
  it("refreshes itself while the task runs, then shows the steps, the log and the output and stops refreshing", async () => {
    const browser = await visitor();
    const taskId = await startTask("template:default/hello-task", { name: "Ada", wait: 1500 }, browser);
    const running = await page(browser, `/create/tasks/${taskId}`);
    expect(running.status).toBe(200);
    expect(running.body).toContain("<title>Run of Hello Task | ");
    expect(running.body).toMatch(/<noscript><meta http-equiv="refresh" content="3"><\/noscript>/);
    expect(running.body).toMatch(/<button type="submit"[^>]*>Cancel<\/button>/);
    expect(running.body).toContain("This page refreshes itself every 3 seconds while the task runs.");

    expect(await untilEnded(taskId)).toBe("completed");
    const done = await page(browser, `/create/tasks/${taskId}`);
    expect(done.body).not.toContain('http-equiv="refresh"');
    expect(done.body).not.toMatch(/>Cancel<\/button>/);
    expect(done.body).toMatch(/data-testid="task-step-greet" data-step-status="completed"[\s\S]*?Greet[\s\S]*?\d+ seconds?/);
    expect(done.body).toMatch(/data-testid="task-step-pause" data-step-status="completed"/);
    expect(done.body).toMatch(/data-testid="task-log"[^>]*>[\s\S]*Hello Ada/);
    // Output: links (an entity ref to its catalog page; a javascript: URL dropped) and Markdown text rendered.
    expect(done.body).toMatch(/<a [^>]*href="\/catalog"[^>]*>Open the catalog<\/a>/);
    expect(done.body).toMatch(/<a [^>]*href="\/catalog\/default\/group\/platform"[^>]*>Owning team<\/a>/);
    expect(done.body).not.toContain("Sneaky");
    expect(done.body).toMatch(/<strong>Done<\/strong> for Ada/);
    // Start Over: the template's wizard with the task's values.
    const startOver = /href="([^"]*)"[^>]*>Start Over</.exec(done.body)?.[1];
    expect(startOver).toBeDefined();
    const url = new URL(startOver!, app.server.url);
    expect(url.pathname).toBe("/create/templates/default/hello-task");
    expect(JSON.parse(url.searchParams.get("formData")!)).toEqual({ name: "Ada", wait: 1500 });
  });

  it("hides and shows the log through links", async () => {
    const browser = await visitor();
    const taskId = await startTask("template:default/hello-task", { name: "Logs" }, browser);
    await untilEnded(taskId);
    const hidden = await page(browser, `/create/tasks/${taskId}?logs=hidden`);
    expect(hidden.body).not.toContain('data-testid="task-log"');
    expect(hidden.body).toMatch(new RegExp(`href="/create/tasks/${taskId}"[^>]*>Show Logs<`));
    const shown = await page(browser, `/create/tasks/${taskId}`);
    expect(shown.body).toContain('data-testid="task-log"');
    expect(shown.body).toMatch(new RegExp(`href="/create/tasks/${taskId}\\?logs=hidden"[^>]*>Hide Logs<`));
  });

  it("cancels a running task with a form post", async () => {
    const browser = await visitor();
    const taskId = await startTask("template:default/hello-task", { name: "Slow", wait: 20_000 }, browser);
    await eventually(async () => (await statusOf(taskId)) === "processing", "the task to start");
    const cancelled = await postForm(browser, `/create/tasks/${taskId}`, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`/create/tasks/${taskId}`);
    expect(await untilEnded(taskId)).toBe("cancelled");
    const body = (await page(browser, `/create/tasks/${taskId}`)).body;
    expect(body).toContain('data-task-status="cancelled"');
    expect(body).toMatch(/data-testid="task-step-pause" data-step-status="cancelled"/);
  });

  it("shows a failed step with Backstage's message and retries it with a form post", async () => {
    const browser = await visitor();
    const taskId = await startTask("template:default/broken-task", { name: "Oops" }, browser);
    expect(await untilEnded(taskId)).toBe("failed");
    const failed = (await page(browser, `/create/tasks/${taskId}`)).body;
    expect(failed).toMatch(/data-testid="task-step-greet" data-step-status="completed"/);
    expect(failed).toMatch(/data-testid="task-step-missing" data-step-status="failed"/);
    expect(failed).toContain("Template action with ID 'acme:does-not-exist' is not registered.");
    expect(failed).toMatch(/<button type="submit"[^>]*>Retry<\/button>/);
    const retried = await postForm(browser, `/create/tasks/${taskId}`, { intent: "retry" });
    expect(retried.status).toBe(303);
    await eventually(async () => {
      const events = (await (await app.get(`/api/scaffolder/v2/tasks/${taskId}/events`, { headers: API_AUTHORIZATION })).json()) as Array<{ type: string }>;
      return events.filter((event) => event.type === "completion").length >= 2;
    }, "the retry to fail again");
  });

  it("answers 404 for a task that does not exist, and refuses an unknown intent", async () => {
    const browser = await visitor();
    const missing = await page(browser, "/create/tasks/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("Task 00000000-0000-4000-8000-000000000000 not found");
    const taskId = await startTask("template:default/hello-task", { name: "x" }, browser);
    expect((await postForm(browser, `/create/tasks/${taskId}`, { intent: "explode" })).status).toBe(400);
  });
});
