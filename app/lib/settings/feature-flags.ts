// Feature flags, as Backstage has them: registered by name and plugin, and
// switched on or off by each user. Atrium has no plugin packages, so flags are
// registered in app-config (app.featureFlags) and kept per user on the server.

export type FeatureFlag = { name: string; pluginId: string; description?: string };

/** The bucket of the user-settings store that holds a user's active flags (one key per active flag). */
export const FEATURE_FLAGS_BUCKET = "feature-flags";

/** Backstage's rule and messages: 3 to 150 characters, a lowercase letter first, then lowercase letters, digits and hyphens. */
export function featureFlagNameProblem(name: string): string | undefined {
  if (name.length < 3) return `The '${name}' feature flag must have a minimum length of three characters.`;
  if (name.length > 150) return `The '${name}' feature flag must not exceed 150 characters.`;
  if (!/^[a-z]+[a-z0-9-]+$/.test(name)) {
    return `The '${name}' feature flag must start with a lowercase letter and only contain lowercase letters, numbers and hyphens. Examples: feature-flag-one, alpha, release-2020`;
  }
  return undefined;
}
