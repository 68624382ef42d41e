import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Pages learn who the caller is from the root route's middleware only
// (request-identity.server.ts): a loader or action that read the session
// itself would skip the renewal, the guest session and the sign-in page.
// /api routes answer for themselves from the authenticated request.

const routesDir = path.resolve(import.meta.dirname, "../../routes");
const RESOLVING_ON_ITS_OWN = [/\bapp\.auth\b/, /\bauth\.identity\b/, /\bauthenticate\(/, /\btokens\.verify\(/, /\bpageIdentity\b/];

function pageRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(routesDir, "api") ? [] : pageRouteFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("identity once per request", () => {
  it("no page route resolves the caller on its own", () => {
    const files = pageRouteFiles(routesDir);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return RESOLVING_ON_ITS_OWN.filter((pattern) => pattern.test(source)).map((pattern) => `${path.relative(routesDir, file)}: ${pattern}`);
    });
    expect(offenders).toEqual([]);
  });
});
