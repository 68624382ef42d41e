import { formatRelativeTime, type KubernetesTime } from "./relative-time";

// The events of an object as the drawer lists them (Backstage's
// kubernetes-react `Events/Events.tsx`): warnings marked, with reason,
// message, how often and since when. The proxy's answer is loaded by the
// page; this only shapes it.

export type KubernetesEvent = {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  metadata?: { name?: string; creationTimestamp?: KubernetesTime };
};

export type EventRow = { key: string; warning: boolean; reason: string; message: string; count: number; since?: string };

/** Newest first; only warnings when `warningsOnly` (a fix's "events" points at what went wrong). */
export function eventRows(events: KubernetesEvent[], now: Date, warningsOnly = false): EventRow[] {
  return events
    .filter((event) => !warningsOnly || event.type === "Warning")
    .map((event, index) => ({
      key: event.metadata?.name ?? String(index),
      warning: event.type === "Warning",
      reason: event.reason ?? "",
      message: event.message ?? "",
      count: event.count ?? 1,
      since: formatRelativeTime(event.metadata?.creationTimestamp, now),
      time: new Date(String(event.metadata?.creationTimestamp ?? 0)).getTime() || 0,
    }))
    .sort((a, b) => b.time - a.time)
    .map(({ time: _time, ...row }) => row);
}
