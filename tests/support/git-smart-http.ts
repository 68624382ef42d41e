import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

// Bare git repositories in a temporary directory, served over git's smart
// HTTP protocol by the real `git http-backend` (a CGI program, run once per
// request). The fakes of the source hosts (fake-*-api.ts) create the
// repositories their REST APIs announce here, so a push from Atrium really
// lands and a test reads what landed with plain `git` commands.

export type GitRepos = {
  root: string;
  /** Creates an empty bare repository at `name` (`owner/repo.git`), whose HEAD names `defaultBranch`. */
  create(name: string, defaultBranch?: string): string;
  exists(name: string): boolean;
  /** The bare repository's directory. */
  dir(name: string): string;
  /** Runs git in the bare repository and returns its trimmed output. */
  git(name: string, ...args: string[]): string;
  /** The commit a branch points at, or undefined. */
  head(name: string, branch: string): string | undefined;
  /** A file's text at a ref (`main:path`), exactly as stored. */
  show(name: string, spec: string): string;
  /** Every file path at a ref, sorted. */
  files(name: string, ref: string): string[];
  /**
   * Answers one smart-HTTP request for `repoPath` (`owner/repo.git/info/refs`, ...)
   * through `git http-backend`; receive-pack is allowed (the fake checked the caller).
   */
  serve(request: IncomingMessage, response: ServerResponse, repoPath: string, query: string): void;
  remove(): void;
};

export function createGitRepos(): GitRepos {
  const root = mkdtempSync(path.join(tmpdir(), "atrium-fake-git-"));
  const dir = (name: string) => {
    const resolved = path.resolve(root, name);
    if (!resolved.startsWith(root + path.sep)) throw new Error(`Repository path escapes the root: ${name}`);
    return resolved;
  };
  const git = (name: string, ...args: string[]) => execFileSync("git", args, { cwd: dir(name), encoding: "utf8", env: isolatedGitEnv(), stdio: ["ignore", "pipe", "pipe"] }).trim();
  return {
    root,
    dir,
    create(name, defaultBranch = "main") {
      const target = dir(name);
      mkdirSync(target, { recursive: true });
      execFileSync("git", ["init", "--bare", "--quiet", `--initial-branch=${defaultBranch}`, target], { env: isolatedGitEnv() });
      return target;
    },
    exists: (name) => existsSync(path.join(dir(name), "HEAD")),
    git,
    head(name, branch) {
      try {
        return git(name, "rev-parse", "--verify", "--quiet", `refs/heads/${branch}`) || undefined;
      } catch {
        return undefined;
      }
    },
    // A missing file throws; git's own complaint is not echoed into the test output.
    show: (name, spec) => execFileSync("git", ["cat-file", "blob", spec], { cwd: dir(name), encoding: "utf8", env: isolatedGitEnv(), stdio: ["ignore", "pipe", "pipe"] }),
    files: (name, ref) => git(name, "ls-tree", "-r", "--name-only", ref).split("\n").filter(Boolean).sort(),
    serve(request, response, repoPath, query) {
      const child = spawn("git", ["http-backend"], {
        env: {
          ...isolatedGitEnv(),
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: "1",
          // The fake has already authenticated the caller; http-backend lets an authenticated user push.
          REMOTE_USER: "fake",
          REMOTE_ADDR: "127.0.0.1",
          PATH_INFO: `/${repoPath}`,
          QUERY_STRING: query,
          REQUEST_METHOD: request.method ?? "GET",
          CONTENT_TYPE: request.headers["content-type"] ?? "",
          HTTP_CONTENT_ENCODING: String(request.headers["content-encoding"] ?? ""),
          GIT_PROTOCOL: String(request.headers["git-protocol"] ?? ""),
        },
        stdio: ["pipe", "pipe", "pipe"],
      });
      request.pipe(child.stdin);
      let head = Buffer.alloc(0);
      let headersDone = false;
      child.stdout.on("data", (chunk: Buffer) => {
        if (headersDone) return void response.write(chunk);
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        headersDone = true;
        let status = 200;
        for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
          const colon = line.indexOf(":");
          const name = line.slice(0, colon).trim();
          const value = line.slice(colon + 1).trim();
          if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
          else response.setHeader(name, value);
        }
        response.writeHead(status);
        response.write(head.subarray(end + 4));
      });
      child.stdout.on("end", () => {
        if (!headersDone) response.writeHead(500);
        response.end();
      });
      child.on("error", () => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** git without the machine's or the user's configuration, so the fakes behave alike everywhere. */
export function isolatedGitEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_TERMINAL_PROMPT: "0", HOME: tmpdir() };
}

/** The Basic credentials of an Authorization header, or undefined. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Reads a request's JSON body (an empty body is `{}`). */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  return JSON.parse(text) as Record<string, unknown>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

/**
 * Writes a commit on `branch` of a bare repository that puts `files` (path →
 * text, or null to delete) over the branch's tree (or an empty tree), as the
 * hosts' content APIs do server-side; returns the new commit's and blobs' ids.
 */
export function commitFiles(
  repos: GitRepos,
  name: string,
  options: { branch: string; parent?: string; files: Record<string, string | null>; message: string; author?: { name: string; email: string } },
): { commit: string; blobs: Record<string, string> } {
  const index = path.join(mkdtempSync(path.join(tmpdir(), "atrium-fake-index-")), "index");
  const author = options.author ?? { name: "Fake Host", email: "fake@example.com" };
  const env = { ...isolatedGitEnv(), GIT_INDEX_FILE: index, GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
  const run = (args: string[], input?: string) => execFileSync("git", args, { cwd: repos.dir(name), encoding: "utf8", env, input }).trim();
  try {
    if (options.parent) run(["read-tree", options.parent]);
    const blobs: Record<string, string> = {};
    for (const [file, content] of Object.entries(options.files)) {
      if (content === null) {
        run(["update-index", "--force-remove", file]);
        continue;
      }
      const blob = run(["hash-object", "-w", "--stdin"], content);
      blobs[file] = blob;
      run(["update-index", "--add", "--cacheinfo", `100644,${blob},${file}`]);
    }
    const tree = run(["write-tree"]);
    const commit = run(["commit-tree", tree, ...(options.parent ? ["-p", options.parent] : []), "-m", options.message]);
    run(["update-ref", `refs/heads/${options.branch}`, commit]);
    return { commit, blobs };
  } finally {
    rmSync(path.dirname(index), { recursive: true, force: true });
  }
}
