import { createHash } from "node:crypto";
import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { InputError, NotFoundError } from "../../errors";
import { readUpTo } from "../../http/streams.server";
import { integrationByHost, scmIntegrations, type IntegrationsConfig, type ScmIntegration } from "../../integrations/scm-integrations";
import { createGithubAppTokens, type GithubAppTokens } from "../../integrations/github-apps.server";
import { fetchWithCredentials, MAX_REDIRECTS } from "../../integrations/credentialed-fetch.server";
import { apiUrl, scmRequest, ScmRequestError } from "../../integrations/scm-request.server";
import { git } from "../../scaffolder/actions/git/git-cli.server";
import type { LocalGit } from "../../scaffolder/actions/git/local-git.server";
import type { DocsSource } from "./locate.server";
import { readTar, type TreeLimits } from "./tar.server";

// Reads a documentation folder whole, with a version (etag) a sync compares
// with the published one: a local folder (a hash of its files), the portal's
// own repositories (the commit), GitHub (the tarball of the ref's commit,
// through the integration's API base URL) and GitLab (the repository archive
// of the commit). Other hosts are refused by name. Only hosts of configured
// integrations (and the public ones Backstage knows) are called, through
// app/lib/integrations/, so an annotation cannot aim the server anywhere else.

export const TREE_LIMITS: TreeLimits = { maxBytes: 100 * 1024 * 1024, maxFiles: 10_000 };
const ARCHIVE_TIMEOUT_MS = 60_000;

/** The files and their version; `notModified` (no files) when the version is the `etag` the caller already has. */
export type SourceTree = { files: Map<string, Uint8Array>; etag: string; notModified?: boolean };

export type TreeReadOptions = { signal?: AbortSignal; log?: (line: string) => void; etag?: string };

export type TreeReader = (source: DocsSource, options: TreeReadOptions) => Promise<SourceTree>;

const notModified = (etag: string): SourceTree => ({ files: new Map(), etag, notModified: true });

export function createTreeReader(options: { integrations?: IntegrationsConfig; localGit?: LocalGit; limits?: TreeLimits; fetchImpl?: typeof fetch }): TreeReader {
  const integrations = scmIntegrations(options.integrations);
  const limits = options.limits ?? TREE_LIMITS;
  const fetchImpl = options.fetchImpl ?? fetch;
  const appTokens = createGithubAppTokens();

  return async (source, { signal, log = () => undefined, etag }) => {
    if (source.type === "file") {
      log(`Reading the docs folder ${source.dir}`);
      const tree = await readLocalFolder(source.dir, limits);
      return tree.etag === etag ? notModified(tree.etag) : tree;
    }
    const url = new URL(source.url);
    if (options.localGit?.ownsUrl(source.url)) {
      log(`Reading ${source.url} from the portal's repositories`);
      return readOwnRepository(options.localGit, source.url, limits, signal, etag);
    }
    const integration = integrationByHost(integrations, url.host);
    if (!integration) throw new InputError(`Reading from '${url.host}' is not allowed: it is not a configured integration`);
    log(`Reading ${source.url}`);
    if (integration.type === "github") return readGithub(integration, appTokens, url, limits, fetchImpl, signal, etag);
    if (integration.type === "gitlab") return readGitlab(integration, url, limits, fetchImpl, signal, etag);
    throw new InputError(`Reading documentation from ${integration.type} (${integration.host}) is not supported`);
  };
}

// ---------------------------------------------------------------------------
// A local folder

