import { execFile } from "node:child_process";
import { lstat, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { InputError } from "../../../errors";

// Pushing over git's smart HTTP with the git CLI. The workspace is never
// turned into a repository itself: git works with a git directory of its
// own (--git-dir) over the workspace as work tree, so later steps see the
// workspace as the template wrote it. Credentials travel as an HTTP header
// set through GIT_CONFIG_* in git's environment, never in the remote URL or
// on the command line (where `ps` and error messages would show them), and
// the machine's and user's git configuration is ignored. Only http(s)
// remotes on the hosts the caller allows are pushed to, no redirects.
// Shared with publish:git (app/lib/scaffolder/actions/git/) for the same reasons.

export type GitAuth = { username: string; password: string } | { token: string } | undefined;
export type GitAuthor = { name?: string; email?: string };

/** Backstage's initRepoAndPush author when neither the input nor scaffolder.defaultAuthor names one. */
export const DEFAULT_GIT_AUTHOR = { name: "Scaffolder", email: "scaffolder@backstage.io" };
export const GIT_TIMEOUT_MS = 120_000;

type GitOptions = { gitDir: string; workTree?: string; auth?: GitAuth; env?: Record<string, string>; signal?: AbortSignal; input?: string; secrets: string[] };

function authHeader(auth: GitAuth): string | undefined {
  if (!auth) return undefined;
  if ("token" in auth) return `Authorization: Bearer ${auth.token}`;
  return `Authorization: Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;
}

export function secretsOf(auth: GitAuth): string[] {
  if (!auth) return [];
  if ("token" in auth) return [auth.token];
  return [auth.password, Buffer.from(`${auth.username}:${auth.password}`).toString("base64")];
}

/** Replaces every secret in `text` with ***. */
export function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) if (secret) result = result.split(secret).join("***");
  return result;
}

function gitEnv(options: GitOptions): NodeJS.ProcessEnv {
  const config: Array<[string, string]> = [
    ["credential.helper", ""],
    ["core.hooksPath", "/dev/null"],
    ["protocol.allow", "never"],
    ["protocol.http.allow", "always"],
    ["protocol.https.allow", "always"],
    ["http.followRedirects", "false"],
    ["init.defaultBranch", "main"],
    ["commit.gpgSign", "false"],
  ];
  const header = authHeader(options.auth);
  if (header) config.push(["http.extraHeader", header]);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: tmpdir(),
    LANG: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/false",
    GIT_DIR: options.gitDir,
    GIT_CONFIG_COUNT: String(config.length),
    ...options.env,
  };
  if (options.workTree) env.GIT_WORK_TREE = options.workTree;
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}

function git(args: string[], options: GitOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      { cwd: options.workTree ?? options.gitDir, env: gitEnv(options), timeout: GIT_TIMEOUT_MS, signal: options.signal, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const detail = redact(String(stderr || error.message).trim(), options.secrets);
          reject(new Error(`git ${args[0]} failed: ${detail}`));
        } else resolve(String(stdout).trim());
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Refuses a remote that is not http(s) on one of `allowedHosts`, or that carries credentials. */
export function checkRemoteUrl(remoteUrl: string, allowedHosts: string[]): URL {
  let url: URL;
  try {
    url = new URL(remoteUrl);
  } catch {
    throw new InputError(`Invalid remote URL ${remoteUrl}`);
  }
  const allowed = allowedHosts.map((host) => host.toLowerCase());
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password || !allowed.includes(url.host.toLowerCase())) {
    throw new InputError(`Refusing to push to ${url.protocol}//${url.host}${url.pathname}: not a configured integration host`);
  }
  return url;
}

/** Backstage's getRepoSourceDirectory: `sourcePath` inside the workspace, never outside it. */
export async function repoSourceDirectory(workspacePath: string, sourcePath?: string): Promise<string> {
  if (!sourcePath) return workspacePath;
  const resolved = path.resolve(workspacePath, sourcePath);
  const root = path.resolve(workspacePath);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new InputError(`Relative path is not allowed to refer to a directory outside its parent`);
  const stat = await lstat(resolved).catch(() => undefined);
  if (!stat?.isDirectory()) throw new InputError(`The sourcePath ${sourcePath} is not a directory of the workspace`);
  return resolved;
}

async function withGitDir<T>(fn: (gitDir: string) => Promise<T>): Promise<T> {
  const gitDir = await mkdtemp(path.join(tmpdir(), "atrium-push-"));
  try {
    return await fn(gitDir);
  } finally {
    await rm(gitDir, { recursive: true, force: true });
  }
}

