import { mkdir, readFile, writeFile } from "node:fs/promises";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { INTERNAL_CREDENTIALS, userCredentials } from "~/lib/auth/credentials";
import { createPermissionService } from "~/lib/permission/permission-service.server";
import { parsePermissionConfig } from "~/lib/permission/policy-config";
import { createScheduler, type Scheduler } from "~/lib/scheduler/scheduler.server";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { createActionRegistry } from "./actions/registry.server";
import type { JsonObject, TemplateAction } from "./actions/types";
import { createTaskWorkspaces } from "./actions/workspace.server";
import { createScaffolder } from "./scaffolder.server";
import { createScaffolderTemplater } from "./templating/index.server";
import type { SerializedTaskEvent, TaskSpec, TaskStep } from "./tasks/types";
import { ENDED_WORKSPACE_RETENTION_MS } from "./tasks/worker.server";

// The scaffolder service with its workers on the real scheduler, on both
// engines: tasks run to their completion event, are cancelled, retried from
// the failed step, restarted or failed when their worker dies; a dry-run
// works in a temporary directory and refuses paths that would leave it.

const call = { credentials: INTERNAL_CREDENTIALS };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

const spec = (steps: TaskStep[], extra: Partial<TaskSpec> = {}): TaskSpec => ({
  apiVersion: "scaffolder.backstage.io/v1beta3",
  parameters: { name: "demo" },
  steps,
  output: {},
  templateInfo: { entityRef: "template:default/demo" },
  ...extra,
});

