import { isGuest, settingsOwnerOf, type Identity } from "../auth/identity";
import { previousGuestId } from "../auth/guest.server";
import { starredEntityRefs, STARRED_BUCKET, STARRED_KEY } from "../catalog/starred.server";
import type { UserSettingsService } from "./user-settings.server";

// A user who signed in on a browser they used as a guest starts from their
// own settings (docs/decisions/020); the guest's stars stay the guest's
// unless the user asks to keep them, with one form post from Settings.

/** The stars this browser's guest has that the signed-in user does not, for the offer to keep them. */
export async function guestStarsToKeep(settings: UserSettingsService, identity: Identity, cookieHeader: string | null): Promise<string[]> {
  const guestId = previousGuestId(cookieHeader);
  if (!guestId || isGuest(identity)) return [];
  const [guest, own] = await Promise.all([starredEntityRefs(settings, settingsOwnerOf({ ...identity, guestId })), starredEntityRefs(settings, settingsOwnerOf(identity))]);
  const owned = new Set(own.map((ref) => ref.toLocaleLowerCase("en-US")));
  return guest.filter((ref) => !owned.has(ref.toLocaleLowerCase("en-US")));
}

/** Adds this browser's guest stars to the user's own; returns how many were added. */
export async function keepGuestStars(settings: UserSettingsService, identity: Identity, cookieHeader: string | null): Promise<number> {
  const added = await guestStarsToKeep(settings, identity, cookieHeader);
  if (added.length === 0) return 0;
  const userEntityRef = settingsOwnerOf(identity);
  await settings.set({ userEntityRef, bucket: STARRED_BUCKET, key: STARRED_KEY, value: [...(await starredEntityRefs(settings, userEntityRef)), ...added] });
  return added.length;
}
