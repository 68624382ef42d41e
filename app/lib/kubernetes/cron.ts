import type { V1CronJob, V1Job } from "@kubernetes/client-node";
import cronstrue from "cronstrue";

// Cron jobs and jobs as a cluster card shows them, after Backstage's
// kubernetes-react (`utils/crons.ts`, `CronJobsAccordions`, `JobsAccordions`).

/** The schedule macros Kubernetes accepts (kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/). */
const SCHEDULE_MACROS: ReadonlyMap<string, string> = new Map([
  ["@yearly", "0 0 1 1 *"],
  ["@annually", "0 0 1 1 *"],
  ["@monthly", "0 0 1 * *"],
  ["@weekly", "0 0 * * 0"],
  ["@daily", "0 0 * * *"],
  ["@midnight", "0 0 * * *"],
  ["@hourly", "0 * * * *"],
]);

/**
 * A schedule in plain English ("At 12:00 AM, only on Sunday"). A schedule
 * cronstrue cannot read comes back as it is (its macro expanded), so the row
 * never breaks over a typo in a manifest.
 */
export function humanizeCron(schedule: string): string {
  const expanded = SCHEDULE_MACROS.get(schedule) ?? schedule;
  try {
    return cronstrue.toString(expanded);
  } catch {
    return expanded;
  }
}

/** The row's schedule: "@hourly (Every hour)", or 'N/A' without one. */
export function cronJobScheduleText(cronJob: V1CronJob): string {
  const schedule = cronJob.spec?.schedule;
  return schedule ? `${schedule} (${humanizeCron(schedule)})` : "N/A";
}

export type CronJobState = "Active" | "Suspended";

export function cronJobState(cronJob: V1CronJob): CronJobState {
  return cronJob.spec?.suspend ? "Suspended" : "Active";
}

export type JobStatusBadge = { label: "Succeeded" | "Running" | "Failed"; level: "ok" | "pending" | "error" };

/**
 * A job's badges from its status counts. Backstage shows each count that is
 * non-zero, so a job with retries still running shows both Running and
 * Failed; in that order: Succeeded, Running, Failed.
 */
export function jobStatusBadges(job: V1Job): JobStatusBadge[] {
  const badges: JobStatusBadge[] = [];
  if (job.status?.succeeded) badges.push({ label: "Succeeded", level: "ok" });
  if (job.status?.active) badges.push({ label: "Running", level: "pending" });
  if (job.status?.failed) badges.push({ label: "Failed", level: "error" });
  return badges;
}
