import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import { InputError } from "../../../errors";
import type { TemplateAction } from "../types";
import { assertRealPathWithin, resolveSafeChildPath } from "../workspace.server";
import { stepsExample } from "./example";

// fs:delete, as Backstage's (plugins/scaffolder-backend/src/scaffolder/
// actions/builtin/filesystem/delete.ts): removes files and directories of
// the workspace, each entry a path or a glob pattern. Nothing outside the
// workspace can be named; a symbolic link is removed itself, never what it
// points at.

type Input = { files: string[] };

export function createFilesystemDeleteAction(): TemplateAction<Input> {
  return {
    id: "fs:delete",
    description: "Deletes files and directories from the workspace",
    supportsDryRun: true,
    examples: [
      stepsExample("Delete the files and directories given.", [{ action: "fs:delete", id: "deleteFiles", name: "Delete files", input: { files: ["file1.txt", "file2.txt"] } }]),
      stepsExample("Delete every file a glob pattern matches.", [{ action: "fs:delete", id: "deleteFiles", name: "Delete files", input: { files: ["**/*.log"] } }]),
    ],
    schema: {
      input: {
        type: "object",
        required: ["files"],
        properties: {
          files: { title: "Files", description: "A list of files and directories that will be deleted; glob patterns are allowed", type: "array", items: { type: "string" } },
        },
      },
    },
    async handler(ctx) {
      if (!Array.isArray(ctx.input?.files)) throw new InputError("files must be an Array");
      for (const file of ctx.input.files) {
        // Refuses `..` and absolute paths before anything is matched.
        const spelled = resolveSafeChildPath(ctx.workspacePath, file);
        const targets = picomatch.scan(file).isGlob ? await matching(ctx.workspacePath, file) : [spelled];
        for (const target of targets) {
          // The directory holding the entry must really be inside the workspace; the entry itself may be a link.
          await assertRealPathWithin(ctx.workspacePath, path.dirname(target), file);
          await rm(target, { recursive: true, force: true });
          ctx.logger.info(`File ${path.relative(ctx.workspacePath, target) || "."} deleted successfully`);
        }
      }
    },
  };
}

/** The workspace's entries that `pattern` matches (dot files included), parents before children; links are not followed. */
async function matching(workspacePath: string, pattern: string): Promise<string[]> {
  const isMatch = picomatch(pattern.replace(/^\.\//, ""), { dot: true });
  const entries = await readdir(workspacePath, { recursive: true, withFileTypes: true });
  const matched = entries
    .map((entry) => path.relative(workspacePath, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((relative) => isMatch(relative))
    .sort();
  // A directory's removal takes its contents with it.
  return matched.filter((relative, index) => !matched.slice(0, index).some((parent) => relative.startsWith(`${parent}/`))).map((relative) => path.join(workspacePath, relative));
}
