import { EmptyState } from "~/components/ui/empty-state";
import { Progress } from "~/components/ui/progress";
import { useTranslation } from "~/components/ui/root-data";
import type { KubernetesDrawerView } from "~/lib/kubernetes/drawer-view";
import type { KubernetesTabView } from "~/lib/kubernetes/tab-view";
import { ClusterCard } from "./cluster-card";
import { KubernetesDrawer, type DrawerExtras } from "./drawer";
import { ErrorReporting } from "./error-reporting";
import { KubernetesMissingAnnotation, KubernetesPermissionRequired } from "./notices";
import { RetrievalWarning } from "./retrieval-warning";
import { useKubernetesRefresh } from "./use-refresh";

/** What the tab's loader decided: the entity lacks the annotations, the visitor lacks the permissions, or the content. */
export type KubernetesTabState =
  { kind: "missing-annotation"; entityKind: string } | { kind: "permission-required" } | { kind: "content"; view: KubernetesTabView; drawer?: KubernetesDrawerView; extras?: DrawerExtras };

/** The Kubernetes tab of an entity page, rendered from its state on the server (Backstage's `EntityKubernetesContent`). */
export function KubernetesTab({ state }: { state: KubernetesTabState }) {
  if (state.kind === "missing-annotation") return <KubernetesMissingAnnotation kind={state.entityKind} />;
  if (state.kind === "permission-required") return <KubernetesPermissionRequired />;
  return <KubernetesContent view={state.view} drawer={state.drawer} extras={state.extras} />;
}

/** Backstage's `KubernetesContent`: the warning, Error Reporting, then 'Your Clusters' or the empty state; the drawer over it. */
export function KubernetesContent({ view, drawer, extras }: { view: KubernetesTabView; drawer?: KubernetesDrawerView; extras?: DrawerExtras }) {
  const t = useTranslation();
  // Logs, events and a terminal are read at a moment; reloading under them would only move the text.
  useKubernetesRefresh(!extras?.logs && !extras?.events);
  return (
    <div className="flex flex-col gap-6" data-testid="kubernetes-content">
      {view.retrievalWarning ? <RetrievalWarning warning={view.retrievalWarning} /> : null}
      {view.empty ? (
        <EmptyState missing="data" title={view.empty.title} description={view.empty.description} />
      ) : (
        <>
          {view.errorReport.length > 0 ? <ErrorReporting rows={view.errorReport} /> : null}
          <section aria-labelledby="kubernetes-clusters-title" className="flex flex-col gap-3">
            <h2 id="kubernetes-clusters-title" className="text-xl font-semibold">
              {t("kubernetes.clusters.heading")}
            </h2>
            {view.clusters.map((cluster) => (
              <ClusterCard key={cluster.name} cluster={cluster} />
            ))}
          </section>
        </>
      )}
      {drawer ? <KubernetesDrawer drawer={drawer} extras={extras} /> : null}
    </div>
  );
}

/** While the objects load (a deferred loader): the kit's delayed progress bar. */
export function KubernetesLoading() {
  const t = useTranslation();
  return <Progress label={t("kubernetes.loading")} />;
}
