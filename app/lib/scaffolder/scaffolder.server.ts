import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import type { Kysely } from "kysely";
import { identityOf, type Credentials } from "../auth/credentials";
import { ANNOTATION_LOCATION, ANNOTATION_SOURCE_LOCATION, type Entity } from "../catalog/entity";
import { parseEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import { parseLocationRef } from "../catalog/location-ref";
import type { Database } from "../db/schema";
import { ConflictError, InputError, NotFoundError } from "../errors";
import type { Logger } from "../logger.server";
import { notAllowed, type PermissionService } from "../permission/permission-service.server";
import type { PluginScheduler } from "../scheduler/scheduler.server";
import type { JsonObject } from "./actions/types";
import { taskCancelPermission, taskCreatePermission, taskReadPermission, templateDryRunPermission, templateParameterReadPermission, templateStepReadPermission } from "./permission/permissions";
import { createWorkflowRunner, type ActionLookup, type LogBody, type StepTemplater } from "./tasks/runner.server";
import { createSignals } from "./tasks/signals.server";
import { createTaskStore, serializeTask, type StoredTask } from "./tasks/store.server";
import { createTaskWorkers, eventsTopic, type TaskWorkspaces } from "./tasks/worker.server";
import {
  FINAL_TASK_STATUSES,
  isRecoverable,
  type DryRunRequest,
  type DryRunResponse,
  type ListTasksRequest,
  type ListTasksResponse,
  type SerializedTask,
  type SerializedTaskEvent,
  type TaskSpec,
  type TaskStep,
} from "./tasks/types";

// The scaffolder's service: what the task pages, the wizard and the
// /api/scaffolder/v2 routes share. Every function takes the caller's
// credentials and checks the scaffolder's permissions itself
// (./permission/permissions.ts): a task the caller may not read is not
// found; creating reads the template through the catalog with the caller's
// credentials, so a template they cannot see does not exist for them.
// Tasks run on the workers of ./tasks/worker.server.ts, which the scheduler owns.

export type ScaffolderCall = { credentials: Credentials };

export type CreateTaskRequest = {
  /** The template's entity ref, e.g. template:default/node-service. */
  templateRef: string;
  values: JsonObject;
  /** Secrets for the actions (source-control tokens under their keys); never logged, never returned. */
  secrets?: Record<string, string>;
};

/** Values that fail the template's parameter schemas: a 400 whose body also lists `errors`. */
export class TemplateValuesError extends InputError {
  constructor(readonly errors: Array<{ path: string; message: string; keyword: string; params: Record<string, unknown> }>) {
    super(`The values do not match the template's parameters: ${errors.map((error) => `${error.path || "values"} ${error.message}`).join(", ")}`);
  }
}

export type ScaffolderService = {
  /**
   * Validates the values against the template's parameters (ajv) and queues
   * the task. TemplateValuesError (400, with `errors`) when a value fails its
   * schema; NotFoundError when the template cannot be read with the caller's credentials.
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
   * Checks the caller may read the task (NotFoundError otherwise), then gives
   * its events after `after` and each new one as it happens, ending after the
   * completion (unless the task is recoverable) or when `signal` aborts.
   */
  subscribe(taskId: string, request: { after?: number; signal: AbortSignal }, call: ScaffolderCall): Promise<AsyncIterable<SerializedTaskEvent>>;
  /** Runs a template in a temporary workspace seeded with directoryContents, without publishing; nothing is stored. */
  dryRun(request: DryRunRequest, call: ScaffolderCall): Promise<DryRunResponse>;
};

/** The catalog reads the scaffolder needs (app/lib/catalog/catalog-service.server.ts). */
export type TemplateCatalog = {
  entityByName(kind: string, namespace: string, name: string, call: ScaffolderCall): Promise<Entity>;
  entityByRef(ref: string, call: ScaffolderCall): Promise<Entity | undefined>;
};

/** How long an event stream waits for news before it looks in the database (events of other replicas). */
const EVENT_POLL_MS = 1000;
/** The most a dry-run's directory may hold, decoded. */
export const MAX_DRY_RUN_BYTES = 10 * 1024 * 1024;
export const MAX_DRY_RUN_FILES = 2000;

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });

