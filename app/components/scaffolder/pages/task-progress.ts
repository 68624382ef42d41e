// What the task page shows of a task, folded from its events: each step's
// status and times, the log lines per step, and, once the completion event
// came, the output or the error. The server folds the events it has when it
// renders the page, and the browser keeps folding the ones the event stream
// (or the polling fallback) brings, so both show the same thing. Events are
// shaped as Backstage's scaffolder sends them (plugins/scaffolder-common,
// SerializedTaskEvent): a log event's body has the message and, for a step,
// its stepId and status.

import type { Translate } from "~/lib/i18n/i18n";

export type TaskStatus = "open" | "processing" | "completed" | "failed" | "cancelled";
export type StepStatus = "open" | "processing" | "completed" | "failed" | "cancelled" | "skipped";

export type TaskEventView = {
  id: number;
  type: string;
  createdAt: string;
  body: { message?: string; stepId?: string; status?: string; output?: unknown; error?: { name?: string; message?: string } };
};

export type StepView = { id: string; name: string; status: StepStatus; startedAt?: string; endedAt?: string };
export type LogLine = { id: number; at: string; stepId?: string; message: string };

export type TaskProgress = {
  steps: StepView[];
  log: LogLine[];
  /** The completion event came (or the task ended before it was read). */
  completed: boolean;
  output?: unknown;
  error?: string;
  /** The last event folded in: where the stream picks up. */
  lastEventId?: number;
};

const STEP_STATUSES = new Set<string>(["open", "processing", "completed", "failed", "cancelled", "skipped"]);
const ENDED = new Set<string>(["completed", "failed", "cancelled", "skipped"]);
/** The log a browser keeps; older lines fall off (the server keeps every event). */
export const MAX_LOG_LINES = 5000;

export function initialProgress(steps: ReadonlyArray<{ id: string; name?: string }>): TaskProgress {
  return { steps: steps.map((step) => ({ id: step.id, name: step.name ?? step.id, status: "open" })), log: [], completed: false };
}

/** `progress` with `events` folded in; events already folded (by id) are ignored, so a replayed stream is harmless. */
export function foldEvents(progress: TaskProgress, events: readonly TaskEventView[]): TaskProgress {
  let steps = progress.steps;
  const log = [...progress.log];
  let { completed, output, error, lastEventId } = progress;
  for (const event of events) {
    if (lastEventId !== undefined && event.id <= lastEventId) continue;
    lastEventId = event.id;
    const { stepId, status, message } = event.body ?? {};
    if (event.type === "log") {
      if (stepId && status && STEP_STATUSES.has(status)) {
        steps = steps.map((step) =>
          step.id !== stepId
            ? step
            : {
                ...step,
                status: status as StepStatus,
                startedAt: status === "processing" ? (step.startedAt ?? event.createdAt) : step.startedAt,
                endedAt: ENDED.has(status) ? event.createdAt : step.endedAt,
              },
        );
      }
      if (typeof message === "string") log.push({ id: event.id, at: event.createdAt, stepId, message });
    } else if (event.type === "completion") {
      completed = true;
      output = event.body.output;
      error = event.body.error?.message;
      // A step still running when the task ended did not finish.
      steps = steps.map((step) => (step.status === "processing" ? { ...step, status: error ? "failed" : "completed", endedAt: event.createdAt } : step));
    } else if (event.type === "cancelled") {
      steps = steps.map((step) => (step.status === "processing" ? { ...step, status: "cancelled", endedAt: event.createdAt } : step));
    } else if (event.type === "recovered") {
      completed = false;
    }
  }
  return { steps, log: log.length > MAX_LOG_LINES ? log.slice(-MAX_LOG_LINES) : log, completed, output, error, lastEventId };
}

/** A duration as Backstage's task page shows it ("4 seconds", "1 minute, 3 seconds"), worded by the catalogue. */
export function formatDuration(milliseconds: number, t: Translate): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [
    hours ? t("scaffolderPages.duration.hours", { count: hours }) : "",
    minutes ? t("scaffolderPages.duration.minutes", { count: minutes }) : "",
    rest || (!hours && !minutes) ? t("scaffolderPages.duration.seconds", { count: rest }) : "",
  ].filter(Boolean);
  return parts.join(", ");
}

/** A step's duration so far: ended, or running until `now`; undefined before it starts. */
export function stepDuration(step: StepView, now: number): number | undefined {
  if (!step.startedAt) return undefined;
  const end = step.endedAt ? Date.parse(step.endedAt) : now;
  return end - Date.parse(step.startedAt);
}

/** A task's status ended (nothing more will happen unless someone retries it). */
export function isTaskEnded(status: string): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}
