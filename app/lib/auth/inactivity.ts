// The inactivity prompt's clock (Backstage's auth.autologout): after
// idleTimeoutMinutes without activity in any tab the user is signed out, and
// promptBeforeIdleSeconds before that a prompt asks whether they are still there.

export type AutologoutSettings = { idleTimeoutMinutes: number; promptBeforeIdleSeconds: number; logoutIfDisconnected: boolean };
export type InactivityState = { phase: "active" } | { phase: "prompt"; secondsLeft: number } | { phase: "idle" };

/** Where the tabs share the time of the last activity, so that activity in one keeps all of them signed in. */
export const LAST_ACTIVITY_KEY = "atrium-last-activity";

/** The DOM events that count as activity (Backstage's list, less the legacy ones). */
export const ACTIVITY_EVENTS = ["mousemove", "keydown", "wheel", "mousedown", "touchstart", "touchmove", "visibilitychange"] as const;

export function inactivityState(now: number, lastActivity: number, settings: AutologoutSettings): InactivityState {
  const timeoutMs = settings.idleTimeoutMinutes * 60_000;
  const idleMs = Math.max(0, now - lastActivity);
  if (idleMs >= timeoutMs) return { phase: "idle" };
  const promptMs = settings.promptBeforeIdleSeconds * 1000;
  if (promptMs > 0 && idleMs >= timeoutMs - promptMs) return { phase: "prompt", secondsLeft: Math.ceil((timeoutMs - idleMs) / 1000) };
  return { phase: "active" };
}

/**
 * On opening the app: a user whose last activity in any tab is older than the
 * idle timeout had no tab open for that long ("disconnected"), and is signed
 * out at once when logoutIfDisconnected is on.
 */
export function wasDisconnectedTooLong(now: number, storedLastActivity: number | undefined, settings: AutologoutSettings): boolean {
  return settings.logoutIfDisconnected && storedLastActivity !== undefined && now - storedLastActivity >= settings.idleTimeoutMinutes * 60_000;
}
