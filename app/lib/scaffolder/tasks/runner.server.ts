import { Ajv, type ErrorObject } from "ajv";
import type { Credentials } from "../../auth/credentials";
import { InputError, NotAllowedError } from "../../errors";
import type { PermissionService } from "../../permission/permission-service.server";
import { isoDurationMs } from "../../scheduler/schedule";
import type { JsonObject, JsonValue, TemplateAction } from "../actions/types";
import { actionExecutePermission } from "../permission/permissions";
import { createRedactor, type Redactor } from "./redact";
import type { TaskState } from "./store.server";
import type { StepStatus, TaskSecrets, TaskSpec, TaskStep } from "./types";

// The workflow runner, on the model of Backstage's NunjucksWorkflowRunner
// (plugins/scaffolder-backend/src/scaffolder/tasks/NunjucksWorkflowRunner.ts):
// for each step it evaluates `if`, renders the input with the templater
// (`parameters`, `steps.<id>.output`, `user`, `secrets`, `context`), checks
// scaffolder.action.execute for the action and its input, validates the
// input against the action's schema, and runs the action once, or once per
// item of `each`. Where Atrium goes further: a step that finished in an
// earlier attempt is not run again on a retry (its output is kept in the
// task's state), every step runs under a time limit and the whole task under
// another, a cancellation aborts the running action through its signal, and
// every log line and event has the secrets' values masked.

/** The one thing the runner needs of the templater (app/lib/scaffolder/templating/). */
export type StepTemplater = {
  renderValue<T>(value: T, context: unknown, options?: { onParseError?: (message: string) => void }): T;
};

/** The one thing the runner needs of the action registry (app/lib/scaffolder/actions/registry.server.ts). */
export type ActionLookup = { get(id: string): TemplateAction };

/** Where a task's files live (app/lib/scaffolder/actions/workspace.server.ts). */
export type RunnerWorkspace = { path: string; createTemporaryDirectory(): Promise<string> };

/** How long a task may run at most, unless the runner is told otherwise. */
export const DEFAULT_TASK_TIMEOUT_MS = 60 * 60 * 1000;
/** `each` over more items than this is refused: a template is not a batch job. */
export const MAX_EACH_ITEMS = 1000;

export type LogBody = { message: string; stepId?: string; status?: StepStatus };

export type WorkflowTask = {
  id: string;
  spec: TaskSpec;
  secrets?: TaskSecrets;
  /** Outputs of steps that finished in an earlier attempt, and checkpoints. */
  state: TaskState;
  credentials: Credentials;
  isDryRun?: boolean;
  /** Aborted by a cancellation (or the worker's shutdown). */
  signal: AbortSignal;
  workspace: RunnerWorkspace;
  /** Writes one log event (already redacted). */
  emitLog(body: LogBody): Promise<void>;
  /** Keeps the state for a retry. */
  saveState(state: TaskState): Promise<void>;
};

export type WorkflowResult = { output: JsonObject };

/** A cancellation, as opposed to a failure: the task ends `cancelled`. */
export class TaskCancelledError extends Error {
  override name = "TaskCancelledError";
}

/** Backstage's isTruthy: an empty list is false, anything else by JavaScript's truth. */
export function isTruthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();

function validateInput(action: TemplateAction, input: JsonObject): void {
  const schema = action.schema?.input;
  if (!schema) return;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(input)) throw new InputError(`Invalid input passed to action ${action.id}, ${formatErrors(validate.errors ?? [])}`);
}

/** ajv's errors in the words Backstage's jsonschema gives: `instance.repoUrl is not of a type(s) string`. */
export function formatErrors(errors: ErrorObject[]): string {
  return errors
    .map((error) => {
      const where = `instance${error.instancePath.replace(/\//g, ".")}`;
      if (error.keyword === "required") return `${where} requires property "${String(error.params.missingProperty)}"`;
      if (error.keyword === "type") return `${where} is not of a type(s) ${String(error.params.type)}`;
      return `${where} ${error.message ?? "is invalid"}`;
    })
    .join(", ");
}

