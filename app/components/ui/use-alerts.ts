import { createContext, useContext } from "react";
import type { AlertMessage } from "~/lib/alerts/alerts";

// The browser's way to post an alert. The kit's copy buttons post through it;
// the shell's alert display (app/components/shell/alert-display.tsx) provides
// it, so the kit depends on the context and not on the shell.

export type AlertsApi = { post(alert: AlertMessage): void };

export const AlertsContext = createContext<AlertsApi>({ post: () => undefined });

/** Post an alert from the browser (errors of copy buttons, failed fetches). */
export function useAlerts(): AlertsApi {
  return useContext(AlertsContext);
}
