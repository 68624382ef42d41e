import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

// The log's rate limit on repeated warnings and errors, on pino's real
// output: what an operator reads.

function capture(window = "0.3") {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ LOG_REPEAT_WINDOW_SECONDS: window }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the logger's limit on repeated warnings and errors", () => {
  it("logs a repeated error once, then one line saying how often it repeated", async () => {
    const { logger, lines } = capture();
    const task = logger.child({ task: "catalog-processing" });
    for (let i = 0; i < 10; i++) task.error({ err: new Error("database or disk is full") }, "Task failed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, task: "catalog-processing", msg: "Task failed", err: { message: "database or disk is full" } });
    await pause(450);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 50, task: "catalog-processing", repeated: 9, msg: "Task failed (repeated 9 times in the last 0.3 s)", err: { message: "database or disk is full" } });
  });

  it("keeps different errors, tasks and levels apart, and never holds back info or fatal lines", () => {
    const { logger, lines } = capture("60");
    for (let i = 0; i < 3; i++) {
      logger.child({ task: "a" }).error({ err: new Error("one") }, "Task failed");
      logger.child({ task: "b" }).error({ err: new Error("one") }, "Task failed");
      logger.child({ task: "a" }).error({ err: new Error("two") }, "Task failed");
      logger.child({ task: "a" }).warn({ err: new Error("one") }, "Task failed");
      logger.info("request");
      logger.fatal("stopping");
    }
    expect(lines.filter((line) => line.msg === "Task failed")).toHaveLength(4);
    expect(lines.filter((line) => line.msg === "request")).toHaveLength(3);
    expect(lines.filter((line) => line.msg === "stopping")).toHaveLength(3);
  });

  it("logs an error again once it has stayed away for a window, and every error when the window is 0", async () => {
    const { logger, lines } = capture("0.1");
    logger.warn("Lost a connection");
    await pause(250);
    logger.warn("Lost a connection");
    expect(lines.map((line) => line.msg)).toEqual(["Lost a connection", "Lost a connection"]);

    const unlimited = capture("0");
    for (let i = 0; i < 5; i++) unlimited.logger.error("Task failed");
    expect(unlimited.lines).toHaveLength(5);
  });
});
