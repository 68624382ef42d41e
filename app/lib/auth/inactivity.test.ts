import { describe, expect, it } from "vitest";
import { inactivityState, wasDisconnectedTooLong } from "./inactivity";

const SETTINGS = { idleTimeoutMinutes: 1, promptBeforeIdleSeconds: 10, logoutIfDisconnected: true };

describe("inactivityState", () => {
  it("stays active until the prompt, counts down during it, then goes idle at the timeout", () => {
    expect(inactivityState(49_999, 0, SETTINGS)).toEqual({ phase: "active" });
    expect(inactivityState(50_000, 0, SETTINGS)).toEqual({ phase: "prompt", secondsLeft: 10 });
    expect(inactivityState(58_500, 0, SETTINGS)).toEqual({ phase: "prompt", secondsLeft: 2 });
    expect(inactivityState(59_999, 0, SETTINGS)).toEqual({ phase: "prompt", secondsLeft: 1 });
    expect(inactivityState(60_000, 0, SETTINGS)).toEqual({ phase: "idle" });
  });

  it("never prompts when promptBeforeIdleSeconds is 0", () => {
    expect(inactivityState(59_999, 0, { ...SETTINGS, promptBeforeIdleSeconds: 0 })).toEqual({ phase: "active" });
    expect(inactivityState(60_000, 0, { ...SETTINGS, promptBeforeIdleSeconds: 0 })).toEqual({ phase: "idle" });
  });
});

describe("wasDisconnectedTooLong", () => {
  it("signs out a user whose every tab was closed for longer than the idle timeout, if configured so", () => {
    expect(wasDisconnectedTooLong(120_000, 0, SETTINGS)).toBe(true);
    expect(wasDisconnectedTooLong(30_000, 0, SETTINGS)).toBe(false);
    expect(wasDisconnectedTooLong(120_000, undefined, SETTINGS)).toBe(false);
    expect(wasDisconnectedTooLong(120_000, 0, { ...SETTINGS, logoutIfDisconnected: false })).toBe(false);
  });
});
