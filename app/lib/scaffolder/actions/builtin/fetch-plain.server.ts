import type { TemplateAction } from "../types";
import { fetchContents, fetchFile, type SourceReader } from "../fetch/source.server";
import { resolveSafePath } from "../workspace.server";
import { stepsExample } from "./example";

// fetch:plain and fetch:plain:file, as Backstage's (plugins/scaffolder-
// backend/src/scaffolder/actions/builtin/fetch/plain.ts, plainFile.ts):
// copy a directory or one file, found relative to the template
// (./fetch/source.server.ts), into the workspace unchanged. Backstage's
// `token` input is accepted and not used: Atrium reads a host with the
// integration's own credentials.

const tokenInput = { title: "Token", description: "An optional token to use for authentication when reading the resources.", type: "string" };

export function createFetchPlainAction(options: { reader: SourceReader }): TemplateAction<{ url: string; targetPath?: string; token?: string }> {
  return {
    id: "fetch:plain",
    description: "Downloads content and places it in the workspace, or optionally in a subdirectory specified by the `targetPath` input option.",
    supportsDryRun: true,
    examples: [
      stepsExample("Copy a directory that sits beside the template file into the workspace.", [{ action: "fetch:plain", id: "fetch-plain", name: "Fetch plain", input: { url: "./plain" } }]),
      stepsExample("Copy a directory into a subdirectory of the workspace.", [
        { action: "fetch:plain", id: "fetch-plain", name: "Fetch plain", input: { url: "./plain", targetPath: "fetched-data" } },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        required: ["url"],
        properties: {
          url: { title: "Fetch URL", description: "Relative path or absolute URL pointing to the directory tree to fetch", type: "string" },
          targetPath: { title: "Target Path", description: "Target path within the working directory to download the contents to.", type: "string" },
          token: tokenInput,
        },
      },
    },
    async handler(ctx) {
      ctx.logger.info("Fetching plain content from remote URL");
      const outputPath = await resolveSafePath(ctx.workspacePath, ctx.input.targetPath ?? "./");
      await fetchContents({ reader: options.reader, baseUrl: ctx.templateInfo?.baseUrl, fetchUrl: ctx.input.url, outputPath, workspacePath: ctx.workspacePath });
    },
  };
}

export function createFetchPlainFileAction(options: { reader: SourceReader }): TemplateAction<{ url: string; targetPath: string; token?: string }> {
  return {
    id: "fetch:plain:file",
    description: "Downloads single file and places it in the workspace.",
    supportsDryRun: true,
    examples: [
      stepsExample("Copy one file that sits beside the template file into the workspace.", [
        { action: "fetch:plain:file", id: "fetch-plain-file", name: "Fetch plain file", input: { url: "./plain-file.txt", targetPath: "target-path" } },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        required: ["url", "targetPath"],
        properties: {
          url: { title: "Fetch URL", description: "Relative path or absolute URL pointing to the single file to fetch.", type: "string" },
          targetPath: { title: "Target Path", description: "Target path within the working directory to download the file as.", type: "string" },
          token: tokenInput,
        },
      },
    },
    async handler(ctx) {
      ctx.logger.info("Fetching plain content from remote URL");
      const outputPath = await resolveSafePath(ctx.workspacePath, ctx.input.targetPath);
      await fetchFile({ reader: options.reader, baseUrl: ctx.templateInfo?.baseUrl, fetchUrl: ctx.input.url, outputPath });
    },
  };
}
