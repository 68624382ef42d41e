import type { Identity } from "../auth/identity";
import { cookiePath, parseCookies, serializeCookie } from "../http/cookies";
import { isLanguage } from "../i18n/i18n";
import { isTheme, readPreferences, type Preferences } from "./preferences";
import { preferenceCookies } from "./preferences.server";
import type { UserSettingsService } from "./user-settings.server";

// Theme, language and sidebar choices follow a signed-in user: they are kept
// in the user-settings store (bucket 'user-settings') and mirrored in the
// preference cookies that server rendering reads (decisions 005 and 009).

export const PREFERENCES_BUCKET = "user-settings";
const PREFERENCE_KEYS = ["theme", "language", "sidebarPinned", "sidebarIntroDismissed"] as const satisfies ReadonlyArray<keyof Preferences>;

/**
 * Names the user whose stored settings the preference cookies mirror. While
 * it names the visitor, pages trust the cookies; once it lapses (after
 * MIRROR_SECONDS) or names someone else, the store is read again, so a change
 * made in another browser arrives within that time.
 */
export const MIRROR_COOKIE = "atrium-settings-mirror";
export const MIRROR_SECONDS = 5 * 60;

/**
 * The guest has no verified identity and every guest is the same
 * user:default/guest: its look stays in each browser's cookies rather than
 * being shared through the store.
 */
export function keepsPreferencesOnServer(identity: Identity | undefined): identity is Identity {
  return identity !== undefined && identity.provider !== "guest";
}

export async function storedPreferences(settings: UserSettingsService, userEntityRef: string): Promise<Partial<Preferences>> {
  const stored: Partial<Preferences> = {};
  for (const { key, value } of await settings.list({ userEntityRef, bucket: PREFERENCES_BUCKET })) {
    if (key === "theme" && isTheme(value)) stored.theme = value;
    if (key === "language" && isLanguage(value)) stored.language = value;
    if ((key === "sidebarPinned" || key === "sidebarIntroDismissed") && typeof value === "boolean") stored[key] = value;
  }
  return stored;
}

/** Stores the given choices for a signed-in user (a no-op for the guest) and returns the cookies that mirror them. */
export async function savePreferences(
  settings: UserSettingsService,
  identity: Identity | undefined,
  preferences: Partial<Preferences>,
  basePath: string,
): Promise<string[]> {
  if (keepsPreferencesOnServer(identity)) {
    for (const key of PREFERENCE_KEYS) {
      const value = preferences[key];
      if (value !== undefined) await settings.set({ userEntityRef: identity.userEntityRef, bucket: PREFERENCES_BUCKET, key, value });
    }
  }
  return preferenceCookies(preferences, basePath);
}

/**
 * The preferences a page renders with: the cookies, brought in line with the
 * store when the mirror is not known to be current (Set-Cookie on `headers`).
 */
export async function preferencesForPage(
  settings: UserSettingsService,
  identity: Identity | undefined,
  cookieHeader: string | null,
  basePath: string,
  headers: Headers,
): Promise<Preferences> {
  const fromCookies = readPreferences(cookieHeader);
  if (!keepsPreferencesOnServer(identity)) return fromCookies;
  if (parseCookies(cookieHeader)[MIRROR_COOKIE] === identity.userEntityRef) return fromCookies;
  const stored = await storedPreferences(settings, identity.userEntityRef);
  for (const cookie of preferenceCookies(stored, basePath)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", serializeCookie(MIRROR_COOKIE, identity.userEntityRef, { path: cookiePath(basePath), maxAgeSeconds: MIRROR_SECONDS }));
  return { ...fromCookies, ...stored };
}
