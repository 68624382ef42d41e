import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import type { CronJobRow, JobRow, TimeText } from "~/lib/kubernetes/tab-view";
import { ExpandableRow, NameCell } from "./expandable-row";
import { ObjectLink } from "./object-link";
import { PodsTable } from "./pods-table";
import { useTabLinks } from "./use-tab-links";

const JOB_BADGE = { ok: "ok", pending: "running", error: "error" } as const;

function Time({ time }: { time: TimeText }) {
  return (
    <time dateTime={time.iso} title={time.iso}>
      {time.relative}
    </time>
  );
}

/** Backstage's `JobsAccordions`: Succeeded, Running or Failed, start and completion, then the job's pods. */
export function JobRows({ rows }: { rows: JobRow[] }) {
  const t = useTranslation();
  const links = useTabLinks();
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <ExpandableRow
          key={row.link.drawer}
          testId={row.link.drawer}
          name={row.link.name}
          open={links.pagesPodsOf(row.link.drawer)}
          summary={
            <>
              <NameCell name={<ObjectLink link={row.link} />} kind="Job" />
              <div className="col-span-12 flex flex-col gap-1 sm:col-span-3">
                {row.badges.map((badge) => (
                  <StatusBadge key={badge.label} status={JOB_BADGE[badge.level]}>
                    {badge.label}
                  </StatusBadge>
                ))}
              </div>
              <div className="col-span-12 text-sm sm:col-span-4">
                {row.startTime ? (
                  <p>
                    {t("kubernetes.rows.startTime", { time: "" })}
                    <Time time={row.startTime} />
                  </p>
                ) : null}
                {row.completionTime ? (
                  <p>
                    {t("kubernetes.rows.completionTime", { time: "" })}
                    <Time time={row.completionTime} />
                  </p>
                ) : null}
              </div>
            </>
          }
        >
          <PodsTable rows={row.pods.rows} owner={row.link.name} ownerKey={row.link.drawer} />
        </ExpandableRow>
      ))}
    </div>
  );
}

/** Backstage's `CronJobsAccordions`: Active or Suspended, the schedule in plain language, then its jobs newest first. */
export function CronJobRows({ rows }: { rows: CronJobRow[] }) {
  const t = useTranslation();
  const links = useTabLinks();
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <ExpandableRow
          key={row.link.drawer}
          testId={row.link.drawer}
          name={row.link.name}
          open={row.jobs.some((job) => links.pagesPodsOf(job.link.drawer))}
          summary={
            <>
              <NameCell name={<ObjectLink link={row.link} />} kind="CronJob" />
              <div className="col-span-12 sm:col-span-3">
                <StatusBadge status={row.state === "Active" ? "running" : "pending"}>{row.state}</StatusBadge>
              </div>
              <p className="col-span-12 text-sm sm:col-span-4">{t("kubernetes.rows.schedule", { schedule: row.schedule })}</p>
            </>
          }
        >
          {row.jobs.length > 0 ? <JobRows rows={row.jobs} /> : <p className="text-sm">{t("kubernetes.rows.noJobs")}</p>}
        </ExpandableRow>
      ))}
    </div>
  );
}
