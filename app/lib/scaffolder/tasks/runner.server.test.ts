import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INTERNAL_CREDENTIALS, userCredentials } from "~/lib/auth/credentials";
import { createPermissionService } from "~/lib/permission/permission-service.server";
import { parsePermissionConfig } from "~/lib/permission/policy-config";
import { createActionRegistry } from "../actions/registry.server";
import type { TemplateAction } from "../actions/types";
import { createScaffolderTemplater } from "../templating/index.server";
import { createWorkflowRunner, TaskCancelledError, type LogBody, type WorkflowTask } from "./runner.server";
import type { TaskState } from "./store.server";
import type { TaskSpec, TaskStep } from "./types";

// The workflow runner with the real templater and registry, and actions
// defined here: what a template author sees in the log and the output.

const ALLOW_ALL = createPermissionService(parsePermissionConfig({ enabled: false }));

/** Test actions: echo outputs its input; wait waits for its signal; fail fails; count counts its runs. */
function testActions(runs: Record<string, number> = {}) {
  const echo: TemplateAction = {
    id: "test:echo",
    schema: { input: { type: "object", properties: { message: { type: "string" } } } },
    async handler(ctx) {
      runs[`echo:${String(ctx.input.message ?? "")}`] = (runs[`echo:${String(ctx.input.message ?? "")}`] ?? 0) + 1;
      ctx.logger.info(`echo ${JSON.stringify(ctx.input)}`);
      for (const [key, value] of Object.entries(ctx.input)) ctx.output(key, value);
    },
  };
  const wait: TemplateAction = {
    id: "test:wait",
    async handler(ctx) {
      await new Promise<void>((resolve, reject) => {
        ctx.signal.addEventListener("abort", () => {
          runs.aborted = (runs.aborted ?? 0) + 1;
          reject(ctx.signal.reason);
        });
        if (ctx.input.ms) setTimeout(resolve, Number(ctx.input.ms));
      });
    },
  };
  const stubborn: TemplateAction = {
    id: "test:stubborn",
    // Ignores its signal: the runner must not wait for it.
    handler: () => new Promise((resolve) => setTimeout(resolve, 5000)),
  };
  const fail: TemplateAction = {
    id: "test:fail",
    async handler(ctx) {
      throw new Error(`failed with ${String(ctx.input.detail)}`);
    },
  };
  const checkpointed: TemplateAction = {
    id: "test:checkpoint",
    async handler(ctx) {
      const value = await ctx.checkpoint({
        key: "create",
        fn: () => {
          runs.checkpointFn = (runs.checkpointFn ?? 0) + 1;
          return `made-${runs.checkpointFn}`;
        },
      });
      ctx.output("value", value as string);
    },
  };
  const typed: TemplateAction = {
    id: "test:typed",
    schema: { input: { type: "object", required: ["count"], properties: { count: { type: "number" } } } },
    async handler() {},
  };
  return createActionRegistry([echo, wait, stubborn, fail, checkpointed, typed]);
}

const spec = (steps: TaskStep[], extra: Partial<TaskSpec> = {}): TaskSpec => ({
  apiVersion: "scaffolder.backstage.io/v1beta3",
  parameters: { name: "payments", tags: ["a", "b"], enabled: false },
  steps,
  output: {},
  user: { ref: "user:default/ada", entity: { metadata: { name: "ada" } } },
  ...extra,
});

