import { afterEach, beforeEach, vi } from "vitest";

// A test that makes React or our code log an error has found a bug: fail it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
});
