import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../tests/support/browser-session";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// The scaffolder's task API through HTTP on the built server, with templates
// the catalog reads from a file: creating (201, or 400 for values that fail
// the template's parameters, before anything runs), the task and its list,
// polling and the event stream (server-sent events ending on the
// completion), cancel and retry, secrets that never come back, tasks a
// guest may not read, and the dry-run with its refused paths.

const dir = mkdtempSync(path.join(tmpdir(), "atrium-scaffolder-server-"));
const SECRET = "sekret-token-value-42";

function template(name: string, spec: object): string {
  return JSON.stringify({ apiVersion: "scaffolder.backstage.io/v1beta3", kind: "Template", metadata: { name, title: name }, spec: { type: "service", owner: "group:default/platform", ...spec } });
}

const templates = [
  template("hello", {
    parameters: [{ title: "Name", required: ["name"], properties: { name: { type: "string", pattern: "^[a-z-]+$" } } }],
    steps: [{ id: "log", name: "Log", action: "debug:log", input: { message: "Hello ${{ parameters.name }}, the token is ${{ secrets.token }}" } }],
    output: { links: [{ title: "Open", url: "https://example.test/${{ parameters.name }}" }], said: "Hello ${{ parameters.name }}" },
  }),
  template("waiting", {
    parameters: { properties: { seconds: { type: "number" } } },
    steps: [{ id: "wait", name: "Wait", action: "debug:wait", input: { seconds: "${{ parameters.seconds }}" } }],
  }),
  template("failing", {
    steps: [
      { id: "first", name: "First", action: "debug:log", input: { message: "first step" } },
      { id: "too-long", name: "Too long", action: "debug:wait", input: { minutes: 31 } },
    ],
  }),
  template("unknown-action", { steps: [{ id: "nope", name: "Nope", action: "made:up" }] }),
];
const catalogFile = path.join(dir, "templates.yaml");
writeFileSync(catalogFile, templates.join("\n---\n"));

const CONFIG = `
catalog:
  locations:
    - type: file
      target: ${catalogFile}
      rules:
        - allow: [Template]
permission:
  enabled: true
  policy:
    roles:
      - name: everyone
        members: ['*']
        permissions:
          - permission: catalog.entity.read
          - permission: scaffolder.task.create
          - permission: scaffolder.action.execute
          - permission: scaffolder.template.parameter.read
          - permission: scaffolder.template.step.read
          - permission: scaffolder.template.dry-run
          - permission: scaffolder.task.read
            conditions: { rule: IS_TASK_OWNER, params: { createdBy: [$userEntityRef] } }
          - permission: scaffolder.task.cancel
            conditions: { rule: IS_TASK_OWNER, params: { createdBy: [$userEntityRef] } }
`;

/** Server-sent events, parsed: each with its event, id and data lines. */
function parseEvents(text: string) {
  return text
    .split("\n\n")
    .filter((block) => block.trim() && !block.startsWith(":"))
    .map((block) => {
      const fields = Object.fromEntries(block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]));
      return { event: fields.event, id: fields.id, data: JSON.parse(fields.data) as { id: number; type: string; body: Record<string, unknown> } };
    });
}

