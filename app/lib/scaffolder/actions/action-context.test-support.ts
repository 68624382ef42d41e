import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { userCredentials } from "../../auth/credentials";
import { GUEST_IDENTITY } from "../../auth/identity";
import type { ActionContext, JsonObject, JsonValue, TemplateAction, TemplateInfo } from "./types";
import { createTaskWorkspaces, type TaskWorkspace } from "./workspace.server";

// What the task runner hands an action, built the way the runner builds it
// (a real workspace from createTaskWorkspaces), for the actions' tests:
// what the action logged and output is kept to be asserted on.

export type LogLine = { level: "info" | "warn" | "error" | "debug"; message: string; fields?: JsonObject };

export type ActionRun = {
  workspace: TaskWorkspace;
  logs: LogLine[];
  outputs: Record<string, JsonValue>;
  context(input: JsonObject, extra?: { templateInfo?: TemplateInfo; signal?: AbortSignal; credentials?: ActionContext["credentials"] }): ActionContext;
  run(action: TemplateAction, input: JsonObject, extra?: { templateInfo?: TemplateInfo; signal?: AbortSignal; credentials?: ActionContext["credentials"] }): Promise<void>;
};

export async function actionRun(taskId = "task-1"): Promise<ActionRun> {
  const workingDirectory = await mkdtemp(path.join(tmpdir(), "atrium-actions-"));
  const workspace = await createTaskWorkspaces({ workingDirectory }).open(taskId);
  const logs: LogLine[] = [];
  const outputs: Record<string, JsonValue> = {};
  const log = (level: LogLine["level"]) => (message: string, fields?: JsonObject) => void logs.push({ level, message, ...(fields ? { fields } : {}) });
  const context: ActionRun["context"] = (input, extra = {}) => ({
    task: { id: taskId },
    input,
    workspacePath: workspace.path,
    logger: { info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") },
    output(name, value) {
      outputs[name] = value;
    },
    createTemporaryDirectory: () => workspace.createTemporaryDirectory(),
    checkpoint: async ({ fn }) => fn(),
    templateInfo: extra.templateInfo,
    credentials: extra.credentials ?? userCredentials(GUEST_IDENTITY),
    signal: extra.signal ?? new AbortController().signal,
  });
  return { workspace, logs, outputs, context, run: (action, input, extra) => action.handler(context(input, extra)) };
}
