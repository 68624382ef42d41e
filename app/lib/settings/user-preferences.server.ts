import { GUEST_USER_REF, type Identity } from "../auth/identity";
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
 * Names the user whose stored settings the preference cookies mirror, and
 * when they were last read: `{userEntityRef}|{epoch ms}`. While it names the
 * visitor and is younger than MIRROR_SECONDS, pages trust the cookies; after
 * that the store is read again, so a change made in another browser arrives
 * within that time. When it names someone else, another user signed in on
 * this browser and the cookies start again from the defaults.
 */
export const MIRROR_COOKIE = "atrium-settings-mirror";
export const MIRROR_SECONDS = 5 * 60;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readMirror(value: string | undefined): { userEntityRef: string; syncedAt: number } | undefined {
  const separator = value?.lastIndexOf("|") ?? -1;
  if (!value || separator <= 0) return undefined;
  const syncedAt = Number(value.slice(separator + 1));
  return Number.isFinite(syncedAt) ? { userEntityRef: value.slice(0, separator), syncedAt } : undefined;
}

/**
 * A guest (a Custom User without a verified ID token included) has no
 * verified identity: its look stays in its browser's cookies, which are
 * already that browser's own.
 */
export function keepsPreferencesOnServer(identity: Identity | undefined): identity is Identity {
  return identity !== undefined && identity.provider !== "guest" && identity.userEntityRef !== GUEST_USER_REF;
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
export async function savePreferences(settings: UserSettingsService, identity: Identity | undefined, preferences: Partial<Preferences>, basePath: string): Promise<string[]> {
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
export async function preferencesForPage(settings: UserSettingsService, identity: Identity | undefined, cookieHeader: string | null, basePath: string, headers: Headers): Promise<Preferences> {
  const fromCookies = readPreferences(cookieHeader);
  if (!keepsPreferencesOnServer(identity)) return fromCookies;
  const mirror = readMirror(parseCookies(cookieHeader)[MIRROR_COOKIE]);
  const now = Date.now();
  if (mirror?.userEntityRef === identity.userEntityRef && now - mirror.syncedAt < MIRROR_SECONDS * 1000 && now >= mirror.syncedAt) return fromCookies;
  // Someone else's cookies are not a starting point; this user's own (or a guest's just before signing in) are.
  const base = mirror && mirror.userEntityRef !== identity.userEntityRef ? readPreferences(null) : fromCookies;
  const preferences = { ...base, ...(await storedPreferences(settings, identity.userEntityRef)) };
  for (const cookie of preferenceCookies(preferences, basePath)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", serializeCookie(MIRROR_COOKIE, `${identity.userEntityRef}|${now}`, { path: cookiePath(basePath), maxAgeSeconds: ONE_YEAR_SECONDS }));
  return preferences;
}
