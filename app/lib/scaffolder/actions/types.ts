import type { Credentials } from "../../auth/credentials";

// What an action is and what it receives, on the model of Backstage's
// createTemplateAction (@backstage/plugin-scaffolder-node): the workflow
// runner (app/lib/scaffolder/tasks/) renders a step's input, validates it
// against the action's input schema, and calls the handler with this context.
// Every action of app/lib/scaffolder/actions/ is one TemplateAction, listed
// by GET /api/scaffolder/v2/actions with its schemas and examples.

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
/** A JSON Schema (draft 7), as templates and actions write it. */
export type JsonSchema = JsonObject;

/** One log line of a task; the runner turns it into a `log` event of the step. */
export type TaskLogger = {
  info(message: string, fields?: JsonObject): void;
  warn(message: string, fields?: JsonObject): void;
  error(message: string, fields?: JsonObject): void;
  debug(message: string, fields?: JsonObject): void;
};

/** Which template a task came from: its entity ref and the URL its relative paths resolve against (the template file's location). */
export type TemplateInfo = {
  entityRef: string;
  baseUrl?: string;
  entity?: { metadata: JsonObject };
};

/** Who started the task: the user entity (when the catalog has one) and its ref. */
export type TaskUser = { entity?: JsonObject; ref?: string };

export type ActionContext<Input extends JsonObject = JsonObject> = {
  task: { id: string };
  /** The step's input, rendered and validated against the action's input schema. */
  input: Input;
  /** The task's secrets (the user's token, source-control tokens under their keys); never logged. */
  secrets?: Record<string, string>;
  /** The task's working directory; an action reads and writes only inside it (./workspace.server.ts). */
  workspacePath: string;
  logger: TaskLogger;
  /** Sets one of the step's outputs (`steps.<id>.output.<name>` in later steps and the template's output). */
  output(name: string, value: JsonValue): void;
  /** A fresh directory removed when the task ends. */
  createTemporaryDirectory(): Promise<string>;
  /**
   * Runs fn once per task and key: on a retry, the value it returned before is
   * given back instead of running fn again (Backstage's checkpoint).
   */
  checkpoint<T extends JsonValue | void>(options: { key: string; fn: () => Promise<T> | T }): Promise<T>;
  templateInfo?: TemplateInfo;
  user?: TaskUser;
  /** The credentials of the user who started the task, for calls to the catalog and other services. */
  credentials: Credentials;
  isDryRun?: boolean;
  /** Aborted when the task is cancelled or its step runs past the time limit. */
  signal: AbortSignal;
  /** The current item when the step has `each`. */
  each?: { key: string; value: JsonValue };
};

export type ActionExample = { description: string; example: string };

export type TemplateAction<Input extends JsonObject = JsonObject> = {
  id: string;
  description?: string;
  examples?: ActionExample[];
  /** Whether the action may run in a dry-run (the editor's): those that reach outside systems do not. */
  supportsDryRun?: boolean;
  schema?: { input?: JsonSchema; output?: JsonSchema };
  handler(context: ActionContext<Input>): Promise<void>;
};
