import { mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { InputError, NotFoundError, PayloadTooLargeError } from "../../../errors";
import { GitCommandError, git, gitText } from "./git-cli.server";

// The embedded default's git host: bare repositories on this machine, one
// per owner and name under a root directory (scaffolder.localGit.root),
// published by publish:git, browsed at /git/:owner/:repo, cloned through
// git's smart HTTP at {baseUrl}/git/:owner/:repo.git (read-only), and read
// by the catalog straight from disk. Everything here reads git objects, never
// files of a work tree, so a symlink in a repository is only ever text.

export type LocalGitOptions = {
  /** Absolute directory holding `<owner>/<repo>.git`. */
  root: string;
  /** The host templates name in repoUrl (`{host}?owner=..&repo=..`), e.g. in RepoUrlPicker's allowedHosts. */
  host: string;
  /** The portal's public URL (app.baseUrl), with its base path: clone and browse URLs start with it. */
  baseUrl: string;
};

/** A name git, file systems and URLs all take as one segment: letters, digits, '.', '-', '_', not starting with '.' or '-'. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/;

/** Why an owner or repository name cannot name a directory of the root, or undefined when it can. */
export function segmentProblem(kind: "owner" | "repo", value: string): string | undefined {
  if (!SAFE_SEGMENT.test(value) || value.includes("..")) {
    return `Invalid ${kind} '${value}': use 1 to 100 letters, digits, '.', '-' or '_', not starting with '.' or '-' and without '..'`;
  }
  if (/\.(git|lock)$/i.test(value)) return `Invalid ${kind} '${value}': it must not end with '.git' or '.lock'`;
  return undefined;
}

function checkSegment(kind: "owner" | "repo", value: string): void {
  const problem = segmentProblem(kind, value);
  if (problem) throw new InputError(problem);
}

/** A branch name git accepts (git check-ref-format's rules, kept simple and strict). */
export function branchProblem(value: string): string | undefined {
  const ok =
    /^[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$/.test(value) &&
    !value.includes("..") &&
    !value.includes("//") &&
    !value.endsWith("/") &&
    !value.endsWith(".") &&
    !/(^|\/)\./.test(value) &&
    !/\.lock(\/|$)/.test(value);
  return ok ? undefined : `Invalid branch name '${value}'`;
}

export type TreeEntry = { name: string; path: string; type: "tree" | "blob" | "commit"; size?: number; mode: string };
export type CommitInfo = { hash: string; authorName: string; authorEmail: string; date: string; subject: string };
export type RepositorySummary = { owner: string; repo: string; description?: string };

/** A location inside a repository: what /git/:owner/:repo/{tree,blob}/{ref}/{path} names. */
export type RepositoryLocation = { owner: string; repo: string; view: "tree" | "blob"; rest: string[] };

export const MAX_BLOB_BYTES = 32 * 1024 * 1024;

export function createLocalGit(options: LocalGitOptions) {
  const root = path.resolve(options.root);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, "");

  function repositoryPath(owner: string, repo: string): string {
    checkSegment("owner", owner);
    checkSegment("repo", repo);
    const dir = path.join(root, owner, `${repo}.git`);
    // Belt and braces: the checks above already keep the path inside the root.
    if (path.relative(root, dir).startsWith("..")) throw new InputError(`Invalid repository ${owner}/${repo}`);
    return dir;
  }

  async function existingRepository(owner: string, repo: string): Promise<string> {
    const dir = repositoryPath(owner, repo);
    const info = await stat(path.join(dir, "HEAD")).catch(() => undefined);
    if (!info?.isFile()) throw new NotFoundError(`No repository ${owner}/${repo}`);
    return dir;
  }

  function urls(owner: string, repo: string, branch: string) {
    const browse = `${baseUrl}/git/${owner}/${repo}`;
    return {
      remoteUrl: `${browse}.git`,
      // As GitHub's html_url + /blob/{branch}: catalog:register joins catalogInfoPath to it.
      repoContentsUrl: `${browse}/blob/${branch.split("/").map(encodeURIComponent).join("/")}`,
      browseUrl: browse,
    };
  }

  /** Branch and tag names, longest first, so that a ref with slashes wins over its prefix. */
  async function refNames(dir: string): Promise<string[]> {
    const out = await gitText(["--git-dir", dir, "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags"]);
    return out
      .split("\n")
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
  }

  async function defaultBranch(dir: string): Promise<string> {
    return gitText(["--git-dir", dir, "symbolic-ref", "--short", "HEAD"]).catch(() => "main");
  }

  /** The commit a ref names, or undefined (an unborn branch, an unknown name). */
  async function resolveCommit(dir: string, ref: string): Promise<string | undefined> {
    if (ref.startsWith("-") || !/^[A-Za-z0-9._/-]+$/.test(ref)) return undefined;
    return gitText(["--git-dir", dir, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).catch(() => undefined);
  }

  /** Splits `{ref}/{path...}` where the ref may itself hold slashes: the longest branch or tag that prefixes it, else a commit hash. */
  async function splitRef(dir: string, rest: string[]): Promise<{ ref: string; filePath: string[] } | undefined> {
    const joined = rest.join("/");
    for (const name of await refNames(dir)) {
      if (joined === name) return { ref: name, filePath: [] };
      if (joined.startsWith(`${name}/`)) return { ref: name, filePath: joined.slice(name.length + 1).split("/") };
    }
    if (rest[0] && /^[0-9a-f]{7,64}$/i.test(rest[0])) return { ref: rest[0], filePath: rest.slice(1) };
    return undefined;
  }

  function checkFilePath(segments: string[]): string {
    const parts = segments.filter((segment) => segment !== "");
    for (const part of parts) {
      if (part === "." || part === ".." || part.includes("\0") || part.includes("\\")) throw new InputError(`Invalid path '${segments.join("/")}'`);
    }
    return parts.join("/");
  }

  async function lastCommit(dir: string, commit: string, filePath = ""): Promise<CommitInfo> {
    const args = ["--git-dir", dir, "log", "-1", "--format=%H%x00%an%x00%ae%x00%aI%x00%s", commit];
    if (filePath) args.push("--", filePath);
    const [hash, authorName, authorEmail, date, subject] = (await gitText(args)).split("\0");
    return { hash, authorName, authorEmail, date, subject };
  }

  async function objectType(dir: string, commit: string, filePath: string): Promise<string | undefined> {
    if (!filePath) return "tree";
    return gitText(["--git-dir", dir, "cat-file", "-t", `${commit}:${filePath}`]).catch(() => undefined);
  }

  async function listTree(dir: string, commit: string, filePath: string): Promise<TreeEntry[]> {
    const treeish = filePath ? `${commit}:${filePath}` : `${commit}^{tree}`;
    const out = (await git(["--git-dir", dir, "ls-tree", "-z", "-l", treeish])).toString("utf8");
    const entries = out
      .split("\0")
      .filter(Boolean)
      .map((line): TreeEntry => {
        const tab = line.indexOf("\t");
        const [mode, type, , size] = line.slice(0, tab).split(/\s+/);
        const name = line.slice(tab + 1);
        return { name, path: filePath ? `${filePath}/${name}` : name, mode, type: type as TreeEntry["type"], size: size === "-" ? undefined : Number(size) };
      });
    // Folders first, then files, each by name, as source hosts list them.
    return entries.sort((a, b) => ((a.type === "tree") !== (b.type === "tree") ? (a.type === "tree" ? -1 : 1) : a.name.localeCompare(b.name)));
  }

  async function readBlob(dir: string, commit: string, filePath: string, maxBytes: number): Promise<Buffer> {
    const spec = `${commit}:${filePath}`;
    const size = Number(await gitText(["--git-dir", dir, "cat-file", "-s", spec]));
    if (size > maxBytes) throw new PayloadTooLargeError(`${filePath} is larger than ${maxBytes} bytes`);
    return git(["--git-dir", dir, "cat-file", "blob", spec], { maxBytes });
  }

  return {
    root,
    host: options.host,
    baseUrl,
    repositoryPath,
    urls,

    /** Makes sure the root exists (publish:git writes under it). */
    async ensureRoot(): Promise<void> {
      await mkdir(root, { recursive: true });
    },

    async exists(owner: string, repo: string): Promise<boolean> {
      return existingRepository(owner, repo).then(
        () => true,
        () => false,
      );
    },

    /** Every repository of the root, by owner then name. */
    async list(): Promise<RepositorySummary[]> {
      const owners = await readdir(root, { withFileTypes: true }).catch(() => []);
      const found: RepositorySummary[] = [];
      for (const owner of owners) {
        if (!owner.isDirectory() || segmentProblem("owner", owner.name)) continue;
        for (const entry of await readdir(path.join(root, owner.name), { withFileTypes: true }).catch(() => [])) {
          const repo = entry.name.replace(/\.git$/, "");
          if (!entry.isDirectory() || !entry.name.endsWith(".git") || segmentProblem("repo", repo)) continue;
          found.push({ owner: owner.name, repo, description: await descriptionOf(path.join(root, owner.name, entry.name)) });
        }
      }
      return found.sort((a, b) => a.owner.localeCompare(b.owner) || a.repo.localeCompare(b.repo));
    },

    /**
     * What /git/:owner/:repo/{tree|blob}/{ref}/{path} shows: the folder's
     * entries or the file's bytes, at the ref (the default branch when the
     * URL names none). NotFoundError for anything that is not there.
     */
    async browse(location: RepositoryLocation, maxBytes = 1024 * 1024) {
      const { owner, repo } = location;
      const dir = await existingRepository(owner, repo);
      const branch = await defaultBranch(dir);
      const description = await descriptionOf(dir);
      const { remoteUrl, browseUrl } = urls(owner, repo, branch);
      const split = location.rest.length ? await splitRef(dir, location.rest) : { ref: branch, filePath: [] };
      if (!split) throw new NotFoundError(`No branch, tag or commit '${location.rest[0]}' in ${owner}/${repo}`);
      const filePath = checkFilePath(split.filePath);
      const commit = await resolveCommit(dir, split.ref);
      const base = { owner, repo, description, defaultBranch: branch, ref: split.ref, path: filePath, remoteUrl, browseUrl };
      if (!commit) {
        if (location.rest.length) throw new NotFoundError(`No branch, tag or commit '${split.ref}' in ${owner}/${repo}`);
        return { ...base, kind: "empty" as const };
      }
      const type = await objectType(dir, commit, filePath);
      if (!type || type === "commit") throw new NotFoundError(`No '${filePath}' at ${split.ref} in ${owner}/${repo}`);
      const latest = await lastCommit(dir, commit, filePath);
      if (type === "tree") {
        const entries = await listTree(dir, commit, filePath);
        const readmeEntry = entries.find((entry) => entry.type === "blob" && /^readme(\.md|\.markdown|\.txt)?$/i.test(entry.name));
        const readme = readmeEntry && (readmeEntry.size ?? 0) <= maxBytes ? (await readBlob(dir, commit, readmeEntry.path, maxBytes)).toString("utf8") : undefined;
        return { ...base, kind: "tree" as const, commit: latest, entries, readme: readme === undefined ? undefined : { name: readmeEntry!.name, text: readme } };
      }
      const size = Number(await gitText(["--git-dir", dir, "cat-file", "-s", `${commit}:${filePath}`]));
      if (size > maxBytes) return { ...base, kind: "blob" as const, commit: latest, size, content: undefined, tooLarge: true, binary: false };
      const bytes = await readBlob(dir, commit, filePath, maxBytes);
      const binary = bytes.includes(0);
      return { ...base, kind: "blob" as const, commit: latest, size, content: binary ? undefined : bytes.toString("utf8"), tooLarge: false, binary };
    },

    /** Whether a URL is one of this portal's repository file URLs ({baseUrl}/git/:owner/:repo/blob/...). */
    ownsUrl(url: string): boolean {
      return parseOwnUrl(url) !== undefined;
    },

    /**
     * The repository, commit and folder a portal tree or blob URL names
     * (the default branch when it names no ref), for reading a whole folder
     * (TechDocs' sources); undefined when it names nothing there.
     */
    async folderAt(url: string): Promise<{ dir: string; commit: string; path: string } | undefined> {
      const location = parseOwnUrl(url);
      if (!location) return undefined;
      try {
        const dir = await existingRepository(location.owner, location.repo);
        const split = location.rest.length ? await splitRef(dir, location.rest) : { ref: await defaultBranch(dir), filePath: [] };
        const commit = split && (await resolveCommit(dir, split.ref));
        if (!commit) return undefined;
        const filePath = checkFilePath(split.filePath);
        return (await objectType(dir, commit, filePath)) === "tree" ? { dir, commit, path: filePath } : undefined;
      } catch (error) {
        if (error instanceof InputError || error instanceof NotFoundError || error instanceof GitCommandError) return undefined;
        throw error;
      }
    },

    /**
     * The text of a file a portal URL names, read from the bare repository on
     * disk: the catalog's reader for repositories publish:git made, with no
     * HTTP request to the portal itself.
     */
    async readUrl(url: string): Promise<string> {
      const location = parseOwnUrl(url);
      if (!location) throw new NotFoundError(`Unable to read ${url}, not found`);
      try {
        const dir = await existingRepository(location.owner, location.repo);
        const split = await splitRef(dir, location.rest);
        const commit = split && (await resolveCommit(dir, split.ref));
        const filePath = split ? checkFilePath(split.filePath) : "";
        if (!commit || !filePath || (await objectType(dir, commit, filePath)) !== "blob") throw new NotFoundError(`Unable to read ${url}, not found`);
        return (await readBlob(dir, commit, filePath, MAX_BLOB_BYTES)).toString("utf8");
      } catch (error) {
        if (error instanceof InputError || error instanceof GitCommandError) throw new NotFoundError(`Unable to read ${url}, not found`);
        throw error;
      }
    },
  };

  /** {baseUrl}/git/:owner/:repo/blob/{ref}/{path} → its parts; anything else (another origin, another path) → undefined. */
  function parseOwnUrl(value: string): RepositoryLocation | undefined {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return undefined;
    }
    const own = new URL(baseUrl);
    if (url.origin !== own.origin || url.username || url.password) return undefined;
    const prefix = `${basePath}/git/`;
    if (!url.pathname.startsWith(prefix)) return undefined;
    let segments: string[];
    try {
      segments = url.pathname.slice(prefix.length).split("/").map(decodeURIComponent);
    } catch {
      return undefined;
    }
    const [owner, repo, view, ...rest] = segments;
    if (!owner || !repo || (view !== "blob" && view !== "tree")) return undefined;
    if (segmentProblem("owner", owner) || segmentProblem("repo", repo)) return undefined;
    return { owner, repo, view, rest: rest.filter((segment) => segment !== "") };
  }
}

async function descriptionOf(dir: string): Promise<string | undefined> {
  const text = await readFile(path.join(dir, "description"), "utf8").catch(() => "");
  // git init's placeholder is no description.
  const trimmed = text.trim();
  return trimmed && !trimmed.startsWith("Unnamed repository;") ? trimmed.slice(0, 500) : undefined;
}

export type LocalGit = ReturnType<typeof createLocalGit>;
