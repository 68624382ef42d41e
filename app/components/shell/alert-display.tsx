import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { AlertsContext } from "~/components/ui/use-alerts";
import { TRANSIENT_ALERT_TIMEOUT_MS, type AlertMessage } from "~/lib/alerts/alerts";

const SEVERITY_STYLES: Record<AlertMessage["severity"], string> = {
  success: "bg-emerald-700",
  info: "bg-sky-700",
  warning: "bg-amber-600",
  error: "bg-red-700",
};

/**
 * The top-of-screen alert display: a queue in which the first alert is shown
 * with a count of newer ones appended. Alerts come from the server (posted by
 * an action before its redirect) or from the browser through useAlerts().
 */
export function AlertDisplay({ initial, children }: { initial: AlertMessage[]; children: ReactNode }) {
  const [queue, setQueue] = useState<AlertMessage[]>(initial);
  const [serverAlerts, setServerAlerts] = useState(initial);
  if (serverAlerts !== initial) {
    // A new page render brought alerts flashed by an action: queue them.
    setServerAlerts(initial);
    if (initial.length > 0) setQueue((current) => [...current, ...initial]);
  }
  const post = useCallback((alert: AlertMessage) => setQueue((current) => [...current, alert]), []);
  const dismiss = useCallback(() => setQueue((current) => current.slice(1)), []);
  const api = useMemo(() => ({ post }), [post]);

  const first = queue[0];
  useEffect(() => {
    if (first?.display !== "transient") return;
    const timer = setTimeout(dismiss, TRANSIENT_ALERT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [first, dismiss]);

  return (
    <AlertsContext.Provider value={api}>
      {first ? <AlertBar alert={first} newer={queue.length - 1} onClose={dismiss} /> : null}
      {children}
    </AlertsContext.Provider>
  );
}

function AlertBar({ alert, newer, onClose }: { alert: AlertMessage; newer: number; onClose: () => void }) {
  const t = useTranslation();
  const location = useLocation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="alert-display"
      data-severity={alert.severity}
      className={`fixed inset-x-0 top-0 z-50 flex items-center justify-center gap-3 px-4 py-2 text-sm text-white shadow ${SEVERITY_STYLES[alert.severity]}`}
    >
      <span>
        {alert.message}
        {newer > 0 ? <em className="ml-2">{t("alertDisplay.newer", { count: newer })}</em> : null}
      </span>
      {/* Without JavaScript, closing reloads the page, whose flash was already consumed. */}
      <a
        href={`${location.pathname}${location.search}`}
        onClick={(event) => {
          event.preventDefault();
          onClose();
        }}
        aria-label={t("alertDisplay.close")}
        className="rounded px-2 font-bold hover:bg-white/20"
      >
        ×
      </a>
    </div>
  );
}