async function readLocalFolder(dir: string, limits: TreeLimits): Promise<SourceTree> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info) throw new NotFoundError(`The docs folder ${dir} does not exist`);
  const root = await realpath(dir);
  if (!(await lstat(root)).isDirectory()) throw new InputError(`The docs folder ${dir} is not a folder`);
  const files = new Map<string, Uint8Array>();
  let total = 0;
  const inside = (target: string) => target === root || target.startsWith(root + path.sep);

  async function walk(folder: string, relative: string, depth: number): Promise<void> {
    if (depth > 32) throw new InputError(`The docs folder nests deeper than 32 folders at '${relative}'`);
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      let target = full;
      if (entry.isSymbolicLink()) {
        const resolved = await realpath(full).catch(() => undefined);
        if (!resolved) throw new InputError(`The symlink '${rel}' in the docs folder points nowhere`);
        if (!inside(resolved)) throw new InputError(`The symlink '${rel}' points outside the docs folder, which TechDocs refuses`);
        target = resolved;
      }
      const stats = await lstat(target);
      if (stats.isDirectory()) {
        // A link to a folder inside the docs folder would be read twice (or forever): only real folders are walked.
        if (target !== full) continue;
        await walk(full, rel, depth + 1);
      } else if (stats.isFile()) {
        total += stats.size;
        if (total > limits.maxBytes) throw new InputError(`The documentation's sources are larger than ${limits.maxBytes} bytes`);
        files.set(rel, await readFile(target));
        if (files.size > limits.maxFiles) throw new InputError(`The documentation's sources hold more than ${limits.maxFiles} files`);
      }
    }
  }
  await walk(root, "", 0);
  return { files, etag: contentHash(files) };
}

/** The version of files without a commit: a hash of every path and content, in path order. */
export function contentHash(files: Map<string, Uint8Array>): string {
  const hash = createHash("sha256");
  for (const name of [...files.keys()].sort()) {
    hash
      .update(name)
      .update("\0")
      .update(createHash("sha256").update(files.get(name)!).digest())
      .update("\0");
  }
  return hash.digest("hex");
}

// ---------------------------------------------------------------------------
// Repositories

/** Keeps the files under `folder` of an archive whose entries start with one top folder (GitHub's, GitLab's), at their path inside it. */
function underFolder(folder: string, stripTop: boolean) {
  const prefix = folder ? `${folder.replace(/^\/+|\/+$/g, "")}/` : "";
  return (name: string) => {
    const inner = stripTop ? name.slice(name.indexOf("/") + 1) : name;
    if (stripTop && !name.includes("/")) return undefined;
    if (!inner.startsWith(prefix) || inner === prefix) return undefined;
    const rest = inner.slice(prefix.length);
    if (rest.split("/").some((segment) => segment === ".." || segment === "")) return undefined;
    return rest;
  };
}

async function readOwnRepository(localGit: LocalGit, url: string, limits: TreeLimits, signal?: AbortSignal, etag?: string): Promise<SourceTree> {
  const folder = await localGit.folderAt(url);
  if (!folder) throw new NotFoundError(`Unable to read ${url}, not found`);
  if (etag === folder.commit) return notModified(etag);
  const args = ["--git-dir", folder.dir, "archive", "--format=tar", folder.commit];
  if (folder.path) args.push("--", folder.path);
  const archive = await git(args, { signal, maxBytes: limits.maxBytes + limits.maxFiles * 1024 + 1024 * 1024 });
  const files = readTar(archive, limits, underFolder(folder.path, false));
  return { files: new Map(files.map((file) => [file.path, file.data])), etag: folder.commit };
}

/** Splits the path after the repository: `tree|blob/{ref}/{path…}`; the ref is one segment, as Backstage's git-url-parse reads it. */
function refAndPath(rest: string[]): { ref?: string; folder: string } {
  if (rest[0] !== "tree" && rest[0] !== "blob") return { folder: "" };
  return { ref: rest[1] ? decodeURIComponent(rest[1]) : undefined, folder: rest.slice(2).map(decodeURIComponent).join("/") };
}

const encodeRef = (ref: string) => ref.split("/").map(encodeURIComponent).join("/");

async function readGithub(integration: ScmIntegration, appTokens: GithubAppTokens, url: URL, limits: TreeLimits, fetchImpl: typeof fetch, signal?: AbortSignal, etag?: string): Promise<SourceTree> {
  const [owner, repo, ...rest] = url.pathname.split("/").slice(1);
  if (!owner || !repo) throw new InputError(`Invalid GitHub URL ${url.href}: it names no repository`);
  // The integration's token, else an installation token of one of its GitHub Apps for the repository's owner.
  const token = integration.token ?? (await appTokens.tokenFor(integration, owner));
  const headers: Record<string, string> = { Accept: "application/vnd.github+json", ...(token ? { Authorization: `token ${token}` } : {}) };
  const repoPath = `repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo.replace(/\.git$/, ""))}`;
  const { ref: named, folder } = refAndPath(rest);
  try {
    const ref = named ?? (await scmRequest<{ default_branch: string }>(integration, { path: repoPath, headers, signal })).data.default_branch;
    const { data: commit } = await scmRequest<{ sha: string }>(integration, { path: `${repoPath}/commits/${encodeRef(ref)}`, headers, signal });
    if (etag === commit.sha) return notModified(etag);
    const archive = await download(apiUrl(integration, `${repoPath}/tarball/${commit.sha}`), headers, integration, limits, fetchImpl, signal);
    const files = readTar(archive, limits, underFolder(folder, true));
    return { files: new Map(files.map((file) => [file.path, file.data])), etag: commit.sha };
  } catch (error) {
    throw hostError(error, url);
  }
}