describe("the scaffolder's task API", () => {
  let server: RunningServer;
  const api = (pathname: string, init: RequestInit = {}) => fetch(`${server.url}/api/scaffolder/v2${pathname}`, { ...init, headers: { ...API_AUTHORIZATION, ...(init.headers as object) } });
  const post = (pathname: string, body?: unknown) =>
    api(pathname, body === undefined ? { method: "POST" } : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startServer(CONFIG);
    const deadline = Date.now() + 30_000;
    for (const name of ["hello", "waiting", "failing", "unknown-action"]) {
      while ((await fetch(`${server.url}/api/catalog/entities/by-name/template/default/${name}`, { headers: API_AUTHORIZATION })).status !== 200) {
        if (Date.now() > deadline) {
          const entities = await (await fetch(`${server.url}/api/catalog/entities?fields=kind,metadata.name,status`, { headers: API_AUTHORIZATION })).text();
          throw new Error(`template ${name} never reached the catalog: ${entities}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses values that fail the template's parameters with 400, listing them, before anything runs", async () => {
    const before = (await (await api("/tasks")).json()).totalTasks;
    const response = await post("/tasks", { templateRef: "template:default/hello", values: { name: "Not Valid!" } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.name).toBe("InputError");
    expect(body.error.message).toContain('must match pattern "^[a-z-]+$"');
    expect(body.errors).toEqual([expect.objectContaining({ path: "/name", keyword: "pattern" })]);
    expect(body.response).toEqual({ statusCode: 400 });
    const missing = await (await post("/tasks", { templateRef: "template:default/hello", values: {} })).json();
    expect(missing.errors).toEqual([expect.objectContaining({ keyword: "required", message: "must have required property 'name'" })]);
    expect((await (await api("/tasks")).json()).totalTasks).toBe(before);
    // A template that is not there, and a body that is not one.
    expect((await post("/tasks", { templateRef: "template:default/nowhere", values: {} })).status).toBe(404);
    expect((await post("/tasks", { values: {} })).status).toBe(400);
    expect((await post("/tasks", { templateRef: "component:default/x", values: {} })).status).toBe(400);
  });

  it("creates a task (201), streams its log and completion as server-sent events, and never gives its secrets back", async () => {
    const created = await post("/tasks", { templateRef: "template:default/hello", values: { name: "world" }, secrets: { token: SECRET } });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const stream = await api(`/tasks/${id}/eventstream`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("content-encoding")).toBeNull();
    expect(stream.headers.get("cache-control")).toBe("no-cache");
    // The stream ends by itself after the completion.
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(text).not.toContain(SECRET);
    const events = parseEvents(text);
    expect(events.map((event) => [event.event, event.data.body.message])).toEqual([
      ["log", "Starting up task with 1 steps"],
      ["log", "Beginning step Log"],
      ["log", "Hello world, the token is ***"],
      ["log", "Finished step Log"],
      ["completion", "Run completed with status: completed"],
    ]);
    expect(events.every((event) => event.id === String(event.data.id))).toBe(true);
    expect(events[2].data.body).toEqual({ message: "Hello world, the token is ***", stepId: "log" });
    expect(events[4].data.body.output).toEqual({ links: [{ title: "Open", url: "https://example.test/world" }], said: "Hello world" });

    const task = await (await api(`/tasks/${id}`)).json();
    expect(task).toMatchObject({ id, status: "completed", spec: { parameters: { name: "world" }, templateInfo: { entityRef: "template:default/hello" } } });
    expect(task).not.toHaveProperty("secrets");
    expect(JSON.stringify(task)).not.toContain(SECRET);
    expect(server.output()).not.toContain(SECRET);

    // Polling from the third event on: what followed it, the completion among it.
    const polled = await (await api(`/tasks/${id}/events?after=${events[2].data.id}`)).json();
    expect(polled.map((event: { type: string }) => event.type)).toEqual(["log", "completion"]);
    // A stream from after the last event gives the completion and ends.
    expect(parseEvents(await (await api(`/tasks/${id}/eventstream?after=${events[4].data.id}`)).text()).map((event) => event.event)).toEqual(["completion"]);
  });

  it("lists tasks as Backstage does, with its filters and pages", async () => {
    const { id } = await (await post("/tasks", { templateRef: "template:default/waiting", values: { seconds: 0 } })).json();
    const all = await (await api("/tasks?limit=1&order=desc:created_at")).json();
    expect(all.tasks).toHaveLength(1);
    expect(all.tasks[0].id).toBe(id);
    expect(all.totalTasks).toBeGreaterThanOrEqual(2);
    const paged = await (await api("/tasks?limit=1&offset=1&order=desc:created_at")).json();
    expect(paged.tasks[0].id).not.toBe(id);
    expect((await api("/tasks?status=sleeping")).status).toBe(400);
    expect((await api("/tasks?order=sideways:created_at")).status).toBe(400);
    expect((await api("/tasks?limit=-1")).status).toBe(400);
    expect(await (await api("/tasks?createdBy=user:default/nobody")).json()).toEqual({ tasks: [], totalTasks: 0 });
  });

  it("cancels a running task: its action is aborted, the task ends cancelled", async () => {
    const { id } = await (await post("/tasks", { templateRef: "template:default/waiting", values: { seconds: 600 } })).json();
    const stream = await api(`/tasks/${id}/eventstream`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("Beginning step Wait")) text += (await reader.read()).value ?? "";
    const started = Date.now();
    const cancelled = await post(`/tasks/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ status: "cancelled" });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(parseEvents(text).map((event) => event.event)).toEqual(["log", "log", "cancelled", "log", "completion"]);
    expect((await (await api(`/tasks/${id}`)).json()).status).toBe("cancelled");
  });

  it("retries a failed task (201) from its failed step, the step before it kept", async () => {
    const { id } = await (await post("/tasks", { templateRef: "template:default/failing", values: {} })).json();
    const first = parseEvents(await (await api(`/tasks/${id}/eventstream`)).text());
    expect(first.at(-1)?.data.body).toMatchObject({ message: "Run completed with status: failed", error: { name: "Error" } });
    const retried = await post(`/tasks/${id}/retry`);
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ id });
    const second = parseEvents(await (await api(`/tasks/${id}/eventstream?after=${first.at(-1)!.data.id}`)).text());
    const messages = second.map((event) => event.data.body.message);
    expect(messages).toContain("Keeping the output of step First, which finished before the retry");
    expect(messages).not.toContain("first step");
    expect(second.at(-1)?.data.body.message).toBe("Run completed with status: failed");
    // Only a failed or cancelled task can be retried.
    const { id: done } = await (await post("/tasks", { templateRef: "template:default/waiting", values: { seconds: 0 } })).json();
    await (await api(`/tasks/${done}/eventstream`)).text();
    const refused = await post(`/tasks/${done}/retry`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.name).toBe("ConflictError");
  });

  it("fails a step whose action is not registered with Backstage's message", async () => {
    const { id } = await (await post("/tasks", { templateRef: "template:default/unknown-action", values: {} })).json();
    const events = parseEvents(await (await api(`/tasks/${id}/eventstream`)).text());
    expect(events.at(-1)?.data.body.error).toEqual({ name: "NotFoundError", message: "Template action with ID 'made:up' is not registered." });
  });

  it("answers 404 for a task that is not there or that the caller may not read, and 401 without credentials", async () => {
    expect((await api("/tasks/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    const body = await (await api("/tasks/00000000-0000-0000-0000-000000000000")).json();
    expect(body.error).toEqual({ name: "NotFoundError", message: "No task with id '00000000-0000-0000-0000-000000000000' found" });
    const { id } = await (await post("/tasks", { templateRef: "template:default/waiting", values: { seconds: 0 } })).json();
    // A guest may read only the tasks they created: this one the API token created.
    const guest = new BrowserSession();
    await guest.request(`${server.url}/settings`);
    expect((await guest.request(`${server.url}/api/scaffolder/v2/tasks/${id}`)).status).toBe(404);
    expect((await guest.request(`${server.url}/api/scaffolder/v2/tasks/${id}/eventstream`)).status).toBe(404);
    expect((await guest.request(`${server.url}/api/scaffolder/v2/tasks/${id}/cancel`, { method: "POST", headers: { origin: server.url } })).status).toBe(404);
    // The guest's own task is theirs to read.
    const mine = await guest.request(`${server.url}/api/scaffolder/v2/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ templateRef: "template:default/waiting", values: { seconds: 0 } }),
    });
    expect(mine.status).toBe(201);
    const { id: own } = await mine.json();
    expect(await (await guest.request(`${server.url}/api/scaffolder/v2/tasks/${own}`)).json()).toMatchObject({ id: own, createdBy: "user:default/guest" });
    expect((await fetch(`${server.url}/api/scaffolder/v2/tasks/${id}`)).status).toBe(401);
  });

  it("dry-runs a template with the request's files and refuses paths that would leave its directory", async () => {
    const dryTemplate = JSON.parse(templates[0]);
    const response = await post("/dry-run", {
      template: dryTemplate,
      values: { name: "dry" },
      secrets: { token: SECRET },
      directoryContents: [{ path: "skeleton/index.js", base64Content: Buffer.from("console.log(1)").toString("base64") }],
    });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.directoryContents).toEqual([{ path: "skeleton/index.js", executable: false, base64Content: Buffer.from("console.log(1)").toString("base64") }]);
    expect(result.output).toEqual({ links: [{ title: "Open", url: "https://example.test/dry" }], said: "Hello dry" });
    expect(result.steps).toEqual([{ id: "log", name: "Log", action: "debug:log" }]);
    expect(result.log.map((line: { body: { message: string } }) => line.body.message)).toContain("Hello dry, the token is ***");
    expect(JSON.stringify(result)).not.toContain(SECRET);

    for (const bad of ["../outside.txt", "/etc/passwd", "a/../../b.txt"]) {
      const refused = await post("/dry-run", { template: dryTemplate, values: { name: "dry" }, directoryContents: [{ path: bad, base64Content: "" }] });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.name).toBe("InputError");
    }
    const invalid = await post("/dry-run", { template: dryTemplate, values: { name: "No!" }, directoryContents: [] });
    expect(invalid.status).toBe(400);
  });
});
