import { describe, expect, it } from "vitest";
import { configArgs, runServer } from "../tests/support/server";

// Auth configuration is checked before the server listens.

async function exitOf(configYaml: string) {
  const { exited, output } = runServer(configArgs(configYaml));
  return { code: await exited, output: output() };
}

describe("auth configuration at start-up", () => {
  it("stops naming the key of a provider entry that lacks what it needs", async () => {
    const { code, output } = await exitOf(
      "auth:\n  environment: production\n  providers:\n    oidc:\n      production:\n        clientId: portal\n    okta:\n      production:\n        clientId: portal\n",
    );
    expect(code).toBe(1);
    expect(output).toContain("Missing required config value at 'auth.providers.oidc.production.metadataUrl'");
    expect(output).toContain("Missing required config value at 'auth.providers.okta.production.audience'");
  });

  it("stops naming a login rate limit that is not a number", async () => {
    const { code, output } = await exitOf("auth:\n  loginRateLimit:\n    max: lots\n    windowSeconds: 60\n");
    expect(code).toBe(1);
    expect(output).toContain("Unable to convert config value for key 'auth.loginRateLimit.max' to a number, got 'lots'");
  });
});