export function createWorkflowRunner(options: {
  actions: ActionLookup;
  templater: StepTemplater;
  permissions: PermissionService;
  taskTimeoutMs?: number;
  logger?: { warn(fields: object, message: string): void };
}) {
  const taskTimeoutMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;

  return {
    async execute(task: WorkflowTask): Promise<WorkflowResult> {
      if (task.spec.apiVersion !== "scaffolder.backstage.io/v1beta3") throw new InputError("Wrong template version executed with the workflow engine");
      const redact = createRedactor(task.secrets);
      const emit = (body: LogBody) => task.emitLog(redact.value(body));
      const deadline = AbortSignal.timeout(taskTimeoutMs);
      const taskSignal = AbortSignal.any([task.signal, deadline]);
      const state: TaskState = { steps: { ...task.state.steps }, checkpoints: { ...task.state.checkpoints } };
      const context = {
        parameters: task.spec.parameters,
        steps: {} as Record<string, { output: JsonObject }>,
        user: task.spec.user ?? {},
        context: { task: { id: task.id } },
      };
      const render = <T>(value: T, extra: object = {}): T =>
        options.templater.renderValue(value, { ...context, ...extra }, { onParseError: (message) => options.logger?.warn({ task: task.id }, redact.text(message)) });

      await emit({ message: `Starting up task with ${task.spec.steps.length} steps` });
      for (const step of task.spec.steps) {
        const done = state.steps?.[step.id];
        if (done) {
          context.steps[step.id] = { output: done.output };
          await emit({ message: `Keeping the output of step ${step.name}, which finished before the retry`, stepId: step.id, status: "completed" });
          continue;
        }
        throwIfStopped(taskSignal, deadline, taskTimeoutMs);
        try {
          const output = await runStep(step);
          if (output === undefined) continue;
          context.steps[step.id] = { output };
          state.steps = { ...state.steps, [step.id]: { output } };
          if (!task.isDryRun) await task.saveState(state);
          await emit({ message: `Finished step ${step.name}`, stepId: step.id, status: "completed" });
        } catch (error) {
          const stopped = stopReason(taskSignal, deadline, taskTimeoutMs);
          if (stopped instanceof TaskCancelledError) {
            await emit({ message: `Step ${step.id} has been cancelled.`, stepId: step.id, status: "cancelled" });
            throw stopped;
          }
          const failure = stopped ?? (error instanceof Error ? error : new Error(String(error)));
          await emit({ message: redact.text(`${failure.name}: ${failure.message}`), stepId: step.id, status: "failed" });
          throw failure;
        }
      }
      // Secrets are for the steps: the output is rendered without them, as in Backstage.
      const output = (render(task.spec.output ?? {}) ?? {}) as JsonObject;
      return { output: redact.value(output) };

      /** Runs one step; undefined when it was skipped. */
      async function runStep(step: TaskStep): Promise<JsonObject | undefined> {
        const secrets = { secrets: task.secrets ?? {} };
        if (step.if !== undefined) {
          const condition = typeof step.if === "string" ? render(step.if, secrets) : step.if;
          if (!isTruthy(condition)) {
            await emit({ message: `Skipping step ${step.id} because its if condition was false`, stepId: step.id, status: "skipped" });
            return undefined;
          }
        }
        await emit({ message: `Beginning step ${step.name}`, stepId: step.id, status: "processing" });
        const action = options.actions.get(step.action);
        if (task.isDryRun && !action.supportsDryRun) {
          await emit({ message: `Skipping because ${action.id} does not support dry-run`, stepId: step.id, status: "skipped" });
          return {};
        }
        const iterations = eachIterations(step, step.each === undefined ? undefined : render(step.each, secrets));
        const stepOutput: Record<string, JsonValue> = {};
        const stepMs = Math.min(step.timeout ? isoDurationMs(step.timeout) : taskTimeoutMs, taskTimeoutMs);
        const stepDeadline = AbortSignal.timeout(stepMs);
        const signal = AbortSignal.any([taskSignal, stepDeadline]);
        for (const each of iterations) {
          const input = ((step.input && render(step.input, { ...secrets, ...(each ? { each } : {}) })) ?? {}) as JsonObject;
          if (each) await emit({ message: `Running step each: ${JSON.stringify(each)}`, stepId: step.id });
          if (!options.permissions.allowedOn(task.credentials, actionExecutePermission, { action: action.id, input })) throw new NotAllowedError("Unauthorized");
          validateInput(action, input);
          const { logger, flush } = stepLogger(step.id, emit, redact);
          const handler = action.handler({
            task: { id: task.id },
            input,
            secrets: task.secrets,
            workspacePath: task.workspace.path,
            logger,
            output(name, value) {
              if (step.each) {
                const list = (stepOutput[name] ??= []) as JsonValue[];
                list.push(value);
              } else stepOutput[name] = value;
            },
            createTemporaryDirectory: () => task.workspace.createTemporaryDirectory(),
            async checkpoint({ key, fn }) {
              const id = `v1.task.checkpoint.${step.id}.${key}`;
              const previous = state.checkpoints?.[id];
              if (previous?.status === "success") return previous.value as Awaited<ReturnType<typeof fn>>;
              const value = await fn();
              state.checkpoints = { ...state.checkpoints, [id]: { status: "success", value: (value ?? null) as JsonValue } };
              if (!task.isDryRun) await task.saveState(state);
              return value;
            },
            templateInfo: task.spec.templateInfo,
            user: task.spec.user,
            credentials: task.credentials,
            isDryRun: task.isDryRun,
            signal,
            ...(each ? { each } : {}),
          });
          try {
            await untilSettledOrAborted(handler, signal);
          } catch (error) {
            if (stepDeadline.aborted && !taskSignal.aborted) throw new Error(`Step ${step.name} timed out after ${stepMs} ms`);
            throw error;
          } finally {
            await flush();
          }
        }
        return stepOutput as JsonObject;
      }
    },
  };
}

