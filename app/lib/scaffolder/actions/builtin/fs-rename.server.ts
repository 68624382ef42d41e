import { cp, lstat, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { InputError } from "../../../errors";
import type { TemplateAction } from "../types";
import { assertRealPathWithin, resolveSafeChildPath } from "../workspace.server";
import { stepsExample } from "./example";

// fs:rename, as Backstage's (plugins/scaffolder-backend/src/scaffolder/
// actions/builtin/filesystem/rename.ts): moves files and directories within
// the workspace, refusing to overwrite unless `overwrite` is set. Both ends
// must be inside the workspace.

type Input = { files: Array<{ from: string; to: string; overwrite?: boolean }> };

export function createFilesystemRenameAction(): TemplateAction<Input> {
  return {
    id: "fs:rename",
    description: "Renames files and directories within the workspace",
    supportsDryRun: true,
    examples: [
      stepsExample("Rename files and directories of the workspace.", [
        {
          action: "fs:rename",
          id: "renameFiles",
          name: "Rename files",
          input: {
            files: [
              { from: "file1.txt", to: "file1Renamed.txt" },
              { from: "file2.txt", to: "file2Renamed.txt", overwrite: true },
              { from: "assets/", to: "assetsRenamed/" },
            ],
          },
        },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        required: ["files"],
        properties: {
          files: {
            title: "Files",
            description: "A list of file and directory names that will be renamed",
            type: "array",
            items: {
              type: "object",
              required: ["from", "to"],
              properties: {
                from: { type: "string", title: "The source location of the file to be renamed" },
                to: { type: "string", title: "The destination of the new file" },
                overwrite: { type: "boolean", title: "Overwrite existing file or directory, default is false" },
              },
            },
          },
        },
      },
    },
    async handler(ctx) {
      if (!Array.isArray(ctx.input?.files)) throw new InputError("files must be an Array");
      for (const file of ctx.input.files) {
        if (!file?.from || !file?.to) throw new InputError("each file must have a from and to property");
        const from = resolveSafeChildPath(ctx.workspacePath, file.from);
        const to = resolveSafeChildPath(ctx.workspacePath, file.to);
        await assertRealPathWithin(ctx.workspacePath, path.dirname(from), file.from);
        await assertRealPathWithin(ctx.workspacePath, to, file.to);
        if (!(await exists(from))) throw new Error(`Failed to rename file ${file.from} to ${file.to}: the source does not exist`);
        if (await exists(to)) {
          if (!file.overwrite) throw new Error(`Failed to rename file ${file.from} to ${file.to}: the destination already exists`);
          await rm(to, { recursive: true, force: true });
        }
        await mkdir(path.dirname(to), { recursive: true });
        await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "EXDEV") throw error;
          await cp(from, to, { recursive: true, verbatimSymlinks: true });
          await rm(from, { recursive: true, force: true });
        });
        ctx.logger.info(`File ${file.from} renamed to ${file.to} successfully`);
      }
    },
  };
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}
