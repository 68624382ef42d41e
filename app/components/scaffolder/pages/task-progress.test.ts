import { describe, expect, it } from "vitest";
import { createTranslator } from "~/lib/i18n/i18n";
import { foldEvents, formatDuration, initialProgress, stepDuration, type TaskEventView } from "./task-progress";

const log = (id: number, createdAt: string, body: TaskEventView["body"]): TaskEventView => ({ id, type: "log", createdAt, body });

describe("foldEvents", () => {
  const start = initialProgress([
    { id: "fetch", name: "Fetch Base" },
    { id: "publish", name: "Publish" },
  ]);

  it("follows each step from open through processing to its end, with times and the log lines per step", () => {
    const progress = foldEvents(start, [
      log(1, "2026-01-01T10:00:00.000Z", { message: "Beginning step Fetch Base", stepId: "fetch", status: "processing" }),
      log(2, "2026-01-01T10:00:01.000Z", { message: "Fetching template content", stepId: "fetch" }),
      log(3, "2026-01-01T10:00:04.000Z", { message: "Finished step Fetch Base", stepId: "fetch", status: "completed" }),
      log(4, "2026-01-01T10:00:04.500Z", { message: "Beginning step Publish", stepId: "publish", status: "processing" }),
    ]);
    expect(progress.steps).toEqual([
      { id: "fetch", name: "Fetch Base", status: "completed", startedAt: "2026-01-01T10:00:00.000Z", endedAt: "2026-01-01T10:00:04.000Z" },
      { id: "publish", name: "Publish", status: "processing", startedAt: "2026-01-01T10:00:04.500Z", endedAt: undefined },
    ]);
    expect(progress.log.map((line) => line.message)).toEqual(["Beginning step Fetch Base", "Fetching template content", "Finished step Fetch Base", "Beginning step Publish"]);
    expect(progress.lastEventId).toBe(4);
    expect(progress.completed).toBe(false);
  });

  it("ignores events it has already folded, so a replayed stream adds nothing", () => {
    const once = foldEvents(start, [log(1, "2026-01-01T10:00:00.000Z", { message: "one" }), log(2, "2026-01-01T10:00:01.000Z", { message: "two" })]);
    const twice = foldEvents(once, [log(2, "2026-01-01T10:00:01.000Z", { message: "two" }), log(3, "2026-01-01T10:00:02.000Z", { message: "three" })]);
    expect(twice.log.map((line) => line.message)).toEqual(["one", "two", "three"]);
  });

  it("ends on the completion: the output, or the error, and a step still running takes the task's outcome", () => {
    const running = foldEvents(start, [log(1, "2026-01-01T10:00:00.000Z", { message: "Beginning", stepId: "fetch", status: "processing" })]);
    const failed = foldEvents(running, [{ id: 2, type: "completion", createdAt: "2026-01-01T10:00:02.000Z", body: { message: "Run failed", error: { name: "Error", message: "Boom" } } }]);
    expect(failed).toMatchObject({ completed: true, error: "Boom" });
    expect(failed.steps[0]).toMatchObject({ status: "failed", endedAt: "2026-01-01T10:00:02.000Z" });
    const done = foldEvents(running, [{ id: 2, type: "completion", createdAt: "2026-01-01T10:00:02.000Z", body: { message: "Run completed", output: { links: [] } } }]);
    expect(done).toMatchObject({ completed: true, output: { links: [] }, error: undefined });
    expect(done.steps[0].status).toBe("completed");
  });

  it("marks the running step cancelled on a cancellation", () => {
    const running = foldEvents(start, [log(1, "2026-01-01T10:00:00.000Z", { message: "Beginning", stepId: "fetch", status: "processing" })]);
    expect(foldEvents(running, [{ id: 2, type: "cancelled", createdAt: "2026-01-01T10:00:01.000Z", body: { message: "Cancelled" } }]).steps[0].status).toBe("cancelled");
  });
});

describe("durations", () => {
  const t = createTranslator("en");
  it("reads as Backstage's task page words them", () => {
    expect(formatDuration(0, t)).toBe("0 seconds");
    expect(formatDuration(1000, t)).toBe("1 second");
    expect(formatDuration(63_000, t)).toBe("1 minute, 3 seconds");
    expect(formatDuration(2 * 3600_000 + 60_000, t)).toBe("2 hours, 1 minute");
  });

  it("counts a running step up to now, and an unstarted one not at all", () => {
    const step = { id: "a", name: "A", status: "processing" as const, startedAt: "2026-01-01T10:00:00.000Z" };
    expect(stepDuration(step, Date.parse("2026-01-01T10:00:05.000Z"))).toBe(5000);
    expect(stepDuration({ ...step, endedAt: "2026-01-01T10:00:02.000Z" }, Date.parse("2026-01-01T11:00:00.000Z"))).toBe(2000);
    expect(stepDuration({ id: "b", name: "B", status: "open" }, Date.now())).toBeUndefined();
  });
});
