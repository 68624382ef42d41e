import { InputError } from "../errors";
import { FEATURE_FLAGS_BUCKET, type FeatureFlag } from "./feature-flags";
import type { UserSettingsService } from "./user-settings.server";

// A user's active flags: one key per active flag in the 'feature-flags'
// bucket, so that switching one flag never rewrites the others.

export async function activeFeatureFlags(settings: UserSettingsService, userEntityRef: string): Promise<Set<string>> {
  const stored = await settings.list({ userEntityRef, bucket: FEATURE_FLAGS_BUCKET });
  return new Set(stored.filter((setting) => setting.value === true).map((setting) => setting.key));
}

export async function isFeatureFlagActive(settings: UserSettingsService, userEntityRef: string, name: string): Promise<boolean> {
  return (await settings.find({ userEntityRef, bucket: FEATURE_FLAGS_BUCKET, key: name }))?.value === true;
}

/** Switches a registered flag on or off; a flag nobody registered is refused. */
export async function setFeatureFlag(settings: UserSettingsService, registered: readonly FeatureFlag[], options: { userEntityRef: string; name: string; active: boolean }): Promise<void> {
  if (!registered.some((flag) => flag.name === options.name)) throw new InputError(`No feature flag named '${options.name.slice(0, 200)}' is registered`);
  const address = { userEntityRef: options.userEntityRef, bucket: FEATURE_FLAGS_BUCKET, key: options.name };
  if (options.active) await settings.set({ ...address, value: true });
  else await settings.delete(address);
}
