import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { INTERNAL_CREDENTIALS } from "../../../auth/credentials";
import type { ActionContext, JsonObject, JsonValue, TemplateAction } from "../types";

// Runs an action the way the task runner does, with a real workspace on disk,
// and keeps what it logged and output, for the publishers' tests.

export type Run = { outputs: Record<string, JsonValue>; logs: string[]; workspacePath: string };

export async function workspaceWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "atrium-publish-test-"));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return dir;
}

export async function runAction(action: TemplateAction, input: JsonObject, options: { files?: Record<string, string>; workspacePath?: string; secrets?: Record<string, string> } = {}): Promise<Run> {
  const workspacePath = options.workspacePath ?? (await workspaceWith(options.files ?? { "README.md": "# hello\n" }));
  const outputs: Record<string, JsonValue> = {};
  const logs: string[] = [];
  const log = (level: string) => (message: string, fields?: JsonObject) => void logs.push(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ""}`);
  const checkpoints = new Map<string, JsonValue | void>();
  const temporary: string[] = [];
  const context: ActionContext = {
    task: { id: "task-1" },
    input,
    secrets: options.secrets,
    workspacePath,
    logger: { info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") },
    output: (name, value) => void (outputs[name] = value),
    async createTemporaryDirectory() {
      const dir = await mkdtemp(path.join(tmpdir(), "atrium-publish-tmp-"));
      temporary.push(dir);
      return dir;
    },
    async checkpoint({ key, fn }) {
      if (checkpoints.has(key)) return checkpoints.get(key) as never;
      const value = await fn();
      checkpoints.set(key, value);
      return value;
    },
    credentials: INTERNAL_CREDENTIALS,
    signal: new AbortController().signal,
  };
  try {
    await action.handler(context);
  } finally {
    await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
  }
  return { outputs, logs, workspacePath };
}
