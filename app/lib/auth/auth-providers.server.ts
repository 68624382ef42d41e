import type { Kysely } from "kysely";
import type { AtriumConfig } from "../config/schema";
import type { Database } from "../db/schema";
import { createAuthenticator, type Authenticator } from "./authenticators.server";
import { readAuthSettings, type AuthSettings, type ProviderConfig } from "./provider-config.server";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";
import { createSessionSecretsStore, type SessionSecretsStore } from "./session-secrets.server";

// The configured sign-in providers, created once at start-up: their config,
// their authenticators, the session secrets store and the login rate limit.

export type ConfiguredProvider = { config: ProviderConfig; authenticator: Authenticator };

export type AuthProviders = {
  settings: AuthSettings;
  provider(id: string): ConfiguredProvider | undefined;
  configured(): ProviderConfig[];
  secrets: SessionSecretsStore;
  /** Undefined when auth.loginRateLimit is false. */
  loginRateLimiter?: RateLimiter;
};

export function createAuthProviders(options: { config: AtriumConfig; backendBaseUrl: string; db: Kysely<Database> }): AuthProviders {
  const settings = readAuthSettings(options.config, options.backendBaseUrl);
  const providers = new Map<string, ConfiguredProvider>(settings.providers.map((config) => [config.id, { config, authenticator: createAuthenticator(config, options.backendBaseUrl) }]));
  return {
    settings,
    provider: (id) => providers.get(id),
    configured: () => settings.providers,
    secrets: createSessionSecretsStore(options.db),
    loginRateLimiter: settings.loginRateLimit ? createRateLimiter(settings.loginRateLimit) : undefined,
  };
}
