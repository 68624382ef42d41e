import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import type { PodSummary } from "~/lib/kubernetes/pod-rows";
import type { WorkloadRow } from "~/lib/kubernetes/tab-view";
import { ExpandableRow, NameCell } from "./expandable-row";
import { ObjectLink } from "./object-link";
import { PodsTable } from "./pods-table";
import { useTabLinks } from "./use-tab-links";

/** '3 pods' and 'No pods with errors' or 'N pod(s) with errors', as every workload's bar ends. */
export function PodCounts({ pods }: { pods: PodSummary }) {
  const t = useTranslation();
  return (
    <div className="col-span-12 flex flex-col gap-1 sm:col-span-3">
      <StatusBadge status="ok">{t("kubernetes.clusters.pods", { count: pods.count })}</StatusBadge>
      <StatusBadge status={pods.withErrors > 0 ? "error" : "ok"}>{pods.withErrorsText}</StatusBadge>
    </div>
  );
}

/** Backstage's `DeploymentsAccordions`, `StatefulSetsAccordions` and `DaemonSetsAccordions`: the bar, then the pod table. */
export function WorkloadRows({ rows }: { rows: WorkloadRow[] }) {
  const links = useTabLinks();
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <ExpandableRow key={row.link.drawer} testId={row.link.drawer} name={row.link.name} open={links.pagesPodsOf(row.link.drawer)} summary={<WorkloadSummary row={row} />}>
          <PodsTable rows={row.pods.rows} owner={row.link.name} ownerKey={row.link.drawer} />
        </ExpandableRow>
      ))}
    </div>
  );
}

function WorkloadSummary({ row }: { row: WorkloadRow }) {
  const t = useTranslation();
  return (
    <>
      <NameCell name={<ObjectLink link={row.link} />} kind={row.kind} />
      <div className="col-span-12 text-sm sm:col-span-4">
        <p>{t("kubernetes.rows.namespace", { namespace: row.link.namespace })}</p>
        {row.autoscaler ? (
          <ul data-autoscaler="" className="text-slate-700 dark:text-slate-300">
            {row.autoscaler.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <PodCounts pods={row.pods} />
    </>
  );
}
