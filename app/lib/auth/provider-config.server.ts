import { z } from "zod";
import { ConfigError, formatConfigIssues } from "../config/errors";
import type { AtriumConfig } from "../config/schema";
import { configBoolean, configNumber } from "../config/values";
import { isProviderId, normalizeScopes, PROVIDERS, type ProviderId } from "./providers";

// auth.providers.<id>.<environment> as Backstage configures it. Only the
// environment named by auth.environment is read; the others may hold
// secrets for other deployments and are left alone.

const resolverSchema = z.object({ resolver: z.string(), annotation: z.string().optional() });

// Keys Atrium does not use (Backstage has more per provider) are dropped, not refused.
const providerSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  callbackUrl: z.string().optional(),
  additionalScopes: z.union([z.string(), z.array(z.string())]).optional(),
  signIn: z.object({ resolvers: z.array(resolverSchema).default([]) }).optional(),
  // oidc
  metadataUrl: z.string().optional(),
  tokenEndpointAuthMethod: z.enum(["client_secret_basic", "client_secret_post"]).optional(),
  prompt: z.string().optional(),
  scope: z.string().optional(),
  // github
  enterpriseInstanceUrl: z.string().optional(),
  // gitlab, okta
  audience: z.string().optional(),
  authServerId: z.string().optional(),
  // microsoft
  tenantId: z.string().optional(),
  domainHint: z.string().optional(),
  // bitbucketServer
  host: z.string().optional(),
  // vmwareCloudServices
  organizationId: z.string().optional(),
  // openshift
  authorizationUrl: z.string().optional(),
  tokenUrl: z.string().optional(),
  openshiftApiServerUrl: z.string().optional(),
});

const REQUIRED_KEYS: Partial<Record<ProviderId, Array<keyof z.output<typeof providerSchema>>>> = {
  oidc: ["metadataUrl"],
  microsoft: ["tenantId"],
  okta: ["audience"],
  bitbucketServer: ["host"],
  vmwareCloudServices: ["organizationId"],
  openshift: ["authorizationUrl", "tokenUrl", "openshiftApiServerUrl"],
};

export type ResolverConfig = z.output<typeof resolverSchema>;

export type ProviderConfig = Omit<z.output<typeof providerSchema>, "additionalScopes" | "signIn"> & {
  id: ProviderId;
  environment: string;
  callbackUrl: string;
  /** Default scopes plus additionalScopes: what every session of this provider asks for. */
  scopes: string[];
  resolvers: ResolverConfig[];
};

/** The login rate limit: attempts per client address in a window. */
export type LoginRateLimit = { max: number; windowSeconds: number } | false;

export const DEFAULT_LOGIN_RATE_LIMIT = { max: 30, windowSeconds: 60 };

const rateLimitSchema = z.union([z.literal(false), z.object({ max: configNumber.pipe(z.number().int().min(1)), windowSeconds: configNumber.pipe(z.number().min(1)) })]);

export type AuthSettings = {
  environment: string;
  providers: ProviderConfig[];
  /** Whether the development identity provider is mounted (only ever in the development environment). */
  developmentIdentityProvider: boolean;
  loginRateLimit: LoginRateLimit;
  /** Provider ids configured but unknown to Atrium: kept, logged, unused. */
  unknownProviders: string[];
};

/**
 * Reads and validates the auth settings for the configured environment.
 * A bad provider entry throws ConfigError naming the key path.
 */
export function readAuthSettings(config: AtriumConfig, backendBaseUrl: string): AuthSettings {
  const auth = config.auth as AtriumConfig["auth"] & Record<string, unknown>;
  const environment = auth.environment;
  const problems: string[] = [];
  const providers: ProviderConfig[] = [];
  const unknownProviders: string[] = [];
  for (const [id, environments] of Object.entries(auth.providers)) {
    if (!isProviderId(id)) {
      unknownProviders.push(id);
      continue;
    }
    const raw = environments[environment];
    if (raw === undefined) continue;
    const parsed = providerSchema.safeParse(raw);
    const keyPath = ["auth", "providers", id, environment];
    if (!parsed.success) {
      problems.push(...formatConfigIssues(parsed.error.issues.map((issue) => ({ ...issue, path: [...keyPath, ...issue.path] }))));
      continue;
    }
    for (const key of REQUIRED_KEYS[id] ?? []) {
      if (!parsed.data[key]) problems.push(`Missing required config value at '${[...keyPath, key].join(".")}'`);
    }
    const { additionalScopes, signIn, ...rest } = parsed.data;
    providers.push({
      ...rest,
      id,
      environment,
      callbackUrl: parsed.data.callbackUrl ?? `${backendBaseUrl}/api/auth/${id}/handler/frame`,
      scopes: normalizeScopes(PROVIDERS[id].defaultScopes, parsed.data.scope, additionalScopes),
      resolvers: signIn?.resolvers ?? [],
    });
  }
  const devIdp = configBoolean.optional().safeParse(auth.developmentIdentityProvider);
  if (!devIdp.success) problems.push(...formatConfigIssues(devIdp.error.issues.map((issue) => ({ ...issue, path: ["auth", "developmentIdentityProvider"] }))));
  const rateLimit = rateLimitSchema.optional().safeParse(auth.loginRateLimit);
  if (!rateLimit.success) problems.push(...formatConfigIssues(rateLimit.error.issues.map((issue) => ({ ...issue, path: ["auth", "loginRateLimit", ...issue.path] }))));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    environment,
    providers,
    developmentIdentityProvider: environment === "development" && devIdp.data === true,
    loginRateLimit: rateLimit.data ?? DEFAULT_LOGIN_RATE_LIMIT,
    unknownProviders,
  };
}

/** A provider's metadataUrl may be a path (the embedded development identity provider): resolved against the backend. */
export function absoluteUrl(value: string, backendBaseUrl: string): string {
  if (value.startsWith("/")) return `${backendBaseUrl}${value}`;
  return value;
}
