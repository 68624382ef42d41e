import { useTranslation } from "~/components/ui/root-data";
import { WarningPanel } from "~/components/ui/warning-panel";
import type { KubernetesTabView } from "~/lib/kubernetes/tab-view";

/** Backstage's kubernetes-react `ErrorPanel`: the failing clusters, each with its lines, under the warning. */
export function RetrievalWarning({ warning }: { warning: NonNullable<KubernetesTabView["retrievalWarning"]> }) {
  const t = useTranslation();
  return (
    <WarningPanel title={warning.title} message={warning.message} defaultExpanded>
      {warning.loadError ? <p>{t("kubernetes.warning.errors", { message: warning.loadError })}</p> : null}
      <ul className="flex flex-col gap-2">
        {warning.clusters.map((cluster) => (
          <li key={cluster.cluster}>
            <p className="font-semibold">{t("kubernetes.warning.cluster", { cluster: cluster.cluster })}</p>
            {cluster.lines.map((line, index) => (
              <p key={index} className="font-mono text-sm break-all">
                {line}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </WarningPanel>
  );
}
