import { describe, expect, it } from "vitest";
import { configSchema } from "./schema";
import { formatConfigIssues } from "./errors";
import { publicConfigOf } from "./runtime";

// The keys of user settings and sessions: app.featureFlags, auth.autologout, auth.protectedMode.

function problemsOf(raw: Record<string, unknown>): string[] {
  const input = { ...raw, app: { baseUrl: "http://localhost:7007", ...(raw.app as object | undefined) } };
  const result = configSchema.safeParse(input, { reportInput: true });
  return result.success ? [] : formatConfigIssues(result.error.issues);
}

describe("settings configuration", () => {
  it("registers feature flags with a plugin id, refusing bad names with Backstage's message and duplicates", () => {
    const parsed = configSchema.parse({ app: { baseUrl: "http://localhost:7007", featureFlags: [{ name: "new-catalog-graph", pluginId: "catalog-graph" }] } });
    expect(parsed.app.featureFlags).toEqual([{ name: "new-catalog-graph", pluginId: "catalog-graph" }]);
    expect(problemsOf({ app: { featureFlags: [{ name: "Graph" }, { name: "ok-flag" }, { name: "ok-flag" }] } })).toEqual([
      "Invalid config value at 'app.featureFlags[0].name': The 'Graph' feature flag must start with a lowercase letter and only contain lowercase letters, numbers and hyphens. Examples: feature-flag-one, alpha, release-2020",
      "Invalid config value at 'app.featureFlags[2].name': The 'ok-flag' feature flag is registered twice",
    ]);
  });

  it("keeps the inactivity prompt off unless enabled, with Backstage's defaults and limits", () => {
    const off = configSchema.parse({ app: { baseUrl: "http://localhost:7007" } });
    expect(off.auth.protectedMode).toBe(false);
    expect(publicConfigOf(off).autologout).toBeUndefined();
    const on = configSchema.parse({ app: { baseUrl: "http://localhost:7007" }, auth: { autologout: { enabled: "true" } } });
    expect(publicConfigOf(on).autologout).toEqual({ idleTimeoutMinutes: 60, promptBeforeIdleSeconds: 10, logoutIfDisconnected: true });
    expect(problemsOf({ auth: { autologout: { enabled: true, idleTimeoutMinutes: 0.25 } } })).toEqual([
      "Invalid config value at 'auth.autologout.idleTimeoutMinutes': idleTimeoutMinutes should be >= 0.5 minutes (30 seconds)",
    ]);
    expect(problemsOf({ auth: { autologout: { enabled: true, idleTimeoutMinutes: 1, promptBeforeIdleSeconds: 60 } } })).toEqual([
      "Invalid config value at 'auth.autologout.promptBeforeIdleSeconds': promptBeforeIdleSeconds should be smaller than idleTimeoutMinutes",
    ]);
  });
});
