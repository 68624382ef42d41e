import { lstat, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import { InputError } from "../../../errors";
import type { JsonObject, TemplateAction } from "../types";
import { copySymlink, directoryOverUrl, fetchFile, isBinary, localDirectory, resolveSource, walkTree, writeWithMode, type SourceReader } from "../fetch/source.server";
import { assertRealPathWithin, resolveSafeChildPath, resolveSafePath, type RealPathCache } from "../workspace.server";
import { stepsExample } from "./example";

// fetch:template and fetch:template:file, as Backstage's (plugins/
// scaffolder-backend/src/scaffolder/actions/builtin/fetch/template.ts,
// templateFile.ts, templateActionHandler.ts): a skeleton beside the
// template is rendered with nunjucks into the workspace, file contents and
// file and directory names alike, with the step's `values` as `values` (or
// `cookiecutter` in cookiecutter compatibility mode). Entries matched by
// copyWithoutTemplating keep their contents as they are (their paths are
// still rendered); the deprecated copyWithoutRender keeps both. With
// templateFileExtension only files with that extension are rendered, and
// lose it. A path that renders empty, or with an empty directory in it, is
// skipped, which is how a skeleton leaves a file out; existing files are
// kept unless `replace` is set. Binary files and symbolic links are copied
// as they are. Every rendered path is checked to stay inside the workspace.

/** Renders one nunjucks template string with a context; the templater's (app/lib/scaffolder/templating/). */
export type TemplateRenderer = (template: string, context: JsonObject) => string;
export type LoadTemplateRenderer = (options: { cookiecutterCompat?: boolean; trimBlocks?: boolean; lstripBlocks?: boolean }) => TemplateRenderer | Promise<TemplateRenderer>;

type Input = {
  url: string;
  targetPath?: string;
  values?: JsonObject;
  templateFileExtension?: string | boolean;
  copyWithoutRender?: string[];
  copyWithoutTemplating?: string[];
  cookiecutterCompat?: boolean;
  replace?: boolean;
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
  token?: string;
};

type FileInput = Pick<Input, "values" | "cookiecutterCompat" | "replace" | "trimBlocks" | "lstripBlocks" | "token"> & { url: string; targetPath: string };

const input = {
  url: { title: "Fetch URL", description: "Relative path or absolute URL pointing to the directory tree to fetch", type: "string" },
  targetPath: {
    title: "Target Path",
    description: "Target path within the working directory to download the contents to. Defaults to the working directory root.",
    type: "string",
  },
  values: { title: "Template Values", description: "Values to pass on to the templating engine", type: "object" },
  copyWithoutRender: {
    title: "[Deprecated] Copy Without Render",
    description: "An array of glob patterns. Any files or directories which match are copied without being processed as templates.",
    type: "array",
    items: { type: "string" },
  },
  copyWithoutTemplating: {
    title: "Copy Without Templating",
    description: "An array of glob patterns. Contents of matched files or directories are copied without being processed, but paths are subject to rendering.",
    type: "array",
    items: { type: "string" },
  },
  cookiecutterCompat: {
    title: "Cookiecutter compatibility mode",
    description: "Enable features to maximise compatibility with templates built for fetch:cookiecutter",
    type: "boolean",
  },
  templateFileExtension: {
    title: "Template File Extension",
    description: "If set, only files with the given extension will be templated. If set to `true`, the default extension `.njk` is used.",
    type: ["string", "boolean"],
  },
  replace: { title: "Replace files", description: "If set, replace files in targetPath instead of skipping existing ones.", type: "boolean" },
  trimBlocks: { title: "Trim Blocks", description: "If set, the first newline after a block is removed (block, not variable tag!).", type: "boolean" },
  lstripBlocks: {
    title: "Lstrip Blocks",
    description: "If set, leading spaces and tabs are stripped from the start of a line to a block.",
    type: "boolean",
  },
  token: { title: "Token", description: "An optional token to use for authentication when reading the resources.", type: "string" },
} satisfies JsonObject;

export function createFetchTemplateAction(options: { reader: SourceReader; loadRenderer: LoadTemplateRenderer }): TemplateAction<Input> {
  return {
    id: "fetch:template",
    description:
      "Downloads a skeleton, templates variables into file and directory names and content, and places the result in the workspace, or optionally in a subdirectory specified by the `targetPath` input option.",
    supportsDryRun: true,
    examples: [
      stepsExample("Render a skeleton directory that sits beside the template file with the values given.", [
        {
          action: "fetch:template",
          id: "fetch-template",
          name: "Fetch template",
          input: { url: "./skeleton", targetPath: "./target", values: { name: "test-project", count: 1234, itemList: ["first", "second", "third"], showDummyFile: false } },
        },
      ]),
      stepsExample("Render only the files ending in .njk, and drop the extension.", [
        { action: "fetch:template", id: "fetch-template", name: "Fetch template", input: { url: "./skeleton", templateFileExtension: true, values: { name: "test-project" } } },
      ]),
      stepsExample("Copy the workflow files as they are: their ${{ }} belong to GitHub Actions.", [
        {
          action: "fetch:template",
          id: "fetch-template",
          name: "Fetch template",
          input: { url: "./skeleton", copyWithoutTemplating: [".github/workflows/*"], values: { name: "test-project" } },
        },
      ]),
    ],
    schema: { input: { type: "object", required: ["url"], properties: { ...input } } },
    async handler(ctx) {
      ctx.logger.info("Fetching template content from remote URL");
      const settings = templateSettings(ctx.input, ctx.logger);
      const outputDir = await resolveSafePath(ctx.workspacePath, ctx.input.targetPath ?? "./");
      const source = resolveSource({ reader: options.reader, baseUrl: ctx.templateInfo?.baseUrl, fetchUrl: ctx.input.url });
      if (source.type === "url") throw directoryOverUrl(source.url);
      const templateDir = await localDirectory(source, ctx.input.url);

      ctx.logger.info("Listing files and directories in template");
      const entries = await walkTree(templateDir);
      const copyOnly = settings.copyOnlyPatterns.length ? copyOnlyMatcher(settings.copyOnlyPatterns) : undefined;
      const context: JsonObject = { [ctx.input.cookiecutterCompat ? "cookiecutter" : "values"]: ctx.input.values ?? {} };
      ctx.logger.info(`Processing ${entries.length} template files/directories with input values`);
      const render = await options.loadRenderer({ cookiecutterCompat: ctx.input.cookiecutterCompat, trimBlocks: ctx.input.trimBlocks, lstripBlocks: ctx.input.lstripBlocks });
      const checked: RealPathCache = new Set();

      for (const entry of entries) {
        ctx.signal.throwIfAborted();
        // Directories carry a trailing slash through rendering, as globby's marked entries do in Backstage, so that a
        // directory whose name renders empty shows up as a leading or doubled slash and is skipped with its contents.
        const location = entry.type === "directory" ? `${entry.path}/` : entry.path;
        let renderContents: boolean;
        let outputPath = location;
        const extension = settings.extension;
        if (typeof extension === "string") {
          renderContents = entry.type === "file" && path.extname(location) === extension;
          if (renderContents) outputPath = outputPath.slice(0, -extension.length);
          outputPath = render(outputPath, context);
        } else {
          renderContents = !copyOnly?.(entry.path, entry.type === "directory");
          outputPath = settings.renderFilename || renderContents ? render(outputPath, context) : outputPath;
        }
        if (outputPath === "" || outputPath.startsWith("/") || outputPath.includes("//")) continue;

        const target = resolveSafeChildPath(outputDir, outputPath);
        // The directory a rendered path lands in must really be inside the workspace (a link placed there earlier must not lead out).
        await assertRealPathWithin(ctx.workspacePath, path.dirname(target), outputPath, { cache: checked });
        if ((await assertAbsentOrInside(ctx.workspacePath, target, outputPath)) && !ctx.input.replace) continue;
        if (!renderContents && !settings.extension) ctx.logger.info(`Copying file/directory ${location} without processing.`);

        if (entry.type === "directory") {
          ctx.logger.info(`Writing directory ${location} to template output path.`);
          await mkdir(target, { recursive: true });
        } else if (entry.type === "symlink") {
          ctx.logger.info(`Copying file binary or symbolic link at ${location}, to template output path.`);
          await copySymlink(entry, target);
        } else {
          const content = await readFile(path.join(templateDir, entry.path));
          if (isBinary(content)) {
            ctx.logger.info(`Copying file binary or symbolic link at ${location}, to template output path.`);
            await writeWithMode(target, content, entry.mode);
          } else {
            ctx.logger.info(`Writing file ${location} to template output path with mode ${entry.mode}.`);
            const text = content.toString("utf8");
            await writeWithMode(target, renderContents ? render(text, context) : text, entry.mode);
          }
        }
      }
      ctx.logger.info(`Template result written to ${outputDir}`);
    },
  };
}

export function createFetchTemplateFileAction(options: { reader: SourceReader; loadRenderer: LoadTemplateRenderer }): TemplateAction<FileInput> {
  return {
    id: "fetch:template:file",
    description: "Downloads single file and places it in the workspace.",
    supportsDryRun: true,
    examples: [
      stepsExample("Render one file that sits beside the template file with the values given.", [
        {
          action: "fetch:template:file",
          id: "fetch-template-file",
          name: "Fetch template file",
          input: { url: "./skeleton.txt", targetPath: "./target/skeleton.txt", values: { name: "test-project", count: 1234, itemList: ["first", "second", "third"] } },
        },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        required: ["url", "targetPath"],
        properties: {
          url: { title: "Fetch URL", description: "Relative path or absolute URL pointing to the single file to fetch.", type: "string" },
          targetPath: { title: "Target Path", description: "Target path within the working directory to download the file as.", type: "string" },
          values: input.values,
          cookiecutterCompat: input.cookiecutterCompat,
          replace: { title: "Replace file", description: "If set, replace file in targetPath instead of overwriting existing one.", type: "boolean" },
          trimBlocks: input.trimBlocks,
          lstripBlocks: input.lstripBlocks,
          token: input.token,
        },
      },
    },
    async handler(ctx) {
      ctx.logger.info("Fetching template file content from remote URL");
      const target = await resolveSafePath(ctx.workspacePath, ctx.input.targetPath);
      if ((await assertAbsentOrInside(ctx.workspacePath, target, ctx.input.targetPath)) && !ctx.input.replace) {
        ctx.logger.info(`File ${ctx.input.targetPath} already exists in workspace, not replacing.`);
        return;
      }
      const tmp = path.join(await ctx.createTemporaryDirectory(), "tmp");
      await fetchFile({ reader: options.reader, baseUrl: ctx.templateInfo?.baseUrl, fetchUrl: ctx.input.url, outputPath: tmp });
      const context: JsonObject = { [ctx.input.cookiecutterCompat ? "cookiecutter" : "values"]: ctx.input.values ?? {} };
      ctx.logger.info("Processing template file with input values");
      const render = await options.loadRenderer({ cookiecutterCompat: ctx.input.cookiecutterCompat, trimBlocks: ctx.input.trimBlocks, lstripBlocks: ctx.input.lstripBlocks });
      const rendered = render(await readFile(tmp, "utf8"), context);
      await writeWithMode(target, rendered, 0o644);
      ctx.logger.info(`Template file has been written to ${target}`);
    },
  };
}

/** Backstage's checks of fetch:template's options, with its messages. */
function templateSettings(input: Input, logger: { warn(message: string): void }) {
  if (input.copyWithoutRender && input.copyWithoutTemplating) {
    throw new InputError("Fetch action input copyWithoutRender and copyWithoutTemplating can not be used at the same time");
  }
  let copyOnlyPatterns: unknown;
  let renderFilename: boolean;
  if (input.copyWithoutRender) {
    logger.warn("[Deprecated] copyWithoutRender is deprecated Please use copyWithoutTemplating instead.");
    copyOnlyPatterns = input.copyWithoutRender;
    renderFilename = false;
  } else {
    copyOnlyPatterns = input.copyWithoutTemplating;
    renderFilename = true;
  }
  if (copyOnlyPatterns !== undefined && (!Array.isArray(copyOnlyPatterns) || copyOnlyPatterns.some((pattern) => typeof pattern !== "string"))) {
    throw new InputError("Fetch action input copyWithoutRender/copyWithoutTemplating must be an Array");
  }
  if (input.templateFileExtension && (copyOnlyPatterns || input.cookiecutterCompat)) {
    throw new InputError("Fetch action input extension incompatible with copyWithoutRender/copyWithoutTemplating and cookiecutterCompat");
  }
  let extension: string | false = false;
  if (input.templateFileExtension) {
    const given = input.templateFileExtension === true ? ".njk" : String(input.templateFileExtension);
    extension = given.startsWith(".") ? given : `.${given}`;
  }
  return { copyOnlyPatterns: (copyOnlyPatterns ?? []) as string[], renderFilename, extension };
}

/**
 * Globby's matching as Backstage uses it (dot files included, directories
 * matched by name; a pattern ending in `/` matches directories only).
 */
function copyOnlyMatcher(patterns: string[]): (relative: string, isDirectory: boolean) => boolean {
  const matchers = patterns.map((pattern) => {
    const directoriesOnly = pattern.endsWith("/");
    const isMatch = picomatch(pattern.replace(/^\.\//, "").replace(/\/+$/, ""), { dot: true });
    return (relative: string, isDirectory: boolean) => (!directoriesOnly || isDirectory) && isMatch(relative);
  });
  return (relative, isDirectory) => matchers.some((matches) => matches(relative, isDirectory));
}

/** Whether something is at `target` already; when it is a link, it must lead inside the workspace. */
async function assertAbsentOrInside(workspacePath: string, target: string, shownAs: string): Promise<boolean> {
  const info = await lstat(target).catch(() => undefined);
  if (!info) return false;
  if (info.isSymbolicLink()) await assertRealPathWithin(workspacePath, target, shownAs);
  return true;
}
