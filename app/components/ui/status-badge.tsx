import type { ReactNode } from "react";
import { useTranslation } from "./root-data";

export const STATUSES = ["ok", "warning", "error", "pending", "running", "aborted"] as const;
export type Status = (typeof STATUSES)[number];

const DOT: Record<Status, string> = {
  ok: "bg-emerald-600 dark:bg-emerald-400",
  warning: "bg-amber-500 dark:bg-amber-400",
  error: "bg-red-600 dark:bg-red-400",
  pending: "bg-slate-400 dark:bg-slate-500",
  running: "bg-sky-600 motion-safe:animate-pulse dark:bg-sky-400",
  aborted: "bg-slate-700 dark:bg-slate-300",
};

/**
 * Backstage's StatusOK, StatusWarning, ... as one badge: a coloured dot (the
 * running one pulses) and a text, the status's name unless given one.
 */
export function StatusBadge({ status, children }: { status: Status; children?: ReactNode }) {
  const t = useTranslation();
  return (
    <span data-status={status} className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${DOT[status]}`} />
      {children ? (
        <span>
          <span className="sr-only">{t(`uiKit.status.${status}`)}: </span>
          {children}
        </span>
      ) : (
        <span>{t(`uiKit.status.${status}`)}</span>
      )}
    </span>
  );
}
