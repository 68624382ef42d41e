import { describe, expect, it } from "vitest";
import { newEntityUid } from "./uid.server";

describe("newEntityUid", () => {
  it("makes version 7 UUIDs that sort in the order they were made, even within a millisecond", () => {
    const uids = Array.from({ length: 5000 }, () => newEntityUid(1_800_000_000_000));
    expect(uids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uids).size).toBe(uids.length);
    expect([...uids].sort()).toEqual(uids);
    expect(newEntityUid(1_800_000_000_001) > uids.at(-1)!).toBe(true);
  });
});
