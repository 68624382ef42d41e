import type { Catalog } from "../catalog/catalog.server";
import type { Entity } from "../catalog/entity";
import type { FilterPredicate } from "../catalog/query/predicate";
import { AuthenticationError } from "../errors";
import type { Identity } from "./identity";
import { ownershipEntityRefs } from "./ownership.server";
import type { ProviderConfig, ResolverConfig } from "./provider-config.server";
import type { ProviderProfile } from "./provider-profiles.server";
import type { ProviderId } from "./providers";
import { INTERNAL_CREDENTIALS } from "./credentials";

// Sign-in resolvers: Backstage's names, each mapping a provider's profile to
// one User entity of the catalog. They are tried in the configured order;
// when none matches, the error names the user and every reason.

export const RESOLVER_NAMES = [
  "emailMatchingUserEntityProfileEmail",
  "emailLocalPartMatchingUserEntityName",
  "emailMatchingUserEntityAnnotation",
  "usernameMatchingUserEntityName",
  "usernameMatchingUserEntityAnnotation",
  "userIdMatchingUserEntityAnnotation",
] as const;

const EMAIL_ANNOTATIONS: Partial<Record<ProviderId, string>> = { google: "google.com/email", microsoft: "microsoft.com/email", okta: "okta.com/email" };
const USERNAME_ANNOTATIONS: Partial<Record<ProviderId, string>> = {
  github: "github.com/user-login",
  gitlab: "gitlab.com/username",
  bitbucket: "bitbucket.org/username",
  bitbucketServer: "bitbucket.org/username",
  openshift: "openshift.io/username",
  oidc: "oidc/username",
};
const USER_ID_ANNOTATIONS: Partial<Record<ProviderId, string>> = { github: "github.com/user-id", gitlab: "gitlab.com/user-id", bitbucket: "bitbucket.org/user-id", oidc: "oidc/sub" };

/** Without configured resolvers: email for OpenID Connect providers, the login name for source-control hosts. */
export function defaultResolvers(provider: ProviderId): ResolverConfig[] {
  const byEmail = ["oidc", "google", "microsoft", "okta", "vmwareCloudServices"].includes(provider);
  return [{ resolver: byEmail ? "emailMatchingUserEntityProfileEmail" : "usernameMatchingUserEntityName" }];
}

/** Why one resolver found no user: what it looked for and what it found. */
class NoMatch extends Error {
  constructor(
    readonly handle: string | undefined,
    reason: string,
  ) {
    super(reason);
  }
}

async function findOne(catalog: Catalog, filter: FilterPredicate, description: string, handle: string): Promise<Entity> {
  const { items } = await catalog.entities.queryEntities({ filter: { $all: [{ kind: "user" }, filter] }, limit: 2 }, { credentials: INTERNAL_CREDENTIALS });
  if (items.length === 0) throw new NoMatch(handle, `no User entity in the catalog has ${description}`);
  if (items.length > 1) throw new NoMatch(handle, `more than one User entity has ${description}`);
  return items[0] as Entity;
}

async function byName(catalog: Catalog, name: string, description: string): Promise<Entity> {
  const entity = await catalog.entities.entityByRef(`user:default/${name}`, { credentials: INTERNAL_CREDENTIALS }).catch(() => undefined);
  if (!entity) throw new NoMatch(name, `no User entity in the catalog is named '${name}' (${description})`);
  return entity;
}

function requireHandle(value: string | undefined, what: string): string {
  if (!value) throw new NoMatch(undefined, `the profile from the provider has no ${what}`);
  return value;
}

async function runResolver(catalog: Catalog, providerId: ProviderId, resolver: ResolverConfig, profile: ProviderProfile): Promise<Entity> {
  switch (resolver.resolver) {
    case "emailMatchingUserEntityProfileEmail": {
      const email = requireHandle(profile.email, "email");
      return findOne(catalog, { "spec.profile.email": email }, `spec.profile.email '${email}'`, email);
    }
    case "emailLocalPartMatchingUserEntityName": {
      const email = requireHandle(profile.email, "email");
      return byName(catalog, email.split("@")[0], `the local part of ${email}`);
    }
    case "emailMatchingUserEntityAnnotation": {
      const email = requireHandle(profile.email, "email");
      const annotation = resolver.annotation ?? EMAIL_ANNOTATIONS[providerId] ?? `${providerId}/email`;
      return findOne(catalog, { [`metadata.annotations.${annotation}`]: email }, `the annotation ${annotation}: '${email}'`, email);
    }
    case "usernameMatchingUserEntityName": {
      const username = requireHandle(profile.username, "username");
      return byName(catalog, username, `the ${providerId} username`);
    }
    case "usernameMatchingUserEntityAnnotation": {
      const username = requireHandle(profile.username, "username");
      const annotation = resolver.annotation ?? USERNAME_ANNOTATIONS[providerId] ?? `${providerId}/username`;
      return findOne(catalog, { [`metadata.annotations.${annotation}`]: username }, `the annotation ${annotation}: '${username}'`, username);
    }
    case "userIdMatchingUserEntityAnnotation": {
      const userId = requireHandle(profile.userId, "user id");
      const annotation = resolver.annotation ?? USER_ID_ANNOTATIONS[providerId] ?? `${providerId}/user-id`;
      return findOne(catalog, { [`metadata.annotations.${annotation}`]: userId }, `the annotation ${annotation}: '${userId}'`, userId);
    }
    default:
      throw new NoMatch(undefined, `the sign-in resolver '${resolver.resolver}' is unknown (known: ${RESOLVER_NAMES.join(", ")})`);
  }
}

/**
 * The identity a provider's profile signs in as. Throws AuthenticationError
 * saying which user could not be resolved and why, resolver by resolver.
 */
export async function resolveSignIn(catalog: Catalog, provider: ProviderConfig, profile: ProviderProfile): Promise<Identity> {
  const resolvers = provider.resolvers.length ? provider.resolvers : defaultResolvers(provider.id);
  const reasons: string[] = [];
  let handle: string | undefined;
  for (const resolver of resolvers) {
    try {
      const entity = await runResolver(catalog, provider.id, resolver, profile);
      const userEntityRef = `user:${entity.metadata.namespace ?? "default"}/${entity.metadata.name}`.toLocaleLowerCase("en-US");
      return { userEntityRef, ownershipEntityRefs: await ownershipEntityRefs(catalog, userEntityRef), provider: provider.id };
    } catch (error) {
      if (!(error instanceof NoMatch)) throw error;
      handle ??= error.handle;
      reasons.push(`${resolver.resolver}: ${error.message}`);
    }
  }
  const who = handle ?? profile.email ?? profile.username ?? profile.displayName ?? "the signed-in user";
  throw new AuthenticationError(`Failed to sign in: could not resolve user '${who}' from ${provider.id} to a User entity of the catalog (${reasons.join("; ")})`);
}
