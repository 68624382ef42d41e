import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieRefreshDelay, nextRetryDelay, startCookieRefresh } from "./cookie-refresh";

const MINUTE = 60_000;

describe("cookieRefreshDelay", () => {
  it("refreshes 1 to 4 minutes before expiry, depending on the random draw", () => {
    const now = 1_000_000;
    expect(cookieRefreshDelay(now + 60 * MINUTE, now, 0)).toBe(59 * MINUTE);
    expect(cookieRefreshDelay(now + 60 * MINUTE, now, 0.5)).toBe(57.5 * MINUTE);
    expect(cookieRefreshDelay(now + 60 * MINUTE, now, 0.999999)).toBeCloseTo(56 * MINUTE, -2);
  });

  it("never plans from less than 5 minutes, even for a cookie about to expire or already expired", () => {
    const now = 1_000_000;
    expect(cookieRefreshDelay(now + 2 * MINUTE, now, 0)).toBe(4 * MINUTE);
    expect(cookieRefreshDelay(now - 10 * MINUTE, now, 1)).toBe(1 * MINUTE);
  });
});

describe("nextRetryDelay", () => {
  it("starts at 5 seconds and doubles up to 5 minutes", () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 9; i++) delays.push((delay = nextRetryDelay(delay)));
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });
});

describe("startCookieRefresh", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  /** A server answering each request with the next scripted status. */
  function fakeServer(statuses: number[]) {
    const requests: string[] = [];
    const fetch = (async (url: string) => {
      requests.push(url);
      const status = statuses.shift() ?? 200;
      return status === 200 ? Response.json({ expiresAt: new Date(Date.now() + 60 * MINUTE).toISOString() }) : new Response("nope", { status });
    }) as unknown as typeof globalThis.fetch;
    return { fetch, requests };
  }

  it("asks at once, then again before expiry; failures before any success stay quiet", async () => {
    const server = fakeServer([401, 200]);
    const failures: unknown[] = [];
    const stop = startCookieRefresh({ basePath: "/portal", fetch: server.fetch, onFailure: (e) => failures.push(e), random: () => 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual(["/portal/.backstage/auth/v1/cookie"]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(2);
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(59 * MINUTE - 1);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(3);
    stop();
  });

  it("reports failures after a success and retries with a doubling delay", async () => {
    const server = fakeServer([200, 500, 500, 500]);
    const failures: unknown[] = [];
    const stop = startCookieRefresh({ basePath: "", fetch: server.fetch, onFailure: (e) => failures.push(e), random: () => 0 });
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(server.requests).toHaveLength(2);
    expect(failures).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(server.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(4);
    expect(failures).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(server.requests).toHaveLength(4);
  });
});