async function readGitlab(integration: ScmIntegration, url: URL, limits: TreeLimits, fetchImpl: typeof fetch, signal?: AbortSignal, etag?: string): Promise<SourceTree> {
  const segments = url.pathname.split("/").slice(1);
  const dash = segments.indexOf("-");
  const projectPath = (dash > 0 ? segments.slice(0, dash) : segments.filter(Boolean)).join("/").replace(/\.git$/, "");
  if (!projectPath.includes("/")) throw new InputError(`Invalid GitLab URL ${url.href}: it names no project`);
  const { ref: named, folder } = dash > 0 ? refAndPath(segments.slice(dash + 1)) : { ref: undefined, folder: "" };
  const headers: Record<string, string> = integration.token ? { "PRIVATE-TOKEN": integration.token } : {};
  try {
    const { data: project } = await scmRequest<{ id: number; default_branch: string | null }>(integration, { path: `projects/${encodeURIComponent(projectPath)}`, headers, signal });
    const ref = named ?? project.default_branch;
    if (!ref) throw new NotFoundError(`The GitLab project ${projectPath} has no branch`);
    const { data: commit } = await scmRequest<{ id: string }>(integration, { path: `projects/${project.id}/repository/commits/${encodeURIComponent(ref)}`, headers, signal });
    if (etag === commit.id) return notModified(etag);
    const archiveUrl = apiUrl(integration, `projects/${project.id}/repository/archive`, { sha: commit.id, ...(folder ? { path: folder } : {}) });
    const archive = await download(archiveUrl, headers, integration, limits, fetchImpl, signal);
    const files = readTar(archive, limits, underFolder(folder, true));
    return { files: new Map(files.map((file) => [file.path, file.data])), etag: commit.id };
  } catch (error) {
    throw hostError(error, url);
  }
}

/** A 404 from the host is the docs' absence; any other failure keeps the host's words. */
function hostError(error: unknown, url: URL): unknown {
  if (error instanceof ScmRequestError) {
    if (error.status === 404) return new NotFoundError(`Unable to read ${url.href}, not found`);
    return new Error(`Unable to read ${url.href}: ${error.detail}`);
  }
  return error;
}

/**
 * An archive from the host's API. GitHub answers a tarball with a redirect to
 * its download host (codeload.github.com for github.com): a redirect is
 * followed only to the integration's own host or that download host, and the
 * credentials go to the API's origin only (integrations/credentialed-fetch.server.ts).
 */
async function download(url: URL, credentials: Record<string, string>, integration: ScmIntegration, limits: TreeLimits, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(ARCHIVE_TIMEOUT_MS);
  const allowedHosts = new Set([integration.host.toLowerCase(), new URL(integration.apiBaseUrl).host.toLowerCase(), `codeload.${integration.host.toLowerCase()}`]);
  const response = await fetchWithCredentials(url, {
    credentials,
    maxRedirects: MAX_REDIRECTS,
    mayFollowTo: (next) => allowedHosts.has(next.host.toLowerCase()),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    fetchImpl,
  });
  if (response.status === 404) throw new NotFoundError(`Unable to read ${url.href}, not found`);
  if (!response.ok) throw new Error(`Unable to download the archive of ${url.pathname}: ${response.status} ${response.statusText}`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const read = await readUpTo(reader, limits.maxBytes + limits.maxFiles * 1024 + 1024 * 1024);
  if ("overflow" in read) {
    await reader.cancel();
    throw new InputError(`The documentation's sources are larger than ${limits.maxBytes} bytes`);
  }
  return read.bytes;
}