function authorEnv(author: GitAuthor): Record<string, string> {
  const name = author.name || DEFAULT_GIT_AUTHOR.name;
  const email = author.email || DEFAULT_GIT_AUTHOR.email;
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

export type PushOptions = {
  dir: string;
  remoteUrl: string;
  allowedHosts: string[];
  defaultBranch?: string;
  auth?: GitAuth;
  author?: GitAuthor;
  commitMessage?: string;
  signal?: AbortSignal;
};

/**
 * Backstage's initRepoAndPush: every file of `dir` but what its .gitignore names, as one initial commit on
 * `defaultBranch`, pushed to the remote; returns the commit's hash.
 */
export async function initRepoAndPush(options: PushOptions): Promise<{ commitHash: string }> {
  const remote = checkRemoteUrl(options.remoteUrl, options.allowedHosts);
  const branch = options.defaultBranch || "master";
  const secrets = secretsOf(options.auth);
  return withGitDir(async (gitDir) => {
    const base = { gitDir, workTree: options.dir, signal: options.signal, secrets };
    await git(["init", "--quiet", `--initial-branch=${branch}`], { ...base, workTree: undefined });
    await git(["add", "--all", "."], base);
    await git(["commit", "--quiet", "--allow-empty", "--no-verify", "-m", options.commitMessage || "initial commit"], { ...base, env: authorEnv(options.author ?? {}) });
    const commitHash = await git(["rev-parse", "HEAD"], base);
    await git(["push", "--quiet", remote.href, `HEAD:refs/heads/${branch}`], { ...base, auth: options.auth });
    return { commitHash };
  });
}

export type BranchCommitOptions = {
  dir: string;
  remoteUrl: string;
  allowedHosts: string[];
  /** The branch the new one starts from. */
  baseBranch: string;
  branchName: string;
  /** Where the files go inside the repository; the root when empty. */
  targetPath?: string;
  auth?: GitAuth;
  author?: GitAuthor;
  commitMessage: string;
  /** Push over an existing branch of that name (Backstage's `update`). */
  force?: boolean;
  /** Commit and push even when the files change nothing (an empty commit). */
  allowEmpty?: boolean;
  signal?: AbortSignal;
};

/**
 * A pull request's branch: the files of `dir` put over `baseBranch` at
 * `targetPath` (added and changed, nothing deleted, as Backstage's
 * publish:github:pull-request writes them), committed and pushed as
 * `branchName`. Answers `changed: false` when the files change nothing (and pushes
 * nothing then, unless `allowEmpty`).
 */
export async function commitOverBranchAndPush(options: BranchCommitOptions): Promise<{ commitHash: string; changed: boolean }> {
  const remote = checkRemoteUrl(options.remoteUrl, options.allowedHosts);
  const secrets = secretsOf(options.auth);
  const prefix = normalizeTargetPath(options.targetPath);
  return withGitDir(async (gitDir) => {
    const base = { gitDir, signal: options.signal, secrets };
    await git(["init", "--quiet", "--bare"], base);
    await git(["fetch", "--quiet", "--depth=1", remote.href, `refs/heads/${options.baseBranch}`], { ...base, auth: options.auth });
    const parent = await git(["rev-parse", "FETCH_HEAD"], base);
    const parentTree = await git(["rev-parse", "FETCH_HEAD^{tree}"], base);
    // The workspace's files, staged in an index of their own.
    const sourceIndex = path.join(gitDir, "source-index");
    await git(["add", "--all", "."], { ...base, workTree: options.dir, env: { GIT_INDEX_FILE: sourceIndex } });
    const staged = await git(["ls-files", "--stage", "-z"], { ...base, workTree: options.dir, env: { GIT_INDEX_FILE: sourceIndex } });
    // The base branch's tree with those files put over it at the target path.
    const targetIndex = path.join(gitDir, "target-index");
    const targetEnv = { GIT_INDEX_FILE: targetIndex };
    await git(["read-tree", parent], { ...base, env: targetEnv });
    const entries = staged
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf("\t");
        return `${line.slice(0, tab)}\t${prefix}${line.slice(tab + 1)}`;
      });
    if (entries.length) await git(["update-index", "-z", "--index-info"], { ...base, env: targetEnv, input: entries.join("\0") + "\0" });
    const tree = await git(["write-tree"], { ...base, env: targetEnv });
    const changed = tree !== parentTree;
    if (!changed && !options.allowEmpty) return { commitHash: parent, changed };
    const commitHash = await git(["commit-tree", tree, "-p", parent, "-m", options.commitMessage], { ...base, env: authorEnv(options.author ?? {}) });
    const refspec = `${options.force ? "+" : ""}${commitHash}:refs/heads/${options.branchName}`;
    await git(["push", "--quiet", remote.href, refspec], { ...base, auth: options.auth });
    return { commitHash, changed };
  });
}

function normalizeTargetPath(targetPath: string | undefined): string {
  if (!targetPath) return "";
  const normalized = path.posix.normalize(targetPath.replace(/\\/g, "/")).replace(/^\/+|\/+$/g, "");
  if (normalized === "." || normalized === "") return "";
  if (normalized === ".." || normalized.startsWith("../")) throw new InputError(`Relative path is not allowed to refer to a directory outside its parent`);
  return `${normalized}/`;
}
