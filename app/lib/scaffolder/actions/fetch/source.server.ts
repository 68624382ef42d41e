import { isUtf8 } from "node:buffer";
import { chmod, copyFile, lstat, mkdir, readdir, readFile, readlink, realpath, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InputError, NotFoundError } from "../../../errors";
import type { LocationReader } from "../../../catalog/processing/readers.server";
import { assertRealPathWithin, isWithin, resolveSafeChildPath, type RealPathCache } from "../workspace.server";

// Where the fetch actions read from: a `url` relative to the template's own
// location (templateInfo.baseUrl), or an absolute http(s) URL, as
// fetchContents and fetchFile of @backstage/plugin-scaffolder-node resolve
// it. A template that came from a file (the example catalog's templates) is
// read from disk, and only below its own directory; an http(s) location is
// read through the catalog's URL reader, which answers only for configured
// integration hosts and backend.reading.allow (no request to any other
// address). Symbolic links in a skeleton are kept only when they point
// inside the skeleton.

export type SourceReader = Pick<LocationReader, "read" | "isAllowedUrl">;

export type ResolvedSource =
  /** A path on disk, inside `root` (the template's directory). */
  { type: "file"; path: string; root: string } | { type: "url"; url: string };

const FILE_PLACE = "the template's directory";

/** Where `fetchUrl` points, given the template's location. */
export function resolveSource(options: { reader: SourceReader; baseUrl?: string; fetchUrl?: string }): ResolvedSource {
  const { reader, baseUrl } = options;
  const fetchUrl = options.fetchUrl ?? ".";
  if (isAbsoluteUrl(fetchUrl)) return { type: "url", url: allowedUrl(reader, fetchUrl) };
  if (baseUrl?.startsWith("file:")) {
    const templateFile = baseUrl.startsWith("file://") ? fileURLToPath(baseUrl) : baseUrl.slice("file:".length);
    const root = path.dirname(templateFile);
    return { type: "file", path: resolveSafeChildPath(root, fetchUrl, FILE_PLACE), root };
  }
  if (baseUrl) {
    if (!reader.isAllowedUrl(baseUrl)) throw new InputError(`No integration found for location ${baseUrl}`);
    return { type: "url", url: allowedUrl(reader, resolveScmUrl(fetchUrl, baseUrl)) };
  }
  throw new InputError(`Failed to fetch, template location could not be determined and the fetch URL is relative, ${fetchUrl}`);
}

/**
 * A URL relative to a source-control location, as Backstage's
 * defaultScmResolveUrl (@backstage/integration) does it for a base that
 * names a directory or file of a repository: a path starting with `/` is
 * taken from the base as given (a repository's contents URL), anything
 * else the way a browser resolves a link; the base's query is kept.
 */
export function resolveScmUrl(url: string, base: string): string {
  if (isAbsoluteUrl(url)) return url;
  const baseUrl = new URL(base);
  let resolved: URL;
  if (url.startsWith("/")) {
    resolved = new URL(baseUrl.href);
    resolved.pathname = `${baseUrl.pathname.replace(/\/+$/, "")}${url}`;
  } else {
    resolved = new URL(url, baseUrl);
  }
  resolved.search = baseUrl.search;
  return resolved.toString();
}

