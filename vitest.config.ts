import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests sit beside the code; server tests start the built server on a
// random port. End-to-end tests are Playwright's (tests/e2e).
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/support/vitest-global-setup.ts"],
    setupFiles: ["./tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
