import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../../tests/support/databases";
import { createTaskStore, STALE_TASK_MESSAGE } from "./store.server";
import type { TaskSpec } from "./types";

// The task store on both engines: what a worker claims, what the API lists,
// how a task ends once, what happens to a task whose worker stopped beating,
// and that secrets leave the row when they are no longer needed.

const spec = (extra: Partial<TaskSpec> = {}): TaskSpec => ({
  apiVersion: "scaffolder.backstage.io/v1beta3",
  parameters: { name: "demo" },
  steps: [{ id: "log", name: "Log", action: "debug:log" }],
  output: {},
  ...extra,
});

describe.each(TEST_ENGINES)("the scaffolder task store on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("creates open tasks that workers claim once each, oldest first, even when they race", async () => {
    let clock = 1000;
    const store = createTaskStore(database.db, () => clock++);
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) ids.push((await store.createTask({ spec: spec(), createdBy: "user:default/ada" })).taskId);
    const first = await store.claimTask();
    expect(first?.id).toBe(ids[0]);
    expect(first?.status).toBe("processing");
    // Five workers race for the five that are left: each task goes to exactly one.
    const claims = await Promise.all(Array.from({ length: 8 }, () => store.claimTask()));
    const claimed = claims.flatMap((task) => (task ? [task.id] : []));
    expect(claimed.sort()).toEqual(ids.slice(1).sort());
    expect(await store.claimTask()).toBeUndefined();
    expect((await store.getTask(ids[3]))?.lastHeartbeatAt).toBeDefined();
  });

  it("keeps a recoverable task's secrets while it runs and drops them when it ends; another task's at its claim", async () => {
    const store = createTaskStore(database.db);
    const plain = await store.createTask({ spec: spec(), secrets: { token: "s3cret" } });
    const recoverable = await store.createTask({ spec: spec({ EXPERIMENTAL_recovery: { EXPERIMENTAL_strategy: "startOver" } }), secrets: { token: "s3cret" } });
    const claimedPlain = await store.claimTask();
    const claimedRecoverable = await store.claimTask();
    // The worker gets them with its claim...
    expect(claimedPlain?.secrets).toEqual({ token: "s3cret" });
    expect(claimedRecoverable?.secrets).toEqual({ token: "s3cret" });
    // ...but only the recoverable task keeps them in the row for a restart.
    expect((await store.getTask(plain.taskId))?.secrets).toBeUndefined();
    expect((await store.getTask(recoverable.taskId))?.secrets).toEqual({ token: "s3cret" });
    await store.completeTask(recoverable.taskId, "completed", { message: "Run completed with status: completed", output: {} });
    expect((await store.getTask(recoverable.taskId))?.secrets).toBeUndefined();
    const rows = await database.db.selectFrom("scaffolder_tasks").select("secrets").execute();
    expect(rows.every((row) => row.secrets === null)).toBe(true);
  });

  it("ends a task once with a completion event; a late completion changes nothing", async () => {
    const store = createTaskStore(database.db);
    const { taskId } = await store.createTask({ spec: spec() });
    await store.claimTask();
    await store.emitEvent(taskId, "log", { message: "Beginning step Log", stepId: "log", status: "processing" });
    expect(await store.completeTask(taskId, "completed", { message: "Run completed with status: completed", output: { a: 1 } })).toMatchObject({ type: "completion" });
    expect(await store.completeTask(taskId, "failed", { message: "late" })).toBeUndefined();
    expect(await store.completeTask(taskId, "cancelled", { message: "late" })).toBeUndefined();
    expect((await store.getTask(taskId))?.status).toBe("completed");
    const events = await store.listEvents(taskId);
    expect(events.map((event) => event.type)).toEqual(["log", "completion"]);
    expect(events[1].body).toEqual({ message: "Run completed with status: completed", output: { a: 1 } });
    // Polling after the last event still answers the completion (Backstage's listEvents), and nothing else.
    expect((await store.listEvents(taskId, events[1].id)).map((event) => event.type)).toEqual(["completion"]);
    expect((await store.listEvents(taskId, events[0].id)).map((event) => event.id)).toEqual([events[1].id]);
  });

  it("cancels an open task at once; a cancellation of a running one is an event its worker sees", async () => {
    const store = createTaskStore(database.db);
    const open = await store.createTask({ spec: spec() });
    expect(await store.completeTask(open.taskId, "cancelled", { message: "Run completed with status: cancelled" })).toBeDefined();
    expect((await store.getTask(open.taskId))?.status).toBe("cancelled");
    expect(await store.claimTask()).toBeUndefined();

    const running = await store.createTask({ spec: spec() });
    await store.claimTask();
    expect(await store.cancellationRequested(running.taskId)).toBe(false);
    await store.emitEvent(running.taskId, "cancelled", { message: "Step log has been cancelled.", stepId: "log", status: "cancelled" });
    expect(await store.cancellationRequested(running.taskId)).toBe(true);
    await store.completeTask(running.taskId, "cancelled", { message: "Run completed with status: cancelled" });
    // A retry begins a new attempt: the old cancellation no longer counts.
    expect(await store.retryTask(running.taskId, { token: "fresh" })).toBe(true);
    expect(await store.cancellationRequested(running.taskId)).toBe(false);
    const retried = await store.claimTask();
    expect(retried?.id).toBe(running.taskId);
    expect(retried?.secrets).toEqual({ token: "fresh" });
  });

  it("retries only a failed or cancelled task, keeping its state and its earlier events", async () => {
    const store = createTaskStore(database.db);
    const { taskId } = await store.createTask({ spec: spec() });
    expect(await store.retryTask(taskId)).toBe(false);
    await store.claimTask();
    await store.saveState(taskId, { steps: { one: { output: { x: 1 } } }, checkpoints: { "v1.task.checkpoint.one.k": { status: "success", value: 2 } } });
    await store.emitEvent(taskId, "log", { message: "Beginning step One", stepId: "one", status: "processing" });
    await store.completeTask(taskId, "failed", { message: "Run completed with status: failed", error: { name: "Error", message: "boom" } });
    expect(await store.retryTask(taskId)).toBe(true);
    const task = await store.getTask(taskId);
    expect(task?.status).toBe("open");
    expect(task?.state).toEqual({ steps: { one: { output: { x: 1 } } }, checkpoints: { "v1.task.checkpoint.one.k": { status: "success", value: 2 } } });
    expect((await store.listEvents(taskId)).map((event) => event.type)).toEqual(["log", "completion", "recovered"]);
  });

  it("fails a task whose worker stopped beating, its unfinished step too, with Backstage's message", async () => {
    let clock = 10_000;
    const store = createTaskStore(database.db, () => clock);
    const { taskId } = await store.createTask({ spec: spec() });
    clock = 10_001;
    const alive = await store.createTask({ spec: spec() });
    expect((await store.claimTask())?.id).toBe(taskId);
    await store.emitEvent(taskId, "log", { message: "Beginning step Log", stepId: "log", status: "processing" });
    clock = 50_000;
    await store.claimTask();
    expect(await store.settleStaleTasks(20_000)).toEqual({ recovered: [], failed: [taskId] });
    expect((await store.getTask(taskId))?.status).toBe("failed");
    expect((await store.getTask(alive.taskId))?.status).toBe("processing");
    const events = await store.listEvents(taskId);
    expect(events.slice(1).map(({ type, body }) => ({ type, body }))).toEqual([
      { type: "log", body: { message: STALE_TASK_MESSAGE, stepId: "log", status: "failed" } },
      { type: "completion", body: { message: STALE_TASK_MESSAGE, error: { name: "Error", message: STALE_TASK_MESSAGE } } },
    ]);
    // A heartbeat of the dead worker, should it come back, cannot revive it.
    expect(await store.heartbeat(taskId)).toBe(false);
    expect(await store.settleStaleTasks(60_000)).toEqual({ recovered: [], failed: [alive.taskId] });
  });

  it("opens a recoverable task again (startOver), checkpoints kept and step outputs dropped; its events start after the recovery", async () => {
    let clock = 10_000;
    const store = createTaskStore(database.db, () => clock);
    const { taskId } = await store.createTask({ spec: spec({ EXPERIMENTAL_recovery: { EXPERIMENTAL_strategy: "startOver" } }), secrets: { token: "keep" } });
    await store.claimTask();
    await store.saveState(taskId, { steps: { log: { output: {} } }, checkpoints: { "v1.task.checkpoint.log.k": { status: "success", value: "v" } } });
    await store.emitEvent(taskId, "log", { message: "Beginning step Log", stepId: "log", status: "processing" });
    clock = 60_000;
    expect(await store.settleStaleTasks(30_000)).toEqual({ recovered: [taskId], failed: [] });
    const task = await store.getTask(taskId);
    expect(task?.status).toBe("open");
    expect(task?.state).toEqual({ checkpoints: { "v1.task.checkpoint.log.k": { status: "success", value: "v" } } });
    const events = await store.listEvents(taskId);
    expect(events.map(({ type, body }) => ({ type, body }))).toEqual([{ type: "recovered", body: { recoverStrategy: "startOver" } }]);
    expect((await store.claimTask())?.secrets).toEqual({ token: "keep" });
  });

  it("lists tasks as GET /v2/tasks does: filters, order, pages and the total", async () => {
    let clock = 1000;
    const store = createTaskStore(database.db, () => (clock += 10));
    const ada = [];
    for (let index = 0; index < 3; index++) ada.push((await store.createTask({ spec: spec(), createdBy: "user:default/ada" })).taskId);
    const bob = (await store.createTask({ spec: spec(), createdBy: "user:default/bob" })).taskId;
    await store.claimTask();
    const all = await store.listTasks({});
    expect(all.totalTasks).toBe(4);
    expect(all.tasks.map((task) => task.id)).toEqual([bob, ada[2], ada[1], ada[0]]);
    const page = await store.listTasks({ createdBy: "user:default/ada", limit: 2, offset: 1, order: [{ field: "createdAt", order: "asc" }] });
    expect(page).toMatchObject({ totalTasks: 3 });
    expect(page.tasks.map((task) => task.id)).toEqual([ada[1], ada[2]]);
    const offsetOnly = await store.listTasks({ offset: 3 });
    expect(offsetOnly.tasks.map((task) => task.id)).toEqual([ada[0]]);
    const processing = await store.listTasks({ status: "processing" });
    expect(processing.tasks.map((task) => task.id)).toEqual([ada[0]]);
    expect((await store.listTasks({ status: ["open", "processing"], createdBy: ["user:default/bob"] })).totalTasks).toBe(1);
  });
});
