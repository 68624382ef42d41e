import type { V1CronJob, V1Job } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { cronJobScheduleText, cronJobState, humanizeCron, jobStatusBadges } from "./cron";

describe("humanizeCron", () => {
  it.each([
    ["@yearly", "At 12:00 AM, on day 1 of the month, only in January"],
    ["@annually", "At 12:00 AM, on day 1 of the month, only in January"],
    ["@monthly", "At 12:00 AM, on day 1 of the month"],
    ["@weekly", "At 12:00 AM, only on Sunday"],
    ["@daily", "At 12:00 AM"],
    ["@midnight", "At 12:00 AM"],
    ["@hourly", "Every hour"],
    ["*/5 * * * *", "Every 5 minutes"],
    ["30 2 * * 1-5", "At 02:30 AM, Monday through Friday"],
  ])("reads %s as %j", (schedule, english) => {
    expect(humanizeCron(schedule)).toBe(english);
  });

  it("gives back a schedule it cannot read", () => {
    expect(humanizeCron("every night")).toBe("every night");
  });
});

function cronJob(schedule: string | undefined, suspend?: boolean): V1CronJob {
  return { metadata: { name: "nightly-report", namespace: "shop" }, spec: { schedule: schedule as string, suspend, jobTemplate: {} } };
}

describe("a cron job row", () => {
  it("shows the schedule with its translation, or N/A", () => {
    expect(cronJobScheduleText(cronJob("0 2 * * *"))).toBe("0 2 * * * (At 02:00 AM)");
    expect(cronJobScheduleText(cronJob("@weekly"))).toBe("@weekly (At 12:00 AM, only on Sunday)");
    expect(cronJobScheduleText(cronJob(undefined))).toBe("N/A");
  });

  it("is Suspended when suspend is set, else Active", () => {
    expect(cronJobState(cronJob("0 2 * * *", true))).toBe("Suspended");
    expect(cronJobState(cronJob("0 2 * * *", false))).toBe("Active");
    expect(cronJobState(cronJob("0 2 * * *"))).toBe("Active");
  });
});

describe("jobStatusBadges", () => {
  function job(status: V1Job["status"]): V1Job {
    return { metadata: { name: "nightly-report-29393400", namespace: "shop" }, status };
  }

  it("shows Succeeded, Running or Failed from the counts", () => {
    expect(jobStatusBadges(job({ succeeded: 1, startTime: new Date("2026-11-28T02:00:00Z") }))).toEqual([{ label: "Succeeded", level: "ok" }]);
    expect(jobStatusBadges(job({ active: 1 }))).toEqual([{ label: "Running", level: "pending" }]);
    expect(jobStatusBadges(job({ failed: 6 }))).toEqual([{ label: "Failed", level: "error" }]);
  });

  it("shows every non-zero count, so a job retrying after failures is Running and Failed", () => {
    expect(jobStatusBadges(job({ active: 1, failed: 2, succeeded: 0 })).map((badge) => badge.label)).toEqual(["Running", "Failed"]);
  });

  it("shows nothing for a job the controller has not counted yet", () => {
    expect(jobStatusBadges(job(undefined))).toEqual([]);
  });
});
