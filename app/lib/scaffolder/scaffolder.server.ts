import type { Credentials } from "../auth/credentials";
import type { JsonObject } from "./actions/types";
import type { DryRunRequest, DryRunResponse, ListTasksRequest, ListTasksResponse, SerializedTask, SerializedTaskEvent } from "./tasks/types";

// The scaffolder's service: what the task pages, the wizard and the
// /api/scaffolder/v2 routes share. Every function takes the caller's
// credentials and checks the scaffolder's permissions itself
// (./permission/permissions.ts).

export type ScaffolderCall = { credentials: Credentials };

export type CreateTaskRequest = {
  /** The template's entity ref, e.g. template:default/node-service. */
  templateRef: string;
  values: JsonObject;
  /** Secrets for the actions (source-control tokens under their keys); never logged, never returned. */
  secrets?: Record<string, string>;
};

export type ScaffolderService = {
  /**
   * Validates the values against the template's parameters (ajv) and queues
   * the task. InputError (400) when a value fails its schema, with `errors`;
   * NotFoundError when the template cannot be read with the caller's credentials.
   */
  createTask(request: CreateTaskRequest, call: ScaffolderCall): Promise<{ id: string }>;
  /** NotFoundError when there is no such task or the caller may not read it. */
  getTask(taskId: string, call: ScaffolderCall): Promise<SerializedTask>;
  listTasks(request: ListTasksRequest, call: ScaffolderCall): Promise<ListTasksResponse>;
  /** Cancels an open task at once, or aborts the running step of a processing one. */
  cancelTask(taskId: string, call: ScaffolderCall): Promise<{ status: SerializedTask["status"] }>;
  /** Runs a failed or cancelled task again from its failed step, the earlier steps' outputs kept. */
  retryTask(taskId: string, request: { secrets?: Record<string, string> }, call: ScaffolderCall): Promise<{ id: string }>;
  /** The task's events with an id greater than `after` (and the completion, always), in order. */
  listEvents(taskId: string, request: { after?: number }, call: ScaffolderCall): Promise<SerializedTaskEvent[]>;
  /**
   * The task's events after `after`, then each new one as it happens, ending
   * after the completion (unless the task is recoverable) or when `signal` aborts.
   */
  subscribe(taskId: string, request: { after?: number; signal: AbortSignal }, call: ScaffolderCall): AsyncIterable<SerializedTaskEvent>;
  /** Runs a template in a temporary workspace seeded with directoryContents, without publishing; nothing is stored. */
  dryRun(request: DryRunRequest, call: ScaffolderCall): Promise<DryRunResponse>;
};
