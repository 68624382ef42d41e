import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import { NotAllowedError, NotFoundError, PayloadTooLargeError } from "../../../errors";
import { baseEnv } from "./git-cli.server";
import type { LocalGit } from "./local-git.server";

// Cloning and fetching the portal's repositories over git's smart HTTP
// protocol, read-only: `git http-backend` (git's own CGI program) answers
// the two requests a clone makes, GET {repo}.git/info/refs?service=git-upload-pack
// and POST {repo}.git/git-upload-pack. Pushing is not served: the routes for
// git-receive-pack do not exist and http.receivepack is off besides, and the
// dumb protocol (a repository's files over plain GET) is not served either.

/** A clone's upload-pack request lists wants and haves; it stays far below this. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

export type GitHttpRequest = { owner: string; repo: string; endpoint: "info/refs" | "git-upload-pack"; request: Request };

/** `:repo` of the clone URL is the name with `.git`; anything else is no repository. */
export function repoOfCloneSegment(segment: string): string | undefined {
  return segment.endsWith(".git") ? segment.slice(0, -".git".length) : undefined;
}

export async function serveGitHttp(localGit: LocalGit, { owner, repo, endpoint, request }: GitHttpRequest): Promise<Response> {
  if (!(await localGit.exists(owner, repo).catch(() => false))) throw new NotFoundError(`No repository ${owner}/${repo}`);
  const url = new URL(request.url);
  if (endpoint === "info/refs" && url.searchParams.get("service") !== "git-upload-pack") {
    throw new NotAllowedError("Only git-upload-pack (clone and fetch) is served; push and the dumb protocol are not");
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_REQUEST_BYTES) throw new PayloadTooLargeError(`A git-upload-pack request is limited to ${MAX_REQUEST_BYTES} bytes`);

  const env: Record<string, string> = {
    ...baseEnv(),
    GIT_PROJECT_ROOT: localGit.root,
    GIT_HTTP_EXPORT_ALL: "1",
    // Push is off whatever the repository's own config says.
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "http.receivepack",
    GIT_CONFIG_VALUE_0: "false",
    PATH_INFO: `/${owner}/${repo}.git/${endpoint}`,
    REQUEST_METHOD: request.method,
    QUERY_STRING: url.search.replace(/^\?/, ""),
    CONTENT_TYPE: request.headers.get("content-type") ?? "",
    REMOTE_ADDR: "127.0.0.1",
  };
  const encoding = request.headers.get("content-encoding");
  if (encoding) env.HTTP_CONTENT_ENCODING = encoding;
  const protocol = request.headers.get("git-protocol");
  if (protocol && /^[a-z0-9=:._-]+$/i.test(protocol)) env.GIT_PROTOCOL = protocol;

  const child = spawn("git", ["http-backend"], { env, stdio: ["pipe", "pipe", "pipe"] });
  const kill = () => child.kill("SIGKILL");
  request.signal.addEventListener("abort", kill, { once: true });
  child.on("close", () => request.signal.removeEventListener("abort", kill));
  child.stderr.resume();
  child.stdin.on("error", () => undefined);
  if (request.method === "POST" && request.body) {
    let size = 0;
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        body.destroy();
        kill();
      }
    });
    body.on("error", kill);
    body.pipe(child.stdin);
  } else {
    child.stdin.end();
  }
  return cgiResponse(child.stdout, child);
}

/** Reads the CGI headers git http-backend writes, then streams the rest as the body. */
function cgiResponse(stdout: Readable, child: ReturnType<typeof spawn>): Promise<Response> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = headerEnd(head);
      if (end === undefined) {
        if (head.length > 64 * 1024) fail(new Error("git http-backend wrote no headers"));
        return;
      }
      stdout.off("data", onData);
      stdout.off("end", onEnd);
      stdout.pause();
      const { status, headers } = parseCgiHeaders(head.subarray(0, end.index).toString("latin1"));
      const rest = head.subarray(end.index + end.length);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (rest.length) controller.enqueue(new Uint8Array(rest));
          stdout.on("data", (data: Buffer) => controller.enqueue(new Uint8Array(data)));
          stdout.on("end", () => controller.close());
          stdout.on("error", (error) => controller.error(error));
          stdout.resume();
        },
        cancel() {
          child.kill("SIGKILL");
        },
      });
      resolve(new Response(status === 204 || status === 304 ? null : body, { status, headers }));
    };
    const onEnd = () => fail(new Error("git http-backend ended before its headers"));
    const fail = (error: Error) => {
      child.kill("SIGKILL");
      reject(error);
    };
    stdout.on("data", onData);
    stdout.on("end", onEnd);
    child.on("error", fail);
  });
}

function headerEnd(buffer: Buffer): { index: number; length: number } | undefined {
  const crlf = buffer.indexOf("\r\n\r\n");
  const lf = buffer.indexOf("\n\n");
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { index: crlf, length: 4 };
  if (lf !== -1) return { index: lf, length: 2 };
  return undefined;
}

function parseCgiHeaders(text: string): { status: number; headers: Headers } {
  const headers = new Headers();
  let status = 200;
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 500;
    else headers.append(name, value);
  }
  return { status, headers };
}
