import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useId, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import { WarningPanel } from "~/components/ui/warning-panel";
import type { KubernetesDrawerView } from "~/lib/kubernetes/drawer-view";
import type { EventRow } from "~/lib/kubernetes/events-view";
import { TAB_PARAMS } from "~/lib/kubernetes/tab-urls";
import { EventsList, LogViewer, TerminalViewer } from "./drawer-viewers";
import { MetadataTable } from "./metadata-table";
import { PodDetails } from "./pod-details";
import { TabLink } from "./tab-link";
import { useTabLinks } from "./use-tab-links";

/** What the page loaded through the proxy for the open drawer (`logs=`, `events=1`). */
export type DrawerExtras = {
  logs?: { container: string; previous: boolean; text?: string; error?: string };
  events?: { rows: EventRow[]; error?: string };
};

/** Half the page beside the tab (Backstage's drawers are 50% wide); the whole width of a phone. */
export const DRAWER_WIDTH = "w-full sm:w-1/2";

const PANEL = `fixed inset-y-0 right-0 flex ${DRAWER_WIDTH} flex-col overflow-hidden bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100`;

/**
 * The drawer of one object, open when the URL says `drawer=`. The server
 * renders it open beside an overlay that links back to the tab, so it works
 * without JavaScript; hydrated it is Headless UI's Dialog (decision 026):
 * modal, focus kept inside and given back, and Escape or a click outside
 * goes to the tab without the drawer's parameters.
 */
export function KubernetesDrawer({ drawer, extras = {} }: { drawer: KubernetesDrawerView; extras?: DrawerExtras }) {
  const hydrated = useHydrated();
  const titleId = useId();
  const links = useTabLinks();
  const navigate = useNavigate();
  const closeTo = links.close();
  const header = <DrawerHeader drawer={drawer} titleId={titleId} scripted={hydrated} closeTo={closeTo} />;
  const body = (
    <div className="min-h-0 flex-1 overflow-auto px-6 py-4">
      <DrawerBody drawer={drawer} extras={extras} />
    </div>
  );
  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-40 bg-black/50" data-testid="kubernetes-drawer-overlay">
        <TabLink to={closeTo} aria-hidden="true" tabIndex={-1} className="absolute inset-0">
          <span className="sr-only">{drawer.name}</span>
        </TabLink>
        <aside role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="kubernetes-drawer" data-drawer={drawer.key} className={PANEL}>
          {header}
          {body}
        </aside>
      </div>
    );
  }
  return (
    <Dialog open onClose={() => void navigate(closeTo, { preventScrollReset: true })} className="fixed inset-0 z-50" data-testid="kubernetes-drawer-dialog">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <DialogPanel data-testid="kubernetes-drawer" data-drawer={drawer.key} className={PANEL}>
        {header}
        {body}
      </DialogPanel>
    </Dialog>
  );
}

function DrawerHeader({ drawer, titleId, scripted, closeTo }: { drawer: KubernetesDrawerView; titleId: string; scripted: boolean; closeTo: string }) {
  const t = useTranslation();
  const links = useTabLinks();
  const title: ReactNode = drawer.name;
  const heading = "text-xl font-semibold break-all";
  const action = "rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 px-6 py-4 dark:border-slate-700">
      <div className="flex items-start justify-between gap-4">
        <div>
          {scripted ? (
            <DialogTitle as="h2" id={titleId} className={heading}>
              {title}
            </DialogTitle>
          ) : (
            <h2 id={titleId} className={heading}>
              {title}
            </h2>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {drawer.kind} · {t("kubernetes.drawer.cluster", { cluster: drawer.clusterTitle })}
          </p>
        </div>
        <TabLink
          to={closeTo}

          aria-label={t("kubernetes.drawer.close")}
          title={t("kubernetes.drawer.close")}
          className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          ×
        </TabLink>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <TabLink
          to={links.with({
            [TAB_PARAMS.yaml]: drawer.showYaml ? undefined : "1",
            [TAB_PARAMS.managedFields]: undefined,
            [TAB_PARAMS.logs]: undefined,
            [TAB_PARAMS.previous]: undefined,
            [TAB_PARAMS.events]: undefined,
            [TAB_PARAMS.terminal]: undefined,
          })}

          role="switch"
          aria-checked={drawer.showYaml}
          data-yaml-toggle=""
          className={action}
        >
          <span aria-hidden="true" className={`mr-2 inline-block h-3 w-6 rounded-full align-middle ${drawer.showYaml ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-600"}`}>
            <span className={`block h-3 w-3 rounded-full bg-white shadow ${drawer.showYaml ? "translate-x-3" : ""}`} />
          </span>
          {t("kubernetes.drawer.yaml")}
        </TabLink>
        {drawer.showYaml ? (
          <TabLink to={links.with({ [TAB_PARAMS.managedFields]: drawer.showManagedFields ? undefined : "1" })} className={action}>
            {drawer.showManagedFields ? t("kubernetes.drawer.hideManagedFields") : t("kubernetes.drawer.showManagedFields")}
          </TabLink>
        ) : null}
        {drawer.dashboard.link ? (
          <Link to={drawer.dashboard.link} className={`${action} text-brand-700 dark:text-brand-200`}>
            {t("kubernetes.drawer.openDashboard")}
          </Link>
        ) : null}
      </div>
      {drawer.dashboard.failure ? (
        <WarningPanel title={drawer.dashboard.failure.title} message={drawer.dashboard.failure.message}>
          <p className="font-mono text-sm">{drawer.dashboard.failure.errorMessage}</p>
        </WarningPanel>
      ) : null}
    </div>
  );
}

function DrawerBody({ drawer, extras }: { drawer: KubernetesDrawerView; extras: DrawerExtras }) {
  const [params] = useSearchParams();
  if (extras.logs) return <LogViewer logs={extras.logs} />;
  if (extras.events) return <EventsList name={drawer.name} events={extras.events} />;
  const terminal = params.get(TAB_PARAMS.terminal);
  if (terminal && drawer.pod?.terminalAvailable) return <TerminalViewer container={terminal} drawer={drawer} />;
  return (
    <div className="flex flex-col gap-6">
      {drawer.showYaml ? (
        <pre data-testid="kubernetes-yaml" className="overflow-auto rounded bg-slate-100 p-3 font-mono text-xs leading-5 dark:bg-slate-800">
          <code>{drawer.yaml}</code>
        </pre>
      ) : drawer.pod ? null : (
        <MetadataTable name={drawer.name} rows={drawer.metadata} />
      )}
      {drawer.pod && !drawer.showYaml ? <PodDetails drawer={drawer} pod={drawer.pod} /> : null}
    </div>
  );
}