function allowedUrl(reader: SourceReader, url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new InputError(`Only http(s) URLs can be fetched, got '${url}'`);
  if (!reader.isAllowedUrl(url)) throw new InputError(`No integration found for location ${url}`);
  return url;
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The real directory of a file source, checked to be a directory inside the template's directory. */
export async function localDirectory(source: Extract<ResolvedSource, { type: "file" }>, shownAs: string): Promise<string> {
  await assertRealPathWithin(source.root, source.path, shownAs, { place: FILE_PLACE });
  const info = await stat(source.path).catch(() => undefined);
  if (!info) throw new NotFoundError(`Unable to fetch ${shownAs}, no such directory`);
  if (!info.isDirectory()) throw new InputError(`Unable to fetch ${shownAs}, it is not a directory`);
  return realpath(source.path);
}

/** Copies the directory `fetchUrl` names into `outputPath` (fetch:plain). */
export async function fetchContents(options: { reader: SourceReader; baseUrl?: string; fetchUrl?: string; outputPath: string; workspacePath: string }): Promise<void> {
  const source = resolveSource(options);
  if (source.type === "url") throw directoryOverUrl(source.url);
  const from = await localDirectory(source, options.fetchUrl ?? ".");
  const cache: RealPathCache = new Set();
  for (const entry of await walkTree(from)) {
    const to = path.join(options.outputPath, entry.path);
    await assertRealPathWithin(options.workspacePath, to, entry.path, { cache });
    if (entry.type === "directory") await mkdir(to, { recursive: true });
    else if (entry.type === "symlink") await copySymlink(entry, to);
    else await copyWithMode(path.join(from, entry.path), to);
  }
}

/** Copies the single file `fetchUrl` names to `outputPath` (fetch:plain:file, fetch:template:file). */
export async function fetchFile(options: { reader: SourceReader; baseUrl?: string; fetchUrl?: string; outputPath: string }): Promise<void> {
  const source = resolveSource(options);
  await mkdir(path.dirname(options.outputPath), { recursive: true });
  if (source.type === "url") {
    await writeFile(options.outputPath, await options.reader.read({ type: "url", target: source.url }));
    return;
  }
  const shownAs = options.fetchUrl ?? ".";
  await assertRealPathWithin(source.root, source.path, shownAs, { place: FILE_PLACE });
  const info = await stat(source.path).catch(() => undefined);
  if (!info) throw new NotFoundError(`Unable to fetch ${shownAs}, no such file`);
  if (!info.isFile()) throw new InputError(`Unable to fetch ${shownAs}, it is not a file`);
  await copyFile(source.path, options.outputPath);
}

export function directoryOverUrl(url: string): InputError {
  return new InputError(`Fetching a directory tree from ${url} is not supported; keep the skeleton beside the template file, or fetch single files with fetch:plain:file`);
}

export type TreeEntry =
  | { type: "directory"; path: string }
  | { type: "file"; path: string; mode: number }
  /** `target` is relative to the link's directory and stays inside the tree. */
  | { type: "symlink"; path: string; target: string };

/**
 * Every entry below `root` (a real path), parents before children, paths
 * relative with `/`. Links are not followed; one that points outside the
 * tree (or nowhere) is refused, naming it. Sockets, FIFOs and devices are
 * refused as well.
 */
export async function walkTree(root: string): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  const visit = async (relativeDir: string) => {
    const names = (await readdir(path.join(root, relativeDir))).sort();
    for (const name of names) {
      const relative = relativeDir ? `${relativeDir}/${name}` : name;
      const absolute = path.join(root, relative);
      const info = await lstat(absolute);
      if (info.isDirectory()) {
        entries.push({ type: "directory", path: relative });
        await visit(relative);
      } else if (info.isFile()) {
        entries.push({ type: "file", path: relative, mode: info.mode & 0o777 });
      } else if (info.isSymbolicLink()) {
        const real = await realpath(absolute).catch(() => undefined);
        if (real === undefined || !isWithin(root, real)) throw new InputError(`The skeleton's symbolic link '${relative}' points outside the skeleton`);
        entries.push({ type: "symlink", path: relative, target: path.relative(path.dirname(absolute), real) || "." });
      } else {
        throw new InputError(`The skeleton's entry '${relative}' is not a file, directory or symbolic link`);
      }
    }
  };
  await visit("");
  return entries;
}

export async function copySymlink(entry: Extract<TreeEntry, { type: "symlink" }>, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await symlink(entry.target, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
    const existing = await readlink(to).catch(() => undefined);
    if (existing !== entry.target) throw new InputError(`Cannot write the symbolic link '${entry.path}': something else is already there`);
  });
}

async function copyWithMode(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await copyFile(from, to);
}

/** Backstage copies what isbinaryfile calls binary without rendering it; a NUL byte or bytes that are not UTF-8 say the same here. */
export function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8192).includes(0) || !isUtf8(content);
}

export async function writeWithMode(to: string, content: string | Buffer, mode: number): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await writeFile(to, content, { mode });
  // writeFile applies the mode only to a file it creates, and under the umask.
  await chmod(to, mode);
}

export async function readBuffer(file: string): Promise<Buffer> {
  return readFile(file);
}