function eachIterations(step: TaskStep, value: unknown): Array<{ key: string; value: JsonValue } | undefined> {
  if (step.each === undefined) return [undefined];
  if (value === null || typeof value !== "object") throw new InputError(`Invalid value on action ${step.action}.each parameter, "${String(value)}" cannot be iterated.`);
  const entries = Object.entries(value as Record<string, JsonValue>);
  if (entries.length > MAX_EACH_ITEMS) throw new InputError(`The each of step ${step.id} has ${entries.length} items; at most ${MAX_EACH_ITEMS} are allowed`);
  return entries.map(([key, item]) => ({ key, value: item }));
}

function stopReason(signal: AbortSignal, deadline: AbortSignal, timeoutMs: number): Error | undefined {
  if (deadline.aborted) return new Error(`The task ran past its time limit of ${timeoutMs} ms and was stopped`);
  if (signal.aborted) return new TaskCancelledError(String((signal.reason as Error | undefined)?.message ?? "The task was cancelled"));
  return undefined;
}

function throwIfStopped(signal: AbortSignal, deadline: AbortSignal, timeoutMs: number) {
  const reason = stopReason(signal, deadline, timeoutMs);
  if (reason) throw reason;
}

/**
 * Waits for the action, or for its signal: an action that ignores its signal
 * cannot hold a worker past a cancellation or a time limit. What it does
 * afterwards is caught, so it cannot crash the process.
 */
async function untilSettledOrAborted(handler: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) {
    handler.catch(() => undefined);
    throw signal.reason;
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error("The step was aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([handler, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort!);
    handler.catch(() => undefined);
    aborted.catch(() => undefined);
  }
}

function stepLogger(stepId: string, emit: (body: LogBody) => Promise<void>, redact: Redactor) {
  // Log lines are written in order; a failing write is not the action's failure.
  let chain = Promise.resolve();
  const log = (message: string) => {
    chain = chain.then(() => emit({ message: redact.text(message), stepId })).catch(() => undefined);
  };
  return { logger: { info: log, warn: log, error: log, debug: log }, flush: () => chain };
}
