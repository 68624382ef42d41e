import { cookiePath, serializeCookie } from "../http/cookies";
import { PREFERENCE_COOKIES, type Preferences } from "./preferences";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Set-Cookie headers that store the given preferences for a year. */
export function preferenceCookies(preferences: Partial<Preferences>, basePath: string): string[] {
  const options = { path: cookiePath(basePath), maxAgeSeconds: ONE_YEAR_SECONDS };
  const cookies: string[] = [];
  if (preferences.theme) cookies.push(serializeCookie(PREFERENCE_COOKIES.theme, preferences.theme, options));
  if (preferences.language) cookies.push(serializeCookie(PREFERENCE_COOKIES.language, preferences.language, options));
  if (preferences.sidebarPinned !== undefined) {
    cookies.push(serializeCookie(PREFERENCE_COOKIES.sidebarPinned, String(preferences.sidebarPinned), options));
  }
  if (preferences.sidebarIntroDismissed !== undefined) {
    cookies.push(serializeCookie(PREFERENCE_COOKIES.sidebarIntroDismissed, String(preferences.sidebarIntroDismissed), options));
  }
  return cookies;
}
