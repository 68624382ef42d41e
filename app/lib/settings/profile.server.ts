import { isGuest, type Identity } from "../auth/identity";
import { pageCredentials } from "../auth/request-credentials.server";
import type { Catalog } from "../catalog/catalog.server";
import { entityProfile, profileText } from "../catalog/profile";

// The identity card of Settings > General: name, email and picture from the
// user's User entity (spec.profile), or the entity ref when the catalog does
// not know the user (or the policy does not let the user read it).

export type UserProfile = {
  userEntityRef: string;
  displayName: string;
  email?: string;
  picture?: string;
  guest: boolean;
  /** Stars this browser made as a guest that a signed-in user may keep (guest-stars.server.ts). */
  guestStars?: number;
};

export async function userProfile(catalog: Catalog, identity: Identity): Promise<UserProfile> {
  // Read with the user's own credentials: a policy that hides the User entity hides the profile too.
  const entity = await catalog.entities.entityByRef(identity.userEntityRef, { credentials: pageCredentials(identity) }).catch(() => undefined);
  const profile = entityProfile(entity);
  return {
    userEntityRef: identity.userEntityRef,
    // A Custom User without a verified ID token is a guest with the typed name, for display only.
    displayName: profileText(identity.displayName) ?? profile.displayName ?? profileText(entity?.metadata.title) ?? identity.userEntityRef,
    email: profile.email,
    picture: profile.picture,
    guest: isGuest(identity) || identity.provider === "guest",
  };
}