describe("the workflow runner", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "atrium-runner-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function setup(options: { runs?: Record<string, number>; taskTimeoutMs?: number; permissions?: ReturnType<typeof createPermissionService> } = {}) {
    const runner = createWorkflowRunner({
      actions: testActions(options.runs),
      templater: createScaffolderTemplater(),
      permissions: options.permissions ?? ALLOW_ALL,
      taskTimeoutMs: options.taskTimeoutMs,
    });
    const log: LogBody[] = [];
    const saved: TaskState[] = [];
    const controller = new AbortController();
    const task = (taskSpec: TaskSpec, extra: Partial<WorkflowTask> = {}): WorkflowTask => ({
      id: "task-1",
      spec: taskSpec,
      state: {},
      credentials: INTERNAL_CREDENTIALS,
      signal: controller.signal,
      workspace: { path: dir, createTemporaryDirectory: () => mkdtemp(path.join(dir, "tmp-")) },
      emitLog: async (body) => {
        log.push(body);
      },
      saveState: async (state) => {
        saved.push(structuredClone(state));
      },
      ...extra,
    });
    return { runner, log, saved, controller, task };
  }

  it("renders each step's input from parameters, earlier outputs, the user, secrets and the context, then the output without secrets", async () => {
    const { runner, log, task } = setup();
    const result = await runner.execute(
      task(
        spec(
          [
            { id: "first", name: "First", action: "test:echo", input: { message: "hello ${{ parameters.name }}", tags: "${{ parameters.tags }}" } },
            {
              id: "second",
              name: "Second",
              action: "test:echo",
              input: { message: "${{ steps.first.output.message }}", user: "${{ user.ref }}", who: "${{ user.entity.metadata.name }}", task: "${{ context.task.id }}", token: "${{ secrets.token }}" },
            },
          ],
          {
            output: {
              links: [{ title: "Repository", url: "https://example.test/${{ parameters.name }}" }],
              text: [{ title: "Token", content: "${{ secrets.token }}" }],
              tags: "${{ steps.first.output.tags }}",
            },
          },
        ),
        { secrets: { token: "tok-123" } },
      ),
    );
    expect(result.output).toEqual({ links: [{ title: "Repository", url: "https://example.test/payments" }], text: [{ title: "Token" }], tags: ["a", "b"] });
    expect(log.map((line) => line.message)).toEqual([
      "Starting up task with 2 steps",
      "Beginning step First",
      'echo {"message":"hello payments","tags":["a","b"]}',
      "Finished step First",
      "Beginning step Second",
      'echo {"message":"hello payments","user":"user:default/ada","who":"ada","task":"task-1","token":"***"}',
      "Finished step Second",
    ]);
    expect(log[2]).toEqual({ message: 'echo {"message":"hello payments","tags":["a","b"]}', stepId: "first" });
    expect(log[1]).toEqual({ message: "Beginning step First", stepId: "first", status: "processing" });
  });

  it("skips a step whose if is false and runs one per item with each, collecting its outputs", async () => {
    const { runner, log, task } = setup();
    const result = await runner.execute(
      task(
        spec(
          [
            { id: "never", name: "Never", action: "test:fail", if: "${{ parameters.enabled }}" },
            { id: "empty", name: "Empty", action: "test:fail", if: "${{ [] }}" },
            { id: "tags", name: "Tags", action: "test:echo", each: "${{ parameters.tags }}", input: { message: "tag ${{ each.value }} at ${{ each.key }}" } },
          ],
          { output: { messages: "${{ steps.tags.output.message }}" } },
        ),
      ),
    );
    expect(log.filter((line) => line.status === "skipped").map((line) => line.message)).toEqual([
      "Skipping step never because its if condition was false",
      "Skipping step empty because its if condition was false",
    ]);
    expect(log.filter((line) => line.message.startsWith("Running step each")).map((line) => line.message)).toEqual([
      'Running step each: {"key":"0","value":"a"}',
      'Running step each: {"key":"1","value":"b"}',
    ]);
    expect(result.output).toEqual({ messages: ["tag a at 0", "tag b at 1"] });
  });

  it("fails a step whose input does not match the action's schema, or whose action is not registered, with Backstage's messages", async () => {
    const { runner, log, task } = setup();
    await expect(runner.execute(task(spec([{ id: "typed", name: "Typed", action: "test:typed", input: { count: "many" } }])))).rejects.toThrow(
      "Invalid input passed to action test:typed, instance.count is not of a type(s) number",
    );
    expect(log.at(-1)).toEqual({ message: "InputError: Invalid input passed to action test:typed, instance.count is not of a type(s) number", stepId: "typed", status: "failed" });
    await expect(runner.execute(task(spec([{ id: "missing", name: "Missing", action: "test:nope" }])))).rejects.toThrow("Template action with ID 'test:nope' is not registered.");
  });

  it("masks the secrets' values in every log line and failure, however they got there", async () => {
    const { runner, log, task } = setup();
    await expect(
      runner.execute(
        task(
          spec([
            { id: "echo", name: "Echo", action: "test:echo", input: { message: "${{ secrets.token }} and ${{ secrets.quote }}" } },
            { id: "fail", name: "Fail", action: "test:fail", input: { detail: "${{ secrets.token }}" } },
          ]),
          { secrets: { token: "ghp_supersecret", quote: 'with "quotes"' } },
        ),
      ),
    ).rejects.toThrow();
    const text = JSON.stringify(log);
    expect(text).not.toContain("ghp_supersecret");
    expect(text).not.toContain("quotes");
    expect(log.map((line) => line.message)).toContain("Error: failed with ***");
    expect(log.map((line) => line.message)).toContain('echo {"message":"*** and ***"}');
  });

  it("aborts the running action when the task is cancelled", async () => {
    const runs: Record<string, number> = {};
    const { runner, log, task, controller } = setup({ runs });
    const running = runner.execute(task(spec([{ id: "wait", name: "Wait", action: "test:wait" }])));
    setTimeout(() => controller.abort(new TaskCancelledError("The task was cancelled")), 50);
    await expect(running).rejects.toBeInstanceOf(TaskCancelledError);
    expect(runs.aborted).toBe(1);
    expect(log.at(-1)).toEqual({ message: "Step wait has been cancelled.", stepId: "wait", status: "cancelled" });
  });

  it("stops a task that runs past its time limit, even when its action ignores the signal, and a step past its own", async () => {
    const { runner, log, task } = setup({ taskTimeoutMs: 200 });
    const started = Date.now();
    await expect(runner.execute(task(spec([{ id: "stuck", name: "Stuck", action: "test:stubborn" }])))).rejects.toThrow("The task ran past its time limit of 200 ms and was stopped");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(log.at(-1)).toMatchObject({ stepId: "stuck", status: "failed" });

    const slow = setup();
    await expect(slow.runner.execute(slow.task(spec([{ id: "slow", name: "Slow", action: "test:wait", timeout: "PT0.1S", input: {} }])))).rejects.toThrow("Step Slow timed out after 100 ms");
  });

  it("on a retry, keeps the outputs of the steps that finished and reuses checkpoints, running only what is left", async () => {
    const runs: Record<string, number> = {};
    const { runner, log, saved, task } = setup({ runs });
    const steps: TaskStep[] = [
      { id: "made", name: "Made", action: "test:checkpoint" },
      { id: "one", name: "One", action: "test:echo", input: { message: "one" } },
      { id: "two", name: "Two", action: "test:fail", if: "${{ parameters.name == 'payments' }}", input: { detail: "${{ steps.one.output.message }}" } },
    ];
    await expect(runner.execute(task(spec(steps)))).rejects.toThrow("failed with one");
    const state = saved.at(-1)!;
    expect(state.steps).toEqual({ made: { output: { value: "made-1" } }, one: { output: { message: "one" } } });

    // The retry: step two no longer fails (the user fixed what it needed), the others are not run again.
    log.length = 0;
    const retried = await runner.execute(task(spec(steps, { parameters: { name: "fixed" }, output: { value: "${{ steps.made.output.value }}", one: "${{ steps.one.output.message }}" } }), { state }));
    expect(retried.output).toEqual({ value: "made-1", one: "one" });
    expect(runs).toMatchObject({ "echo:one": 1, checkpointFn: 1 });
    expect(log.filter((line) => line.status === "completed").map((line) => line.message)).toEqual([
      "Keeping the output of step Made, which finished before the retry",
      "Keeping the output of step One, which finished before the retry",
    ]);

    // Started over (the steps' outputs dropped), a checkpoint still answers what it answered before.
    const again = await runner.execute(task(spec([steps[0]], { output: { value: "${{ steps.made.output.value }}" } }), { state: { checkpoints: state.checkpoints } }));
    expect(again.output).toEqual({ value: "made-1" });
    expect(runs.checkpointFn).toBe(1);
  });

  it("runs an action only where scaffolder.action.execute allows it, for that input", async () => {
    const permissions = createPermissionService(
      parsePermissionConfig({
        enabled: true,
        policy: {
          roles: [
            {
              name: "users",
              members: ["user:default/ada"],
              permissions: [{ permission: "scaffolder.action.execute", conditions: { rule: "HAS_STRING_PROPERTY", params: { key: "message", value: "allowed" } } }],
            },
          ],
        },
      }),
    );
    const { runner, task } = setup({ permissions });
    const ada = userCredentials({ userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada"], provider: "oidc" });
    await expect(runner.execute(task(spec([{ id: "ok", name: "Ok", action: "test:echo", input: { message: "allowed" } }]), { credentials: ada }))).resolves.toBeDefined();
    await expect(runner.execute(task(spec([{ id: "no", name: "No", action: "test:echo", input: { message: "other" } }]), { credentials: ada }))).rejects.toThrow("Unauthorized");
  });

  it("refuses a spec that is not v1beta3", async () => {
    const { runner, task } = setup();
    await expect(runner.execute(task({ ...spec([]), apiVersion: "backstage.io/v1beta2" as never }))).rejects.toThrow("Wrong template version executed with the workflow engine");
  });
});