export function createScaffolder(options: {
  db: Kysely<Database>;
  logger: Logger;
  permissions: PermissionService;
  catalog: TemplateCatalog;
  actions: ActionLookup;
  templater: StepTemplater;
  workspaces: TaskWorkspaces;
  /** The scaffolder's scheduler: the workers and the watch over stale tasks run as its tasks. */
  scheduler?: PluginScheduler;
  taskTimeoutMs?: number;
  concurrency?: number;
  timings?: Parameters<typeof createTaskWorkers>[0]["timings"];
  now?: () => number;
}) {
  const { permissions, catalog, logger } = options;
  const store = createTaskStore(options.db, options.now);
  const signals = createSignals();
  const runner = createWorkflowRunner({ actions: options.actions, templater: options.templater, permissions, taskTimeoutMs: options.taskTimeoutMs, logger });
  const workers = createTaskWorkers({
    store,
    runner,
    workspaces: options.workspaces,
    signals,
    logger: logger.child({ plugin: "scaffolder" }),
    concurrency: options.concurrency,
    timings: options.timings,
  });
  if (options.scheduler) workers.register(options.scheduler);

  async function readableTask(taskId: string, credentials: Credentials): Promise<StoredTask> {
    const task = await store.getTask(taskId);
    if (!task || !permissions.allowedOn(credentials, taskReadPermission, { id: task.id, createdBy: task.createdBy })) throw new NotFoundError(`No task with id '${taskId}' found`);
    return task;
  }

  /** The template with only what the caller may read: hidden parameters and steps are absent, as in Backstage. */
  function authorizedTemplate(template: Entity, credentials: Credentials): { parameters: JsonObject[]; steps: TaskStep[] } {
    const spec = (template.spec ?? {}) as { parameters?: JsonObject | JsonObject[]; steps?: TaskStep[] };
    const parameters = [spec.parameters ?? []].flat().filter((parameter) => permissions.allowedOn(credentials, templateParameterReadPermission, parameter));
    const steps = (spec.steps ?? []).filter((step) => permissions.allowedOn(credentials, templateStepReadPermission, step));
    return { parameters, steps };
  }

  async function userOf(credentials: Credentials): Promise<{ ref?: string; entity?: JsonObject }> {
    const identity = identityOf(credentials);
    if (!identity) return {};
    const entity = await catalog.entityByRef(identity.userEntityRef, { credentials }).catch(() => undefined);
    return { ref: identity.userEntityRef, ...(entity ? { entity: entity as unknown as JsonObject } : {}) };
  }

  async function* eventsOf(task: StoredTask, after: number | undefined, signal: AbortSignal): AsyncGenerator<SerializedTaskEvent> {
    const recoverable = isRecoverable(task.spec);
    let cursor = after;
    while (!signal.aborted) {
      // Wait for news before reading, so nothing written between the read and the wait is missed.
      const news = signals.wait(eventsTopic(task.id), EVENT_POLL_MS, signal);
      const events = await store.listEvents(task.id, cursor);
      for (const event of events) {
        if (cursor !== undefined && event.id <= cursor) continue;
        cursor = event.id;
        yield recoverable ? { ...event, isTaskRecoverable: true } : event;
        if (event.type === "completion" && !recoverable) return;
      }
      await news;
    }
  }

  const service: ScaffolderService = {
    async createTask(request, { credentials }) {
      permissions.assertAllowed(credentials, taskCreatePermission);
      const ref = parseEntityRef(request.templateRef, { defaultKind: "template" });
      if (ref.kind.toLowerCase() !== "template") throw new InputError(`Invalid template ref '${request.templateRef}': the kind must be Template`);
      const template = await catalog.entityByName(ref.kind, ref.namespace, ref.name, { credentials });
      if (template.apiVersion !== "scaffolder.backstage.io/v1beta3") throw new InputError(`Unsupported apiVersion field in schema entity, ${template.apiVersion}`);
      const { parameters, steps } = authorizedTemplate(template, credentials);
      validateValues(parameters, request.values);
      const user = await userOf(credentials);
      const spec = taskSpecOf(template, steps, request.values, user);
      const { taskId } = await store.createTask({ spec, secrets: request.secrets, createdBy: user.ref, principal: credentials.principal });
      logger.info({ taskId, template: spec.templateInfo?.entityRef, createdBy: user.ref }, "Created scaffolder task");
      workers.wake();
      return { id: taskId };
    },

    async getTask(taskId, { credentials }) {
      return serializeTask(await readableTask(taskId, credentials));
    },

    async listTasks(request, { credentials }) {
      const decision = permissions.decide(credentials, taskReadPermission);
      if (decision.result === "DENY") return { tasks: [], totalTasks: 0 };
      if (decision.result === "ALLOW") {
        const { tasks, totalTasks } = await store.listTasks(request);
        return { tasks: tasks.map(serializeTask), totalTasks };
      }
      // Conditions are settled task by task, then the page is cut: tasks are few enough for that.
      const { tasks } = await store.listTasks({ ...request, limit: undefined, offset: undefined });
      const readable = tasks.filter((task) => permissions.allowedOn(credentials, taskReadPermission, { id: task.id, createdBy: task.createdBy }));
      const offset = request.offset ?? 0;
      return { tasks: readable.slice(offset, request.limit === undefined ? undefined : offset + request.limit).map(serializeTask), totalTasks: readable.length };
    },

    async cancelTask(taskId, { credentials }) {
      const task = await readableTask(taskId, credentials);
      if (!permissions.allowedOn(credentials, taskCancelPermission, { id: task.id, createdBy: task.createdBy })) throw notAllowed(taskCancelPermission);
      if (FINAL_TASK_STATUSES.includes(task.status)) return { status: task.status };
      if (task.status === "open") {
        const ended = await store.completeTask(taskId, "cancelled", { message: "Run completed with status: cancelled" });
        signals.notify(eventsTopic(taskId));
        if (ended) return { status: "cancelled" };
      }
      // Processing: the cancellation is an event its worker sees (at once here, at its next heartbeat elsewhere).
      const events = await store.listEvents(taskId);
      const current = [...events].reverse().find((event) => typeof event.body.stepId === "string")?.body.stepId;
      await store.emitEvent(taskId, "cancelled", { message: `Step ${String(current ?? 0)} has been cancelled.`, ...(current ? { stepId: current } : {}), status: "cancelled" });
      signals.notify(eventsTopic(taskId));
      workers.abortLocal(taskId);
      return { status: "cancelled" };
    },

    async retryTask(taskId, request, { credentials }) {
      const task = await readableTask(taskId, credentials);
      permissions.assertAllowed(credentials, taskCreatePermission);
      if (task.status !== "failed" && task.status !== "cancelled") throw new ConflictError(`Task ${taskId} is ${task.status}; only a failed or cancelled task can be retried`);
      if (!(await store.retryTask(taskId, request.secrets))) throw new ConflictError(`Task ${taskId} is no longer failed or cancelled`);
      signals.notify(eventsTopic(taskId));
      workers.wake();
      return { id: taskId };
    },

    async listEvents(taskId, request, { credentials }) {
      await readableTask(taskId, credentials);
      return store.listEvents(taskId, request.after);
    },

    async subscribe(taskId, request, { credentials }) {
      const task = await readableTask(taskId, credentials);
      return eventsOf(task, request.after, request.signal);
    },

    async dryRun(request, { credentials }) {
      permissions.assertAllowed(credentials, templateDryRunPermission);
      const template = request.template as unknown as Entity;
      if (template?.apiVersion !== "scaffolder.backstage.io/v1beta3" || String(template.kind).toLowerCase() !== "template") {
        throw new InputError(`Unsupported apiVersion field in schema entity, ${String(template?.apiVersion)}`);
      }
      if (!Array.isArray(template.spec?.steps)) throw new InputError("The template has no steps");
      const { parameters, steps } = authorizedTemplate(template, credentials);
      validateValues(parameters, request.values);
      const files = decodeDirectoryContents(request.directoryContents);
      const user = await userOf(credentials);
      const spec = taskSpecOf({ ...template, metadata: { ...template.metadata, name: template.metadata?.name ?? "dry-run" } }, steps, request.values, user);
      const dir = await mkdtemp(path.join(tmpdir(), "atrium-dry-run-"));
      const workspacePath = path.join(dir, "workspace");
      const log: Array<{ body: JsonObject }> = [];
      let output: JsonObject = {};
      try {
        await mkdir(workspacePath);
        for (const file of files) {
          const target = path.join(workspacePath, file.path);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, file.content, { mode: file.executable ? 0o755 : 0o644 });
        }
        try {
          ({ output } = await runner.execute({
            id: `dry-run-${path.basename(dir)}`,
            spec,
            secrets: request.secrets,
            state: {},
            credentials,
            isDryRun: true,
            signal: new AbortController().signal,
            workspace: {
              path: workspacePath,
              createTemporaryDirectory: async () => mkdtemp(path.join(dir, "tmp-")),
            },
            emitLog: async (body: LogBody) => {
              log.push({ body: body as JsonObject });
            },
            saveState: async () => undefined,
          }));
        } catch (error) {
          // The failed step's log line says what went wrong; the editor shows the log.
          logger.info({ err: error }, "Dry-run failed");
        }
        return {
          log,
          directoryContents: await readDirectory(workspacePath),
          output,
          steps: spec.steps.map((step) => ({ id: step.id, name: step.name, action: step.action, ...(step.if !== undefined ? { if: step.if } : {}) })),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };

  return {
    ...service,
    /** For tests and the benchmark: the task store and the workers. */
    internals: { store, workers },
  };
}

export type Scaffolder = ReturnType<typeof createScaffolder>;

/** Values checked against every parameter step's JSON Schema, as Backstage checks them before a task is created. */
export function validateValues(parameters: JsonObject[], values: JsonObject): void {
  const errors: ErrorObject[] = [];
  for (const schema of parameters) {
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      throw new InputError(`The template's parameters are not a valid JSON Schema: ${(error as Error).message}`);
    }
    if (!validate(values)) errors.push(...(validate.errors ?? []));
  }
  if (errors.length > 0) {
    throw new TemplateValuesError(
      errors.map((error) => ({ path: error.instancePath, message: error.message ?? "is invalid", keyword: error.keyword, params: error.params as Record<string, unknown> })),
    );
  }
}

/** Where a template's relative paths resolve: its source location, else the location it was read from (Backstage's getEntityBaseUrl). */
function baseUrlOf(template: Entity): string | undefined {
  const annotations = template.metadata?.annotations ?? {};
  const location = annotations[ANNOTATION_SOURCE_LOCATION] ?? annotations[ANNOTATION_LOCATION];
  if (!location) return undefined;
  try {
    const { type, target } = parseLocationRef(location);
    if (type === "url") return target;
    if (type === "file") return `file://${target}`;
  } catch {
    return undefined;
  }
  return undefined;
}

function taskSpecOf(template: Entity, steps: TaskStep[], values: JsonObject, user: { ref?: string; entity?: JsonObject }): TaskSpec {
  const spec = (template.spec ?? {}) as { output?: JsonObject; EXPERIMENTAL_recovery?: TaskSpec["EXPERIMENTAL_recovery"] };
  const baseUrl = baseUrlOf(template);
  return {
    apiVersion: "scaffolder.backstage.io/v1beta3",
    parameters: values,
    steps: steps.map((step, index) => ({ ...step, id: step.id ?? `step-${index + 1}`, name: step.name ?? step.action })),
    output: spec.output ?? {},
    templateInfo: { entityRef: stringifyEntityRef(template), ...(baseUrl ? { baseUrl } : {}), entity: { metadata: template.metadata as unknown as JsonObject } },
    user,
    ...(spec.EXPERIMENTAL_recovery ? { EXPERIMENTAL_recovery: spec.EXPERIMENTAL_recovery } : {}),
  };
}

/**
 * The files of a dry-run's request, each a relative path inside the
 * workspace: an absolute path, a `..` segment, a backslash or a NUL (the
 * zip-slip family) is refused, as is more than the size limit.
 */
export function decodeDirectoryContents(contents: DryRunRequest["directoryContents"]): Array<{ path: string; content: Buffer; executable: boolean }> {
  if (!Array.isArray(contents)) throw new InputError("directoryContents must be a list of files");
  if (contents.length > MAX_DRY_RUN_FILES) throw new InputError(`directoryContents may hold at most ${MAX_DRY_RUN_FILES} files`);
  let total = 0;
  return contents.map((file) => {
    const name = file?.path;
    if (typeof name !== "string" || name.length === 0 || name.length > 1024) throw new InputError("Every file of directoryContents needs a path");
    if (name.includes("\0") || name.includes("\\") || path.posix.isAbsolute(name) || /^[a-zA-Z]:/.test(name)) throw new InputError(`Invalid path '${name}' in directoryContents: it must be relative`);
    const normalized = path.posix.normalize(name);
    if (name.split("/").includes("..") || normalized.startsWith("..") || normalized === ".") throw new InputError(`Invalid path '${name}' in directoryContents: it must stay inside the workspace`);
    if (typeof file.base64Content !== "string") throw new InputError(`The file '${name}' of directoryContents has no base64Content`);
    const content = Buffer.from(file.base64Content, "base64");
    total += content.length;
    if (total > MAX_DRY_RUN_BYTES) throw new InputError(`directoryContents may hold at most ${MAX_DRY_RUN_BYTES} bytes`);
    return { path: normalized, content, executable: file.executable === true };
  });
}

/** Every regular file under the workspace (symbolic links are not followed), as the dry-run answers them. */
async function readDirectory(root: string): Promise<DryRunResponse["directoryContents"]> {
  const files: DryRunResponse["directoryContents"] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const stats = await lstat(full);
        files.push({ path: path.relative(root, full).split(path.sep).join("/"), executable: (stats.mode & 0o111) !== 0, base64Content: (await readFile(full)).toString("base64") });
      }
    }
  }
  await walk(root);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
