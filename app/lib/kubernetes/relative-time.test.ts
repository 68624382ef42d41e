import { describe, expect, it } from "vitest";
import { formatDuration, formatRelativeTime, parseKubernetesTime } from "./relative-time";

const NOW = new Date("2026-11-28T10:00:00Z");

describe("formatRelativeTime", () => {
  it.each([
    ["2026-11-28T09:59:58Z", "2 seconds ago"],
    ["2026-11-28T09:55:00Z", "5 minutes ago"],
    ["2026-11-28T09:00:01Z", "59 minutes ago"],
    ["2026-11-28T07:00:00Z", "3 hours ago"],
    ["2026-11-27T10:00:00Z", "1 day ago"],
    ["2026-10-20T10:00:00Z", "1 month ago"],
    ["2026-10-29T10:00:00Z", "30 days ago"],
    ["2026-10-28T10:00:00Z", "1 month ago"],
    ["2025-11-28T10:00:01Z", "11 months ago"],
    ["2024-11-01T10:00:00Z", "2 years ago"],
    ["2026-11-28T10:10:00Z", "in 10 minutes"],
    ["2027-01-28T10:00:00Z", "in 2 months"],
    ["2026-11-28T10:00:00Z", "in 0 seconds"],
  ])("writes %s as %j", (time, expected) => {
    expect(formatRelativeTime(time, NOW)).toBe(expected);
  });

  it("takes the Date of @kubernetes/client-node's types as well as the API's strings", () => {
    expect(formatRelativeTime(new Date("2026-11-28T09:58:00Z"), NOW)).toBe("2 minutes ago");
  });

  it("has nothing to say of a missing or unreadable time", () => {
    expect(formatRelativeTime(undefined, NOW)).toBeUndefined();
    expect(formatRelativeTime("yesterday", NOW)).toBeUndefined();
    expect(parseKubernetesTime("")).toBeUndefined();
  });
});

describe("formatDuration", () => {
  it("writes hours, minutes and seconds, zeros included", () => {
    expect(formatDuration("2026-11-28T09:00:00Z", "2026-11-28T09:04:05Z")).toBe("0 hours, 4 minutes, 5 seconds");
    expect(formatDuration("2026-11-28T07:30:00Z", "2026-11-28T09:00:00Z")).toBe("1 hour, 30 minutes, 0 seconds");
  });

  it("keeps fractions of a second", () => {
    expect(formatDuration(new Date("2026-11-28T09:00:00.000Z"), new Date("2026-11-28T09:00:01.250Z"))).toBe("0 hours, 0 minutes, 1.25 seconds");
  });

  it("needs both ends", () => {
    expect(formatDuration("2026-11-28T09:00:00Z", undefined)).toBeUndefined();
  });
});
