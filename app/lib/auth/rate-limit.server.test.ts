import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("login rate limit", () => {
  it("allows max attempts per address in a window, then says how long to wait", () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ max: 2, windowSeconds: 60, now: () => clock });
    expect(limiter.attempt("a")).toEqual({ allowed: true });
    expect(limiter.attempt("a")).toEqual({ allowed: true });
    expect(limiter.attempt("b")).toEqual({ allowed: true });
    clock += 15_000;
    expect(limiter.attempt("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    clock += 45_000;
    expect(limiter.attempt("a")).toEqual({ allowed: true });
  });
});
