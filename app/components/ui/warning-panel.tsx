import type { ReactNode } from "react";
import { useTranslation } from "./root-data";

export type PanelSeverity = "error" | "warning" | "info" | "success";

const SEVERITY_LOOK: Record<PanelSeverity, string> = {
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
};

/** The colours of a panel of this severity; other kit panels share them. */
export function panelLook(severity: PanelSeverity): string {
  return `rounded border p-4 ${SEVERITY_LOOK[severity]}`;
}

/**
 * Backstage's WarningPanel: a title, an optional message, and details folded
 * away under the title (a <details>, so it opens without JavaScript).
 */
export function WarningPanel({
  title,
  message,
  severity = "warning",
  defaultExpanded = false,
  children,
}: {
  title: ReactNode;
  message?: ReactNode;
  severity?: PanelSeverity;
  defaultExpanded?: boolean;
  children?: ReactNode;
}) {
  const role = severity === "error" || severity === "warning" ? "alert" : "status";
  if (!children) {
    return (
      <section role={role} data-severity={severity} className={panelLook(severity)}>
        <h2 className="font-semibold">{title}</h2>
        {message ? <div className="mt-1">{message}</div> : null}
      </section>
    );
  }
  return (
    <details role={role} data-severity={severity} open={defaultExpanded} className={`group ${panelLook(severity)}`}>
      <summary className="cursor-pointer font-semibold">{title}</summary>
      {message ? <div className="mt-1">{message}</div> : null}
      <div className="mt-2">{children}</div>
    </details>
  );
}

/**
 * An alert whose body is longer than a line: the first part is always
 * shown, the rest behind 'Show more' (a <details>, no script needed).
 */
export function ExpandableAlertPanel({ title, severity = "info", summary, children }: { title: ReactNode; severity?: PanelSeverity; summary?: ReactNode; children: ReactNode }) {
  const t = useTranslation();
  return (
    <section role={severity === "error" || severity === "warning" ? "alert" : "status"} data-severity={severity} className={panelLook(severity)}>
      <h2 className="font-semibold">{title}</h2>
      {summary ? <div className="mt-1">{summary}</div> : null}
      <details className="group mt-2">
        <summary className="cursor-pointer text-sm underline">
          <span className="group-open:hidden">{t("uiKit.warningPanel.showMore")}</span>
          <span className="hidden group-open:inline">{t("uiKit.warningPanel.showLess")}</span>
        </summary>
        <div className="mt-2">{children}</div>
      </details>
    </section>
  );
}
