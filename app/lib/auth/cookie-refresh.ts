// The browser's loop that keeps the app cookie alive, as Backstage's: ask
// {app}/.backstage/auth/v1/cookie for a fresh cookie a little before the
// current one expires, back off on failure, and tell the other tabs so that
// one tab refreshes for all of them.

export const COOKIE_PATH = "/.backstage/auth/v1/cookie";
/** Never refresh sooner than this after a success: the server would hand back the same expiry. */
export const MIN_REFRESH_DELAY_MS = 5 * 60_000;
/** Refresh 1 to 4 minutes (at random) before expiry, so that tabs do not all refresh at once. */
export const MIN_JITTER_MS = 60_000;
export const MAX_JITTER_MS = 4 * 60_000;
export const INITIAL_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 5 * 60_000;
export const REFRESH_CHANNEL = "app-auth-cookie-expires-at";

/** How long to wait before refreshing a cookie that expires at `expiresAt`; `random` is in [0, 1). */
export function cookieRefreshDelay(expiresAt: number, now: number, random: number): number {
  const jitter = MIN_JITTER_MS + (MAX_JITTER_MS - MIN_JITTER_MS) * random;
  return Math.max(expiresAt - now, MIN_REFRESH_DELAY_MS) - jitter;
}

/** The wait after a failure: 5 s after the first one, then doubling, at most 5 minutes. */
export function nextRetryDelay(previous: number | undefined): number {
  return previous === undefined ? INITIAL_RETRY_MS : Math.min(previous * 2, MAX_RETRY_MS);
}

type Message = { action: "COOKIE_REFRESH_SUCCESS"; payload: { expiresAt: string } };

export type CookieRefreshOptions = {
  /** The app's base URL path ('' or '/portal'). */
  basePath: string;
  fetch: typeof fetch;
  /** Called for a failure that follows an earlier success: the alert 'Session refresh failed, see developer console for details'. */
  onFailure: (error: unknown) => void;
  channel?: Pick<BroadcastChannel, "postMessage" | "addEventListener" | "removeEventListener" | "close">;
  random?: () => number;
  now?: () => number;
};

/** Starts the loop at once; returns its stop function. */
export function startCookieRefresh(options: CookieRefreshOptions): () => void {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let succeeded = false;
  let retryDelay: number | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, delay);
  };

  async function refresh() {
    try {
      const response = await options.fetch(`${options.basePath}${COOKIE_PATH}`, { credentials: "include", headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`Request failed with status ${response.status} ${response.statusText}, see request towards ${COOKIE_PATH} for more details`);
      const expiresAt = Date.parse(((await response.json()) as { expiresAt?: string }).expiresAt ?? "");
      if (Number.isNaN(expiresAt)) throw new Error("No valid expiration date in response");
      succeeded = true;
      retryDelay = undefined;
      options.channel?.postMessage({ action: "COOKIE_REFRESH_SUCCESS", payload: { expiresAt: new Date(expiresAt).toISOString() } } satisfies Message);
      schedule(cookieRefreshDelay(expiresAt, now(), random()));
    } catch (error) {
      retryDelay = nextRetryDelay(retryDelay);
      // Before any success the session may simply not exist yet: stay quiet.
      if (succeeded) options.onFailure(error);
      schedule(retryDelay);
    }
  }

  const onMessage = (event: Event) => {
    const data = (event as MessageEvent<unknown>).data as Partial<Message> | null;
    if (data?.action !== "COOKIE_REFRESH_SUCCESS") return;
    const expiresAt = Date.parse(data.payload?.expiresAt ?? "");
    if (!Number.isNaN(expiresAt)) schedule(cookieRefreshDelay(expiresAt, now(), random()));
  };
  options.channel?.addEventListener("message", onMessage);
  void refresh();

  return () => {
    stopped = true;
    clearTimeout(timer);
    options.channel?.removeEventListener("message", onMessage);
    options.channel?.close();
  };
}
