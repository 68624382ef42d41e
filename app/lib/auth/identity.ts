// Who a request acts for. Backstage's shape: the user's entity ref and the
// refs it owns through (itself and its groups), all lower-cased.

export type Identity = {
  userEntityRef: string;
  ownershipEntityRefs: string[];
  /** How the user signed in: 'guest', 'custom', or a provider id. */
  provider: string;
  /**
   * A guest's browser: every guest is user:default/guest for permissions, but
   * each browser keeps its own settings under this random id (settingsOwnerOf).
   */
  guestId?: string;
  /** A name shown for display only (a Custom User without a verified ID token); it grants nothing. */
  displayName?: string;
};

export const GUEST_USER_REF = "user:default/guest";

export const GUEST_IDENTITY: Identity = { userEntityRef: GUEST_USER_REF, ownershipEntityRefs: [GUEST_USER_REF], provider: "guest" };

/** One guest browser: the guest's permissions, its own settings scope. */
export function guestIdentity(guestId: string, extra: { provider?: string; displayName?: string } = {}): Identity {
  return { ...GUEST_IDENTITY, guestId, provider: extra.provider ?? "guest", ...(extra.displayName ? { displayName: extra.displayName } : {}) };
}

/** Whether the identity is a guest's (whatever page it came through): it has the guest's permissions only. */
export function isGuest(identity: Identity): boolean {
  return identity.userEntityRef === GUEST_USER_REF && identity.guestId !== undefined;
}

/**
 * Whose settings (stars, recently visited, feature flags, home layout) an
 * identity reads and writes: a user's own, or one guest browser's. A guest id
 * never looks like an entity ref, so it cannot meet a user's settings.
 */
export function settingsOwnerOf(identity: Identity): string {
  return identity.guestId ? `guest:${identity.guestId}` : identity.userEntityRef;
}

/**
 * The sign-in options offered (auth.signInPage: a list such as [guest,
 * custom, oidc]). No list, or an empty one, means there is no sign-in page
 * and every visitor is the guest.
 */
export function signInOptions(value: unknown): string[] {
  const list = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  return [...new Set(list.filter((item): item is string => typeof item === "string" && item.length > 0))];
}

/** Custom sign-in: an optional ID token must at least look like an OpenID Connect JWT. */
export function isOpenIdConnectJwt(token: string): boolean {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => /^[\w-]*$/.test(part)) || !parts[0] || !parts[1]) return false;
  try {
    const header = JSON.parse(decodeBase64Url(parts[0]));
    const payload = JSON.parse(decodeBase64Url(parts[1]));
    return typeof header?.alg === "string" && typeof payload?.iss === "string" && typeof payload?.sub === "string";
  } catch {
    return false;
  }
}

function decodeBase64Url(value: string): string {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}
