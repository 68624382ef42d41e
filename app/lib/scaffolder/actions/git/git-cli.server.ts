import { spawn } from "node:child_process";

// The git CLI, run the same way everywhere: arguments as an array (no
// shell), and an environment that ignores the machine's and the user's git
// configuration, so that nobody's hooks, signing keys, credential helpers or
// aliases take part in what the portal does with its own repositories.

export const GIT_ENV: Record<string, string> = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  GIT_ASKPASS: "true",
  LC_ALL: "C",
};

/** The parts of the process environment git itself needs to run (where it is, where it may write temporary files). */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ["PATH", "TMPDIR", "SYSTEMROOT"]) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, HOME: "/nonexistent", ...GIT_ENV };
}

export class GitCommandError extends Error {
  override name = "GitCommandError";
  constructor(
    readonly args: string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ""} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`);
  }
}

export type GitRunOptions = {
  cwd?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Refuse (throw) when stdout grows beyond this many bytes. */
  maxBytes?: number;
  input?: Buffer | string;
};

/** Runs git and resolves with its stdout as bytes; a non-zero exit rejects with a GitCommandError. */
export function git(args: string[], options: GitRunOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd: options.cwd,
      env: { ...baseEnv(), ...options.env },
      signal: options.signal,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let overflow = false;
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        overflow = true;
        child.kill("SIGKILL");
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (overflow) reject(new GitOutputTooLargeError(maxBytes));
      else if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new GitCommandError(args, code, stderr));
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
  });
}

export class GitOutputTooLargeError extends Error {
  override name = "GitOutputTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`git's output is larger than ${maxBytes} bytes`);
  }
}

/** git, its stdout as trimmed text. */
export async function gitText(args: string[], options: GitRunOptions = {}): Promise<string> {
  return (await git(args, options)).toString("utf8").trim();
}