describe.each(TEST_ENGINES)("the scaffolder service on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function setup(options: { start?: boolean; permission?: unknown; pollMs?: number } = {}) {
    const workingDirectory = mkdtempSync(path.join(tmpdir(), "atrium-scaffolder-test-"));
    cleanups.push(() => rmSync(workingDirectory, { recursive: true, force: true }));
    const flags = { failTwo: true, aborted: 0, ran: {} as Record<string, number> };
    const actions: TemplateAction[] = [
      {
        id: "test:write",
        supportsDryRun: true,
        async handler(ctx) {
          flags.ran[ctx.input.file as string] = (flags.ran[ctx.input.file as string] ?? 0) + 1;
          await writeFile(path.join(ctx.workspacePath, ctx.input.file as string), String(ctx.input.content));
          ctx.logger.info(`wrote ${String(ctx.input.file)}`);
          ctx.output("file", ctx.input.file as string);
        },
      },
      {
        id: "test:flaky",
        supportsDryRun: true,
        async handler(ctx) {
          // The file the first step wrote is still there on a retry: the workspace is kept.
          const content = await readFile(path.join(ctx.workspacePath, "one.txt"), "utf8");
          if (flags.failTwo) throw new Error("the remote is down");
          ctx.output("read", content);
        },
      },
      {
        id: "test:wait",
        async handler(ctx) {
          await new Promise<void>((_, reject) =>
            ctx.signal.addEventListener("abort", () => {
              flags.aborted++;
              reject(ctx.signal.reason);
            }),
          );
        },
      },
    ];
    const scheduler: Scheduler = createScheduler({ db: database.db, logger: pino({ level: "silent" }) });
    const scaffolder = createScaffolder({
      db: database.db,
      logger: pino({ level: "silent" }),
      permissions: createPermissionService(parsePermissionConfig(options.permission ?? { enabled: false })),
      catalog: {
        entityByName: () => Promise.reject(new Error("templates come from the catalog only in createTask, tested through HTTP")),
        entityByRef: async () => undefined,
      },
      actions: createActionRegistry(actions),
      templater: createScaffolderTemplater(),
      workspaces: createTaskWorkspaces({ workingDirectory }),
      scheduler: scheduler.forPlugin("scaffolder"),
      timings: { heartbeatMs: 50, staleMs: 400, staleCheckMs: 100, ...(options.pollMs ? { pollMs: options.pollMs } : {}) },
    });
    if (options.start !== false) {
      scheduler.start();
      cleanups.push(() => scheduler.stop());
    }
    const workspaceOf = (taskId: string) => path.join(workingDirectory, "atrium-scaffolder", taskId);
    return { scaffolder, flags, scheduler, workspaceOf, store: scaffolder.internals.store };
  }

  async function collect(iterable: AsyncIterable<SerializedTaskEvent>) {
    const events: SerializedTaskEvent[] = [];
    for await (const event of iterable) events.push(event);
    return events;
  }

  it("runs a task to its completion event, streaming its log as it happens, and removes its workspace", async () => {
    // The workers poll only once a minute here: a start within seconds is the wake-up's doing.
    const { scaffolder, store, workspaceOf } = setup({ pollMs: 60_000 });
    const created = Date.now();
    const { taskId } = await store.createTask({
      spec: spec([{ id: "one", name: "One", action: "test:write", input: { file: "one.txt", content: "${{ parameters.name }}" } }], {
        output: { text: [{ title: "File", content: "${{ steps.one.output.file }}" }] },
      }),
    });
    scaffolder.internals.workers.wake();
    const events = await collect(await scaffolder.subscribe(taskId, { signal: AbortSignal.timeout(10_000) }, call));
    expect(Date.parse(events[0].createdAt) - created).toBeLessThan(10_000);
    expect(events.map((event) => [event.type, event.body.message])).toEqual([
      ["log", "Starting up task with 1 steps"],
      ["log", "Beginning step One"],
      ["log", "wrote one.txt"],
      ["log", "Finished step One"],
      ["completion", "Run completed with status: completed"],
    ]);
    expect(events.at(-1)?.body.output).toEqual({ text: [{ title: "File", content: "one.txt" }] });
    expect((await scaffolder.getTask(taskId, call)).status).toBe("completed");
    expect(existsSync(workspaceOf(taskId))).toBe(false);
    // Polling after the last log line answers the completion.
    const after = await scaffolder.listEvents(taskId, { after: events[3].id }, call);
    expect(after.map((event) => event.type)).toEqual(["completion"]);
  });

  it("cancels a running task by aborting its action, and an open one at once", async () => {
    const { scaffolder, store, flags } = setup();
    const { taskId } = await store.createTask({ spec: spec([{ id: "wait", name: "Wait", action: "test:wait" }]) });
    scaffolder.internals.workers.wake();
    await until(async () => (await store.getTask(taskId))?.status === "processing" && (await store.listEvents(taskId)).some((event) => event.body.status === "processing"));
    expect(await scaffolder.cancelTask(taskId, call)).toEqual({ status: "cancelled" });
    await until(async () => (await store.getTask(taskId))?.status === "cancelled");
    expect(flags.aborted).toBe(1);
    const events = await scaffolder.listEvents(taskId, {}, call);
    expect(events.map((event) => [event.type, event.body.message])).toEqual([
      ["log", "Starting up task with 1 steps"],
      ["log", "Beginning step Wait"],
      ["cancelled", "Step wait has been cancelled."],
      ["log", "Step wait has been cancelled."],
      ["completion", "Run completed with status: cancelled"],
    ]);
    // Cancelling again changes nothing.
    expect(await scaffolder.cancelTask(taskId, call)).toEqual({ status: "cancelled" });
  });

  it("cancels an open task before any worker takes it", async () => {
    const { scaffolder, store } = setup({ start: false });
    const { taskId } = await store.createTask({ spec: spec([{ id: "wait", name: "Wait", action: "test:wait" }]) });
    expect(await scaffolder.cancelTask(taskId, call)).toEqual({ status: "cancelled" });
    expect((await scaffolder.listEvents(taskId, {}, call)).map((event) => event.type)).toEqual(["completion"]);
    expect(await store.claimTask()).toBeUndefined();
  });

  it("retries a failed task from its failed step, in the workspace the first attempt left", async () => {
    const { scaffolder, store, flags, workspaceOf } = setup();
    const steps: TaskStep[] = [
      { id: "one", name: "One", action: "test:write", input: { file: "one.txt", content: "first" } },
      { id: "two", name: "Two", action: "test:flaky" },
    ];
    const { taskId } = await store.createTask({ spec: spec(steps, { output: { read: "${{ steps.two.output.read }}", file: "${{ steps.one.output.file }}" } }) });
    scaffolder.internals.workers.wake();
    const first = await collect(await scaffolder.subscribe(taskId, { signal: AbortSignal.timeout(10_000) }, call));
    expect(first.at(-1)?.body).toEqual({ message: "Run completed with status: failed", error: { name: "Error", message: "the remote is down" } });
    expect(existsSync(workspaceOf(taskId))).toBe(true);
    await expect(scaffolder.retryTask(taskId, {}, { credentials: INTERNAL_CREDENTIALS })).resolves.toEqual({ id: taskId });
    await expect(scaffolder.retryTask(taskId, {}, call)).rejects.toThrow(/only a failed or cancelled task can be retried/);
    flags.failTwo = false;
    const second = await collect(await scaffolder.subscribe(taskId, { after: first.at(-1)!.id, signal: AbortSignal.timeout(10_000) }, call));
    expect(second.at(-1)?.body).toEqual({ message: "Run completed with status: completed", output: { read: "first", file: "one.txt" } });
    expect(flags.ran["one.txt"]).toBe(1);
    expect(second.filter((event) => event.type === "log").map((event) => event.body.message)).toContain("Keeping the output of step One, which finished before the retry");
    await expect(scaffolder.retryTask(taskId, {}, call)).rejects.toThrow("is completed; only a failed or cancelled task can be retried");
  });

  it("keeps a failed task's workspace for a week for a retry, then sweeps it; a retry after that runs every step again", async () => {
    const { scaffolder, store, flags, workspaceOf } = setup();
    const steps: TaskStep[] = [
      { id: "one", name: "One", action: "test:write", input: { file: "one.txt", content: "first" } },
      { id: "two", name: "Two", action: "test:flaky" },
    ];
    const { taskId } = await store.createTask({ spec: spec(steps) });
    scaffolder.internals.workers.wake();
    const first = await collect(await scaffolder.subscribe(taskId, { signal: AbortSignal.timeout(10_000) }, call));
    // A directory no task owns any more goes at once; the failed task's stays within the retention.
    const stray = workspaceOf("00000000-0000-4000-8000-000000000000");
    await mkdir(stray, { recursive: true });
    const { sweepWorkspaces } = scaffolder.internals.workers;
    expect(await sweepWorkspaces()).toEqual(["00000000-0000-4000-8000-000000000000"]);
    expect(existsSync(workspaceOf(taskId))).toBe(true);
    expect(await sweepWorkspaces(Date.now() + ENDED_WORKSPACE_RETENTION_MS + 1000)).toEqual([taskId]);
    expect(existsSync(workspaceOf(taskId))).toBe(false);

    flags.failTwo = false;
    await scaffolder.retryTask(taskId, {}, call);
    const retried = await collect(await scaffolder.subscribe(taskId, { after: first.at(-1)!.id, signal: AbortSignal.timeout(10_000) }, call));
    expect(retried.at(-1)?.body.message).toBe("Run completed with status: completed");
    expect(retried.map((event) => event.body.message)).toContain("The workspace of the earlier attempt is gone; every step runs again");
    expect(flags.ran["one.txt"]).toBe(2);
  });

  it("fails a task whose worker died, and runs a recoverable one again from the start", async () => {
    const { scaffolder, store } = setup({ start: false });
    const dead = await store.createTask({ spec: spec([{ id: "one", name: "One", action: "test:write", input: { file: "a.txt", content: "a" } }]) });
    const recoverable = await store.createTask({
      spec: spec([{ id: "one", name: "One", action: "test:write", input: { file: "b.txt", content: "b" } }], { EXPERIMENTAL_recovery: { EXPERIMENTAL_strategy: "startOver" } }),
    });
    // A worker claims both, then dies: nobody beats their heartbeats any more.
    await store.claimTask();
    await store.claimTask();
    await store.emitEvent(dead.taskId, "log", { message: "Beginning step One", stepId: "one", status: "processing" });
    await sleep(500);
    await scaffolder.internals.workers.settleStale();
    expect((await store.getTask(dead.taskId))?.status).toBe("failed");
    expect((await store.getTask(recoverable.taskId))?.status).toBe("open");
    const events = await scaffolder.listEvents(recoverable.taskId, {}, call);
    expect(events.map((event) => event.type)).toEqual(["recovered"]);
    // A restarted worker takes the recoverable task and finishes it.
    const controller = new AbortController();
    const work = scaffolder.internals.workers.work(controller.signal);
    await until(async () => (await store.getTask(recoverable.taskId))?.status === "completed");
    controller.abort();
    await work;
    // Its stream stays open after a completion: a recoverable task may start again.
    const streamed = await collect(await scaffolder.subscribe(recoverable.taskId, { signal: AbortSignal.timeout(1500) }, call));
    expect(streamed.at(-1)).toMatchObject({ type: "completion", isTaskRecoverable: true });
  });

  it("answers a task the caller may not read as not found", async () => {
    const owners = { name: "owners", members: ["*"], permissions: [{ permission: "scaffolder.task.read", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: ["$userEntityRef"] } } }] };
    const { scaffolder, store } = setup({ start: false, permission: { enabled: true, policy: { roles: [owners] } } });
    const { taskId } = await store.createTask({ spec: spec([]), createdBy: "user:default/ada" });
    const user = (name: string) => ({ credentials: userCredentials({ userEntityRef: `user:default/${name}`, ownershipEntityRefs: [`user:default/${name}`], provider: "oidc" }) });
    await expect(scaffolder.getTask(taskId, user("bob"))).rejects.toThrow(`No task with id '${taskId}' found`);
    await expect(scaffolder.listEvents(taskId, {}, user("bob"))).rejects.toThrow(`No task with id '${taskId}' found`);
    await expect(scaffolder.getTask(taskId, user("ada"))).resolves.toMatchObject({ id: taskId, createdBy: "user:default/ada" });
    expect(await scaffolder.listTasks({}, user("bob"))).toEqual({ tasks: [], totalTasks: 0 });
    expect((await scaffolder.listTasks({}, user("ada"))).totalTasks).toBe(1);
    await expect(scaffolder.getTask("no-such-task", call)).rejects.toThrow("No task with id 'no-such-task' found");
  });

  it("dry-runs a template in a temporary directory seeded with the request's files, and refuses paths that leave it", async () => {
    const { scaffolder } = setup({ start: false });
    const template: JsonObject = {
      apiVersion: "scaffolder.backstage.io/v1beta3",
      kind: "Template",
      metadata: { name: "dry" },
      spec: {
        parameters: [{ type: "object", required: ["name"], properties: { name: { type: "string" } } }],
        steps: [
          { id: "write", name: "Write", action: "test:write", input: { file: "out.txt", content: "hello ${{ parameters.name }}" } },
          { id: "wait", name: "Wait", action: "test:wait" },
        ],
        output: { text: [{ title: "File", content: "${{ steps.write.output.file }}" }] },
      },
    };
    const seed = [{ path: "skeleton/README.md", base64Content: Buffer.from("# seed").toString("base64") }];
    const result = await scaffolder.dryRun({ template, values: { name: "world" }, secrets: {}, directoryContents: seed }, call);
    expect(result.directoryContents.map((file) => [file.path, Buffer.from(file.base64Content, "base64").toString()])).toEqual([
      ["out.txt", "hello world"],
      ["skeleton/README.md", "# seed"],
    ]);
    expect(result.output).toEqual({ text: [{ title: "File", content: "out.txt" }] });
    expect(result.steps).toEqual([
      { id: "write", name: "Write", action: "test:write" },
      { id: "wait", name: "Wait", action: "test:wait" },
    ]);
    expect(result.log.map((line) => line.body.message)).toContain("Skipping because test:wait does not support dry-run");

    await expect(scaffolder.dryRun({ template, values: {}, directoryContents: [] }, call)).rejects.toThrow("must have required property 'name'");
    for (const bad of ["../escape.txt", "/etc/passwd", "a/../../b", "C:\\windows", "..\\..\\b"]) {
      await expect(scaffolder.dryRun({ template, values: { name: "x" }, directoryContents: [{ path: bad, base64Content: "" }] }, call)).rejects.toMatchObject({ name: "InputError" });
    }
    const link = { path: "skeleton/link", base64Content: Buffer.from("../../../etc").toString("base64"), symlink: true };
    await expect(scaffolder.dryRun({ template, values: { name: "x" }, directoryContents: [link] }, call)).rejects.toThrow("points outside the target directory");
  });
});
