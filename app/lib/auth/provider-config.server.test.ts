import { describe, expect, it } from "vitest";
import { configSchema } from "../config/schema";
import { readAuthSettings } from "./provider-config.server";

const BACKEND = "https://corp.example/portal";
const settingsOf = (auth: Record<string, unknown>) => readAuthSettings(configSchema.parse({ app: { baseUrl: BACKEND }, auth }), BACKEND);

describe("auth provider settings", () => {
  it("read the environment named by auth.environment, with Backstage's keys and default callback", () => {
    const settings = settingsOf({
      environment: "production",
      providers: {
        github: { production: { clientId: "id", clientSecret: "secret", additionalScopes: ["repo"] }, development: { clientId: "dev" } },
        atlassian: { production: { clientId: "x" } },
      },
    });
    expect(settings.providers).toHaveLength(1);
    expect(settings.providers[0]).toMatchObject({ id: "github", clientId: "id", callbackUrl: `${BACKEND}/api/auth/github/handler/frame`, scopes: ["read:user", "repo"] });
    expect(settings.unknownProviders).toEqual(["atlassian"]);
    expect(settings.developmentIdentityProvider).toBe(false);
    expect(settings.loginRateLimit).toEqual({ max: 30, windowSeconds: 60 });
  });

  it("mount the development identity provider only in the development environment", () => {
    expect(settingsOf({ environment: "development", developmentIdentityProvider: true }).developmentIdentityProvider).toBe(true);
    expect(settingsOf({ environment: "production", developmentIdentityProvider: true }).developmentIdentityProvider).toBe(false);
  });

  it("stop with the key path when a provider entry is incomplete or the rate limit is malformed", () => {
    expect(() => settingsOf({ environment: "production", providers: { oidc: { production: { clientId: "x" } }, microsoft: { production: {} } } })).toThrow(
      /Missing required config value at 'auth\.providers\.oidc\.production\.metadataUrl'[\s\S]*Missing required config value at 'auth\.providers\.microsoft\.production\.clientId'/,
    );
    expect(() => settingsOf({ loginRateLimit: { max: "many", windowSeconds: 60 } })).toThrow("Unable to convert config value for key 'auth.loginRateLimit.max' to a number, got 'many'");
    expect(settingsOf({ loginRateLimit: false }).loginRateLimit).toBe(false);
  });
});
