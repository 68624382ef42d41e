import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { TemplateAction } from "../types";
import { stepsExample } from "./example";

// debug:log, as Backstage's (plugins/scaffolder-backend/src/scaffolder/
// actions/builtin/debug/log.ts): a message into the step's log, and, when
// asked, the workspace's files, with their contents for 'with-contents'.

type Input = { message?: string; listWorkspace?: boolean | "with-filenames" | "with-contents" };

export function createDebugLogAction(): TemplateAction<Input> {
  return {
    id: "debug:log",
    description: "Writes a message into the log, or lists all files in the workspace, or both.",
    supportsDryRun: true,
    examples: [
      stepsExample("Write a message into the task's log.", [{ action: "debug:log", id: "write-debug-line", name: 'Write "Hello Backstage!" log line', input: { message: "Hello Backstage!" } }]),
      stepsExample("List the workspace's files in the task's log.", [{ action: "debug:log", id: "write-workspace-directory", name: "List the workspace directory", input: { listWorkspace: true } }]),
      stepsExample("List the workspace's files with their contents.", [
        { action: "debug:log", id: "write-workspace-directory", name: "List the workspace directory with file contents", input: { listWorkspace: "with-contents" } },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        properties: {
          message: { title: "Message to output.", type: "string" },
          listWorkspace: {
            title: "List all files in the workspace, if true.",
            description: "Lists the workspace's files; \"with-contents\" adds each file's contents.",
            anyOf: [{ type: "boolean" }, { type: "string", enum: ["with-filenames", "with-contents"] }],
          },
        },
      },
    },
    async handler(ctx) {
      if (ctx.input.message) ctx.logger.info(ctx.input.message);
      const list = ctx.input.listWorkspace;
      if (!list) return;
      const files = await listFiles(ctx.workspacePath);
      const lines = await Promise.all(
        files.map(async (file) => {
          if (list !== "with-contents") return `  - ${file}`;
          const content = await readFile(path.join(ctx.workspacePath, file), "utf8");
          return `  - ${file}:\n\n  ${content}`;
        }),
      );
      ctx.logger.info(`Workspace:\n${lines.join("\n")}`);
    },
  };
}

/** Every regular file below `root`, relative with `/`, sorted; links are not followed. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}
