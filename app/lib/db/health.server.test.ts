import { describe, expect, it } from "vitest";
import { createDatabaseHealth } from "./health.server";

// Readiness's database check: a storm of probes costs one round trip, a
// database that does not answer is reported within the bound, and an answer
// is remembered only for a moment.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the database health check", () => {
  it("shares one round trip among the probes that ask while it runs and for the cache time after", async () => {
    let checks = 0;
    const health = createDatabaseHealth(
      async () => {
        checks++;
        await pause(20);
      },
      { cacheMs: 200 },
    );
    const answers = await Promise.all(Array.from({ length: 50 }, () => health.status()));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    await health.status();
    expect(checks).toBe(1);
    await pause(250);
    await health.status();
    expect(checks).toBe(2);
  });

  it("answers not ready within the bound when the database does not answer, and ready again when it does", async () => {
    let hang = true;
    const health = createDatabaseHealth(() => (hang ? new Promise<void>(() => undefined) : Promise.resolve()), { timeoutMs: 100, cacheMs: 0 });
    const started = Date.now();
    expect(await health.status()).toEqual({ ok: false, message: "The database did not answer within 0.1 s" });
    expect(Date.now() - started).toBeLessThan(1_000);
    hang = false;
    await pause(5);
    expect(await health.status()).toEqual({ ok: true });
  });

  it("names the driver's reason when the round trip fails", async () => {
    const health = createDatabaseHealth(() => Promise.reject(new Error("wrapper", { cause: new Error("database or disk is full") })));
    expect(await health.status()).toEqual({ ok: false, message: "The database is unavailable: database or disk is full" });
  });
});
