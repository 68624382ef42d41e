import { useEffect } from "react";
import { REFRESH_CHANNEL, startCookieRefresh } from "~/lib/auth/cookie-refresh";
import { useAlerts } from "~/components/ui/use-alerts";
import { useTranslation } from "~/components/ui/root-data";

/** Keeps the session's app cookie alive while a signed-in tab is open (app/lib/auth/cookie-refresh.ts). */
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
