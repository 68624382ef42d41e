import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import type { ClusterSection, ClusterView } from "~/lib/kubernetes/tab-view";
import { CronJobRows, JobRows } from "./job-rows";
import { IngressRows, ServiceRows } from "./network-rows";
import { CustomResourceRows, RolloutRows } from "./rollout-rows";
import { useTabLinks } from "./use-tab-links";
import { WorkloadRows } from "./workload-rows";

function SectionRows({ section }: { section: ClusterSection }) {
  switch (section.id) {
    case "customResources":
      return (
        <div className="flex flex-col gap-2">
          {section.rollouts.length > 0 ? <RolloutRows rows={section.rollouts} /> : null}
          {section.others.length > 0 ? <CustomResourceRows rows={section.others} /> : null}
        </div>
      );
    case "deployments":
    case "daemonSets":
    case "statefulSets":
      return <WorkloadRows rows={section.rows} />;
    case "ingresses":
      return <IngressRows rows={section.rows} />;
    case "services":
      return <ServiceRows rows={section.rows} />;
    case "cronJobs":
      return <CronJobRows rows={section.rows} />;
    case "jobs":
      return <JobRows rows={section.rows} />;
  }
}

/**
 * Backstage's `Cluster`: a card that opens onto the cluster's sections
 * (only those with objects). A `<details>`, so it works without JavaScript;
 * the summary is the cluster's title, its pod count and its pods with errors.
 */
export function ClusterCard({ cluster }: { cluster: ClusterView }) {
  const t = useTranslation();
  const links = useTabLinks();
  const headingId = `kubernetes-cluster-${cluster.name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <details data-cluster={cluster.name} open={links.pagesPodsIn(cluster.name)} className="group rounded bg-white shadow dark:bg-slate-900">
      <summary className="grid cursor-pointer list-none grid-cols-12 items-center gap-2 px-4 py-3 [&::-webkit-details-marker]:hidden">
        <div className="col-span-12 flex flex-col sm:col-span-6">
          <h3 id={headingId} className="text-lg font-semibold">
            {cluster.title}
          </h3>
          <span className="text-xs text-slate-600 dark:text-slate-400">{t("kubernetes.clusters.cluster")}</span>
        </div>
        <div className="col-span-12 flex flex-col gap-1 sm:col-span-5">
          <StatusBadge status="ok">{t("kubernetes.clusters.pods", { count: cluster.podCount })}</StatusBadge>
          <StatusBadge status={cluster.podsWithErrors > 0 ? "error" : "ok"}>{cluster.podsWithErrorsText}</StatusBadge>
        </div>
        <span aria-hidden="true" className="col-span-12 justify-self-end text-slate-500 group-open:rotate-180 sm:col-span-1">
          ▾
        </span>
      </summary>
      <div className="flex flex-col gap-6 border-t border-slate-200 p-4 dark:border-slate-700">
        {cluster.sections.map((section) => (
          <section key={section.id} data-section={section.id} aria-labelledby={`${headingId}-${section.id}`}>
            <h4 id={`${headingId}-${section.id}`} className="mb-2 font-semibold">
              {t(`kubernetes.sections.${section.id}`)}
            </h4>
            <SectionRows section={section} />
          </section>
        ))}
      </div>
    </details>
  );
}
