import { randomBytes } from "node:crypto";
import { cookiePath, parseCookies, serializeCookie } from "../http/cookies";

// Each guest browser keeps its own settings (stars, recently visited, feature
// flags, home layout) under a random guest id. The id lives in a long-lived
// httpOnly cookie so that the browser finds its settings again after its
// one-hour session has lapsed; every session the browser gets as a guest
// carries the same id in its user token (tokens.server.ts, claim `gst`).
// The id is a bearer secret for that browser's guest settings only: every
// guest has the permissions of user:default/guest whatever its id.

export const GUEST_COOKIE = "atrium-guest";
const GUEST_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const GUEST_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function isGuestId(value: unknown): value is string {
  return typeof value === "string" && GUEST_ID.test(value);
}

/** The browser's guest id, or a new one with the cookie that keeps it. */
export function browserGuestId(cookieHeader: string | null, options: { basePath: string; secure: boolean }): { guestId: string; setCookie?: string } {
  const sent = parseCookies(cookieHeader)[GUEST_COOKIE];
  if (isGuestId(sent)) return { guestId: sent };
  const guestId = randomBytes(18).toString("base64url");
  return { guestId, setCookie: serializeCookie(GUEST_COOKIE, guestId, { path: cookiePath(options.basePath), maxAgeSeconds: GUEST_COOKIE_MAX_AGE_SECONDS, secure: options.secure }) };
}

/** The guest id this browser had, if any: a user who signed in may take their guest stars along. */
export function previousGuestId(cookieHeader: string | null): string | undefined {
  const sent = parseCookies(cookieHeader)[GUEST_COOKIE];
  return isGuestId(sent) ? sent : undefined;
}
