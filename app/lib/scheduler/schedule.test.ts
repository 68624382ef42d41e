import { describe, expect, it } from "vitest";
import { firstRunAt, isoDurationMs, nextRunAt, taskSettings, toIsoDuration } from "./schedule";

// Schedules as Backstage's scheduler takes them, kept as its settings (version 2).

describe("task schedules", () => {
  it("keeps durations as ISO 8601, from either form", () => {
    expect(toIsoDuration({ minutes: 3 }, "frequency")).toBe("PT3M");
    expect(toIsoDuration({ days: 1, hours: 2, seconds: 1, milliseconds: 500 }, "frequency")).toBe("P1DT2H1.5S");
    expect(toIsoDuration("pt30s", "frequency")).toBe("PT30S");
    expect(isoDurationMs("P1DT1M")).toBe(86_400_000 + 60_000);
    expect(isoDurationMs("PT0.25S")).toBe(250);
  });

  it("refuses what is not a duration, naming the problem", () => {
    expect(() => isoDurationMs("PT")).toThrow(/Invalid duration 'PT'/);
    expect(() => isoDurationMs("P")).toThrow(/Invalid duration 'P'/);
    expect(() => toIsoDuration({ minute: 3 } as never, "frequency")).toThrow(/unknown unit 'minute'/);
    expect(() => toIsoDuration({ minutes: -1 }, "timeout")).toThrow(/Invalid timeout, 'minutes' must be a non-negative number/);
    expect(() => taskSettings({ frequency: { seconds: 0 }, timeout: { minutes: 1 } })).toThrow(/longer than zero/);
    expect(() => taskSettings({ frequency: { minutes: 1 }, timeout: "PT0S" })).toThrow(/Invalid timeout/);
    expect(() => taskSettings({ frequency: { cron: "every tuesday" }, timeout: { minutes: 1 } })).toThrow(/Invalid cron 'every tuesday'/);
    expect(() => taskSettings({ frequency: { trigger: "sometimes" } as never, timeout: { minutes: 1 } })).toThrow(/expected 'manual'/);
  });

  it("stores cron, duration and manual cadences as Backstage does", () => {
    expect(taskSettings({ frequency: { cron: "*/5 * * * *" }, timeout: { minutes: 1 }, initialDelay: { seconds: 10 } })).toEqual({
      version: 2,
      cadence: "*/5 * * * *",
      timeoutAfterDuration: "PT1M",
      initialDelayDuration: "PT10S",
    });
    expect(taskSettings({ frequency: { trigger: "manual" }, timeout: "PT10M" })).toEqual({ version: 2, cadence: "manual", timeoutAfterDuration: "PT10M" });
    expect(taskSettings({ frequency: "PT1H", timeout: { minutes: 5 } }).cadence).toBe("PT1H");
  });

  it("computes when a task is due", () => {
    const at = Date.UTC(2026, 10, 24, 10, 2, 30);
    const cron = taskSettings({ frequency: { cron: "*/5 * * * *" }, timeout: { minutes: 1 } });
    expect(firstRunAt(cron, at)).toBe(Date.UTC(2026, 10, 24, 10, 5, 0));
    expect(nextRunAt(cron, at, at)).toBe(Date.UTC(2026, 10, 24, 10, 5, 0));

    const every = taskSettings({ frequency: { minutes: 10 }, timeout: { minutes: 1 } });
    expect(firstRunAt(every, at)).toBe(at);
    // The rhythm is kept when a run is short, and never scheduled in the past when it ran long.
    expect(nextRunAt(every, at, at + 1000)).toBe(at + 600_000);
    expect(nextRunAt(every, at, at + 900_000)).toBe(at + 900_000);

    const delayed = taskSettings({ frequency: { minutes: 10 }, timeout: { minutes: 1 }, initialDelay: { seconds: 30 } });
    expect(firstRunAt(delayed, at)).toBe(at + 30_000);

    const manual = taskSettings({ frequency: { trigger: "manual" }, timeout: { minutes: 1 } });
    expect(firstRunAt(manual, at)).toBeNull();
    expect(nextRunAt(manual, at, at)).toBeNull();
  });
});
