// Alerts for the top-of-screen display. A transient alert disappears by
// itself after TRANSIENT_ALERT_TIMEOUT_MS; any alert can be closed by hand.

export const TRANSIENT_ALERT_TIMEOUT_MS = 5000;
export const ALERT_SEVERITIES = ["success", "info", "warning", "error"] as const;

export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export type AlertMessage = {
  message: string;
  severity: AlertSeverity;
  display: "transient" | "permanent";
};

const MAX_MESSAGE_LENGTH = 500;

/** Keeps only well-formed alerts; what comes back from a cookie is untrusted. */
export function sanitizeAlerts(value: unknown): AlertMessage[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 10).flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const { message, severity, display } = item as Record<string, unknown>;
    if (typeof message !== "string" || !message) return [];
    return [
      {
        message: message.slice(0, MAX_MESSAGE_LENGTH),
        severity: (ALERT_SEVERITIES as readonly unknown[]).includes(severity) ? (severity as AlertSeverity) : "info",
        display: display === "permanent" ? "permanent" : "transient",
      },
    ];
  });
}
