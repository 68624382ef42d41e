import { cookiePath, parseCookies, serializeCookie } from "../http/cookies";
import { sanitizeAlerts, type AlertMessage } from "./alerts";

// An action posts an alert that must survive its redirect: the alert rides in
// a short-lived cookie and the next page render takes it out again.

const FLASH_COOKIE = "atrium-flash";
const FLASH_MAX_AGE_SECONDS = 60;

/** A Set-Cookie header that queues `alerts` after those already waiting in `request`. */
export function flashAlerts(request: Request, basePath: string, ...alerts: AlertMessage[]): string {
  const waiting = readFlash(request);
  const value = Buffer.from(JSON.stringify([...waiting, ...alerts])).toString("base64url");
  return serializeCookie(FLASH_COOKIE, value, { path: cookiePath(basePath), maxAgeSeconds: FLASH_MAX_AGE_SECONDS });
}

/** The alerts waiting for this request, and the header that clears them (if any were waiting). */
export function takeFlashAlerts(request: Request, basePath: string): { alerts: AlertMessage[]; setCookie?: string } {
  const alerts = readFlash(request);
  if (!parseCookies(request.headers.get("cookie"))[FLASH_COOKIE]) return { alerts };
  return { alerts, setCookie: serializeCookie(FLASH_COOKIE, "", { path: cookiePath(basePath), maxAgeSeconds: 0 }) };
}

function readFlash(request: Request): AlertMessage[] {
  const raw = parseCookies(request.headers.get("cookie"))[FLASH_COOKIE];
  if (!raw) return [];
  try {
    return sanitizeAlerts(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    return [];
  }
}
