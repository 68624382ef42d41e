import type { JsonObject, JsonValue, TaskUser, TemplateInfo } from "../actions/types";

// A scaffolder task and its events as the API and the pages see them, in the
// shapes of Backstage's plugin-scaffolder-common (TaskSpecV1beta3) and
// plugin-scaffolder-node (SerializedTask, SerializedTaskEvent), so Backstage's
// ScaffolderClient reads Atrium's answers unchanged. No `node:` import: the
// task pages share these types.

export const TASK_STATUSES = ["open", "processing", "failed", "cancelled", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** A task in one of these has ended; its secrets are gone. */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ["failed", "cancelled", "completed"];

export const TASK_EVENT_TYPES = ["log", "completion", "cancelled", "recovered"] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

/** A step's status as the log events of the step tell it. */
export type StepStatus = "open" | "processing" | "failed" | "cancelled" | "completed" | "skipped";

/** One step of a template (spec.steps[]), as Backstage's TaskStep. */
export type TaskStep = {
  id: string;
  name: string;
  action: string;
  input?: JsonObject;
  /** A template expression or a boolean; the step runs when it is truthy. */
  if?: string | boolean;
  /** Runs the step once per item of a list or entry of an object (`each.key`, `each.value` in its input). */
  each?: string | JsonValue[] | JsonObject;
  /** Atrium: how long the step may run, an ISO 8601 duration (PT5M); at most the task's own limit. */
  timeout?: string;
  "backstage:permissions"?: { tags?: string[] };
};

/** Backstage's recovery options: startOver runs a task whose worker died again from the start. */
export type TaskRecovery = { EXPERIMENTAL_strategy?: "none" | "startOver" };

/** The task's spec: the template's steps and output with the values the user gave (TaskSpecV1beta3). */
export type TaskSpec = {
  apiVersion: "scaffolder.backstage.io/v1beta3";
  parameters: JsonObject;
  steps: TaskStep[];
  output: JsonObject;
  templateInfo?: TemplateInfo;
  user?: TaskUser;
  EXPERIMENTAL_recovery?: TaskRecovery;
};

export type TaskSecrets = Record<string, string> & { backstageToken?: string };

/** A task as GET /v2/tasks and GET /v2/tasks/:taskId answer it (secrets never included). */
export type SerializedTask = {
  id: string;
  spec: TaskSpec;
  status: TaskStatus;
  createdAt: string;
  lastHeartbeatAt?: string;
  createdBy?: string;
};

export type SerializedTaskEvent = {
  id: number;
  taskId: string;
  type: TaskEventType;
  body: JsonObject;
  createdAt: string;
  /** Whether the task restarts when its worker dies (the event stream then stays open after a completion). */
  isTaskRecoverable?: boolean;
};

export type ListTasksOrder = { order: "asc" | "desc"; field: "createdAt" | "status" | "createdBy" | "lastHeartbeatAt" | "id" };

export type ListTasksRequest = {
  createdBy?: string | string[];
  status?: TaskStatus | TaskStatus[];
  limit?: number;
  offset?: number;
  order?: ListTasksOrder[];
};

/** Backstage's GET /v2/tasks response. */
export type ListTasksResponse = { tasks: SerializedTask[]; totalTasks: number };

/** A file of a dry-run's workspace, in and out (Backstage's dry-run body and response). */
export type DryRunFile = { path: string; base64Content: string; executable?: boolean };

export type DryRunRequest = {
  template: JsonObject;
  values: JsonObject;
  secrets?: Record<string, string>;
  directoryContents: DryRunFile[];
};

/** Backstage's POST /v2/dry-run response. */
export type DryRunResponse = {
  log: Array<{ body: JsonObject }>;
  directoryContents: Array<{ path: string; executable: boolean; base64Content: string }>;
  output: JsonObject;
  steps: Array<{ id: string; name: string; action: string; if?: string | boolean }>;
};

export function isRecoverable(spec: Pick<TaskSpec, "EXPERIMENTAL_recovery">): boolean {
  return spec.EXPERIMENTAL_recovery?.EXPERIMENTAL_strategy === "startOver";
}

/** Each step's latest status and times, from a task's log events (for the task page). */
export function stepStatuses(events: SerializedTaskEvent[]): Record<string, { status: StepStatus; startedAt?: string; endedAt?: string }> {
  const steps: Record<string, { status: StepStatus; startedAt?: string; endedAt?: string }> = {};
  for (const event of events) {
    if (event.type !== "log") continue;
    const { stepId, status } = event.body;
    if (typeof stepId !== "string" || typeof status !== "string") continue;
    const step = (steps[stepId] ??= { status: "open" });
    step.status = status as StepStatus;
    if (status === "processing") {
      step.startedAt = event.createdAt;
      delete step.endedAt;
    } else step.endedAt = event.createdAt;
  }
  return steps;
}
