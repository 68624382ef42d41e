import { InputError } from "../../../errors";
import type { TemplateAction } from "../types";
import { stepsExample } from "./example";

// debug:wait, as Backstage's (plugins/scaffolder-backend/src/scaffolder/
// actions/builtin/debug/wait.ts): waits the sum of minutes, seconds and
// milliseconds, at most 30 minutes, and stops waiting as soon as the task
// is cancelled (its AbortSignal), as Backstage's does; the runner, not this
// action, then marks the step cancelled.

type Input = { minutes?: number; seconds?: number; milliseconds?: number };

export const MAX_WAIT_MS = 30 * 60 * 1000;

export function createWaitAction(): TemplateAction<Input> {
  return {
    id: "debug:wait",
    description: "Waits for a certain period of time.",
    supportsDryRun: true,
    examples: [
      stepsExample("Wait for 50 milliseconds.", [{ action: "debug:wait", id: "wait-milliseconds", name: "Waiting for 50 milliseconds", input: { milliseconds: 50 } }]),
      stepsExample("Wait for 5 seconds.", [{ action: "debug:wait", id: "wait-5sec", name: "Waiting for 5 seconds", input: { seconds: 5 } }]),
      stepsExample("Wait for 1 minute.", [{ action: "debug:wait", id: "wait-1min", name: "Waiting for 1 minutes", input: { minutes: 1 } }]),
    ],
    schema: {
      input: {
        type: "object",
        properties: {
          minutes: { title: "Waiting period in minutes.", type: "number" },
          seconds: { title: "Waiting period in seconds.", type: "number" },
          milliseconds: { title: "Waiting period in milliseconds.", type: "number" },
        },
      },
    },
    async handler(ctx) {
      const { minutes = 0, seconds = 0, milliseconds = 0 } = ctx.input;
      const delay = minutes * 60_000 + seconds * 1000 + milliseconds;
      if (!Number.isFinite(delay) || delay < 0) throw new InputError("The waiting period must be a finite, non-negative duration");
      if (delay > MAX_WAIT_MS) throw new Error("Waiting duration is longer than the maximum threshold of 0 hours, 30 minutes, 0 seconds, 0 milliseconds");
      await new Promise<void>((resolve) => {
        if (ctx.signal.aborted) return resolve();
        const done = () => {
          clearTimeout(timer);
          ctx.signal.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, delay);
        ctx.signal.addEventListener("abort", done, { once: true });
      });
    },
  };
}
