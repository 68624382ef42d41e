import { describe, expect, it } from "vitest";
import { eventRows } from "./events-view";

const now = new Date("2026-11-28T12:00:00Z");
const events = [
  { type: "Normal", reason: "Scheduled", message: "Successfully assigned listings/web-1 to node-a", count: 1, metadata: { name: "web-1.a", creationTimestamp: "2026-11-28T11:00:00Z" } },
  { type: "Warning", reason: "BackOff", message: "Back-off restarting failed container", count: 12, metadata: { name: "web-1.b", creationTimestamp: "2026-11-28T11:55:00Z" } },
];

describe("eventRows", () => {
  it("lists events newest first, warnings marked, with their count and age", () => {
    expect(eventRows(events, now)).toEqual([
      { key: "web-1.b", warning: true, reason: "BackOff", message: "Back-off restarting failed container", count: 12, since: "5 minutes ago" },
      { key: "web-1.a", warning: false, reason: "Scheduled", message: "Successfully assigned listings/web-1 to node-a", count: 1, since: "1 hour ago" },
    ]);
  });

  it("keeps only warnings when asked, and reads an event without fields as one occurrence", () => {
    expect(eventRows(events, now, true).map((row) => row.reason)).toEqual(["BackOff"]);
    expect(eventRows([{}], now)).toEqual([{ key: "0", warning: false, reason: "", message: "", count: 1, since: undefined }]);
  });
});
