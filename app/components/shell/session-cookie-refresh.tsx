import { useEffect } from "react";
import { REFRESH_CHANNEL, startCookieRefresh } from "~/lib/auth/cookie-refresh";
import { useAlerts } from "./alert-display";
import { useTranslation } from "./root-data";

/** Keeps the session's app cookie alive while a signed-in tab is open (spec section 9). */
export function SessionCookieRefresh({ basePath }: { basePath: string }) {
  const alerts = useAlerts();
  const t = useTranslation();
  const failureMessage = t("session.refreshFailed");
  useEffect(
    () =>
      startCookieRefresh({
        basePath,
        fetch: window.fetch.bind(window),
        channel: typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(REFRESH_CHANNEL),
        onFailure: (error) => {
          console.error("Session cookie refresh failed", error);
          alerts.post({ message: failureMessage, severity: "error", display: "permanent" });
        },
      }),
    [basePath, alerts, failureMessage],
  );
  return null;
}
