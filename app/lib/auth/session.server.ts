import { cookiePath, parseCookies, serializeCookie } from "../http/cookies";

// The browser's session is the user token itself, in an httpOnly,
// SameSite=Lax cookie under the base path (Secure over https). API clients
// send the same token as `Authorization: Bearer`.

export const SESSION_COOKIE = "atrium-session";
/** A session is renewed when fewer than this many seconds remain (spec: 180). */
export const SESSION_REFRESH_THRESHOLD_SECONDS = 180;

export function sessionCookie(token: string, options: { basePath: string; secure: boolean; expiresAt: number }): string {
  const maxAgeSeconds = Math.max(0, Math.floor((options.expiresAt - Date.now()) / 1000));
  return serializeCookie(SESSION_COOKIE, token, { path: cookiePath(options.basePath), maxAgeSeconds, secure: options.secure });
}

export function clearedSessionCookie(options: { basePath: string; secure: boolean }): string {
  return serializeCookie(SESSION_COOKIE, "", { path: cookiePath(options.basePath), maxAgeSeconds: 0, secure: options.secure });
}

/** The token a request carries, and where: a Bearer header wins over the cookie. */
export function requestToken(headers: { authorization?: string | null; cookie?: string | null }): { token: string; from: "header" | "cookie" } | undefined {
  const header = headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    return match ? { token: match[1], from: "header" } : { token: "", from: "header" };
  }
  const cookie = parseCookies(headers.cookie)[SESSION_COOKIE];
  return cookie ? { token: cookie, from: "cookie" } : undefined;
}
