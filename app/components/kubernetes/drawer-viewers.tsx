import { EmptyState } from "~/components/ui/empty-state";
import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import { WarningPanel } from "~/components/ui/warning-panel";
import type { KubernetesDrawerView } from "~/lib/kubernetes/drawer-view";
import type { EventRow } from "~/lib/kubernetes/events-view";
import { TAB_PARAMS } from "~/lib/kubernetes/tab-urls";
import { PodTerminal } from "./pod-terminal";
import { TabLink } from "./tab-link";
import { useTabLinks } from "./use-tab-links";

/** The log viewer is at least 55rem tall, as Backstage's `PodLogs` is. */
export const LOG_VIEWER_MIN_HEIGHT = "min-h-[55rem]";

function BackToPod() {
  const t = useTranslation();
  const links = useTabLinks();
  return (
    <TabLink
      to={links.with({ [TAB_PARAMS.logs]: undefined, [TAB_PARAMS.previous]: undefined, [TAB_PARAMS.events]: undefined, [TAB_PARAMS.terminal]: undefined })}

      className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
    >
      ← {t("kubernetes.logs.back")}
    </TabLink>
  );
}

/** A container's logs (or, with `previous`, its previous run's: a crash), as the page loaded them through the proxy. */
export function LogViewer({ logs }: { logs: { container: string; previous: boolean; text?: string; error?: string } }) {
  const t = useTranslation();
  return (
    <section aria-labelledby="kubernetes-logs-title" data-testid="kubernetes-logs" className="flex flex-col gap-3">
      <BackToPod />
      <h3 id="kubernetes-logs-title" className="text-lg font-semibold">
        {logs.previous ? t("kubernetes.logs.previousTitle", { container: logs.container }) : t("kubernetes.logs.title", { container: logs.container })}
      </h3>
      {logs.error ? (
        <WarningPanel severity="error" title={t("kubernetes.logs.failed", { message: logs.error })} />
      ) : logs.text ? (
        <pre className={`${LOG_VIEWER_MIN_HEIGHT} overflow-auto rounded bg-slate-950 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-100`}>{logs.text}</pre>
      ) : (
        <div className={LOG_VIEWER_MIN_HEIGHT}>
          <EmptyState missing="data" title={t("kubernetes.logs.empty")} description={t("kubernetes.logs.emptyDescription")} />
        </div>
      )}
    </section>
  );
}

/** An object's events, warnings marked (Backstage's `Events`). */
export function EventsList({ name, events }: { name: string; events: { rows: EventRow[]; error?: string } }) {
  const t = useTranslation();
  return (
    <section aria-labelledby="kubernetes-events-title" data-testid="kubernetes-events" className="flex flex-col gap-3">
      <BackToPod />
      <h3 id="kubernetes-events-title" className="text-lg font-semibold">
        {t("kubernetes.events.title", { name })}
      </h3>
      {events.error ? (
        <WarningPanel severity="error" title={t("kubernetes.events.failed", { message: events.error })} />
      ) : events.rows.length === 0 ? (
        <p role="status">{t("kubernetes.events.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {events.rows.map((event) => (
            <li key={event.key} className="rounded border border-slate-200 p-3 text-sm dark:border-slate-700">
              <StatusBadge status={event.warning ? "warning" : "ok"}>
                <strong>{event.reason}</strong>
              </StatusBadge>
              <p>{event.message}</p>
              <p className="text-slate-600 dark:text-slate-400">
                {t("kubernetes.events.count", { count: event.count })}
                {event.since ? ` · ${t("kubernetes.events.first", { time: event.since })}` : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A container's terminal (pod-terminal.tsx), in the drawer of its pod. */
export function TerminalViewer({ container, drawer }: { container: string; drawer: KubernetesDrawerView }) {
  const t = useTranslation();
  const title = t("kubernetes.terminal.title", { container });
  return (
    <section aria-labelledby="kubernetes-terminal-title" data-testid="kubernetes-terminal" className="flex flex-col gap-3">
      <BackToPod />
      <h3 id="kubernetes-terminal-title" className="text-lg font-semibold">
        {title}
      </h3>
      <PodTerminal label={title} namespace={drawer.namespace} pod={drawer.name} container={container} />
    </section>
  );
}
