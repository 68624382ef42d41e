import { Form, useRevalidator } from "react-router";
import { useEffect, useRef, useState } from "react";
import { Link } from "~/components/ui/link";
import { Markdown } from "~/components/ui/markdown";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { StatusBadge, type Status } from "~/components/ui/status-badge";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDuration, stepDuration, type StepStatus, type TaskProgress } from "./task-progress";
import { useTaskStream } from "./use-task-stream";

export type TaskOutputLink = { title: string; url: string; internal: boolean };
export type TaskOutputText = { title: string; html: string };

export type TaskPageData = {
  task: { id: string; status: string; createdAt: string; createdBy?: string; templateTitle: string; ended: boolean };
  progress: TaskProgress;
  output: { links: TaskOutputLink[]; text: TaskOutputText[] };
  logsHidden: boolean;
  /** The wizard of the task's template with its values, when the template is known. */
  startOverPath?: string;
  canCancel: boolean;
  canRetry: boolean;
  /** The page's own URL with the logs shown or hidden: the toggle is a link, so it works without JavaScript. */
  toggleLogsPath: string;
  /** When the server rendered the page: running steps count from it until the browser's clock ticks, so hydration matches. */
  renderedAt: number;
};

/** How often the page refreshes itself without JavaScript while the task runs. */
export const TASK_REFRESH_SECONDS = 3;

const STEP_BADGE: Record<StepStatus, Status> = { open: "pending", processing: "running", completed: "ok", failed: "error", cancelled: "aborted", skipped: "pending" };

export function TaskPage({ data }: { data: TaskPageData }) {
  const t = useTranslation();
  const basePath = useBasePath();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { progress, connection } = useTaskStream({ taskId: data.task.id, basePath, initial: data.progress, enabled: hydrated && !data.task.ended });
  // The completion came live: the server renders the outcome (status, output links, Markdown text, buttons).
  const revalidated = useRef(false);
  useEffect(() => {
    if (progress.completed && !data.task.ended && !revalidated.current) {
      revalidated.current = true;
      void revalidator.revalidate();
    }
  }, [progress.completed, data.task.ended, revalidator]);
  const now = useNow(data.renderedAt, !progress.completed && hydrated);

  return (
    <div className="flex flex-col gap-6" data-testid="task-page" data-task-status={data.task.status}>
      {/* Without JavaScript the page reloads itself while the task runs; noscript keeps this from scripted browsers. */}
      {!data.task.ended ? <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${TASK_REFRESH_SECONDS}">` }} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        {data.canCancel ? (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="rounded border border-red-600 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950">
              {t("scaffolderPages.task.cancel")}
            </button>
          </Form>
        ) : null}
        {data.canRetry ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              {t("scaffolderPages.task.retry")}
            </button>
          </Form>
        ) : null}
        {data.startOverPath && data.task.ended ? (
          <Link to={data.startOverPath} className="rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
            {t("scaffolderPages.task.startOver")}
          </Link>
        ) : null}
        <Link to={data.toggleLogsPath} className="rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          {t(data.logsHidden ? "scaffolderPages.task.showLogs" : "scaffolderPages.task.hideLogs")}
        </Link>
        {!data.task.ended ? (
          <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="task-connection" data-connection={connection}>
            {hydrated ? (connection === "live" ? t("scaffolderPages.task.live") : null) : t("scaffolderPages.task.refreshing", { seconds: TASK_REFRESH_SECONDS })}
          </span>
        ) : null}
      </div>

      <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
        <section aria-labelledby="task-steps-title" className="rounded bg-white p-4 shadow dark:bg-slate-900">
          <h2 id="task-steps-title" className="mb-3 text-lg font-semibold">
            {t("scaffolderPages.task.steps")}
          </h2>
          <ol className="flex flex-col gap-2" aria-label={t("scaffolderPages.task.stepsLabel")}>
            {progress.steps.map((step) => {
              const duration = stepDuration(step, now);
              return (
                <li key={step.id} data-testid={`task-step-${step.id}`} data-step-status={step.status} className="flex flex-col rounded border border-slate-200 px-3 py-2 dark:border-slate-700">
                  <span className="font-semibold">{step.name}</span>
                  <span className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <StatusBadge status={STEP_BADGE[step.status]}>{t(`scaffolderPages.status.${step.status}`)}</StatusBadge>
                    <span className="text-slate-600 dark:text-slate-400">{duration === undefined ? t("scaffolderPages.task.notStarted") : formatDuration(duration, t)}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </section>

        <div className="flex min-w-0 flex-col gap-6">
          {progress.error ? (
            <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200">
              {progress.error}
            </p>
          ) : null}
          {data.output.links.length || data.output.text.length ? <TaskOutput output={data.output} /> : null}
          {data.logsHidden ? null : (
            <section aria-labelledby="task-log-title" className="min-w-0 rounded bg-white p-4 shadow dark:bg-slate-900">
              <h2 id="task-log-title" className="mb-3 text-lg font-semibold">
                {t("scaffolderPages.task.log")}
              </h2>
              {progress.log.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("scaffolderPages.task.noLog")}</p>
              ) : (
                <pre data-testid="task-log" aria-live="polite" className="rounded bg-slate-950 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-100">
                  {progress.log.map((line) => `${line.at} ${line.stepId ? `[${line.stepId}] ` : ""}${line.message}`).join("\n")}
                </pre>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

function TaskOutput({ output }: { output: TaskPageData["output"] }) {
  const t = useTranslation();
  return (
    <section aria-labelledby="task-output-title" className="rounded bg-white p-4 shadow dark:bg-slate-900" data-testid="task-output">
      <h2 id="task-output-title" className="mb-3 text-lg font-semibold">
        {t("scaffolderPages.task.output")}
      </h2>
      {output.links.length ? (
        <ul aria-label={t("scaffolderPages.task.links")} className="mb-3 flex flex-wrap gap-2">
          {output.links.map((link) => (
            <li key={`${link.title}-${link.url}`}>
              <Link
                to={link.url}
                className="inline-block rounded border border-brand-600 px-3 py-1 font-semibold text-brand-700 hover:bg-brand-50 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/10"
              >
                {link.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {output.text.map((text) => (
        <div key={text.title} className="mt-3">
          <h3 className="font-semibold">{text.title}</h3>
          <Markdown html={text.html} />
        </div>
      ))}
    </section>
  );
}

/** The clock running steps' durations count on, ticking each second while anything runs. */
function useNow(initial: number, ticking: boolean): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
