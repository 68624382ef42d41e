import { existsSync } from "node:fs";

// Server tests run the built app, as production does.
export default function setup() {
  if (!existsSync(new URL("../../build/server/index.js", import.meta.url))) {
    throw new Error("No build found: run `npm run build` first (npm test does).");
  }
}
