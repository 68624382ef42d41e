import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Starts the real, built server as a child process on a random port, the way
// `npm start` runs it, and stops it again.

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Writes `yaml` as an extra config file layered over the repository's app-config.yaml. */
export function writeConfig(yaml: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "atrium-server-")), "app-config.test.yaml");
  writeFileSync(file, yaml);
  return file;
}

/**
 * A static token of backend.auth.externalAccess that every test server
 * accepts: /api routes answer 401 to callers without credentials
 * (app/lib/http/public-routes.ts), so tests call the API as a service with it.
 */
export const TEST_API_TOKEN = "atrium-server-tests-api-token";
export const API_AUTHORIZATION = { authorization: `Bearer ${TEST_API_TOKEN}` };

export const TEST_CONFIG = `
auth:
  signInPage: []
backend:
  auth:
    externalAccess:
      - type: static
        options: { token: ${TEST_API_TOKEN}, subject: server-tests }
  listen:
    port: 0
    host: 127.0.0.1
  # One process, whatever the machine: unset, backend.workers is its cores, and a test's processes
  # (and what a kill or a timing means) would depend on where it runs. Tests of several workers say so.
  workers: 1
  database:
    client: better-sqlite3
    connection: ':memory:'
# The embedded default's simulated cluster is for people trying the portal; tests start their own fakes.
kubernetes:
  demoCluster: false
`;

export function runServer(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/index.js", ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Never leave a server behind when the test process itself goes away.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  exited.then(() => process.off("exit", killChild));
  return { child, exited, output: () => output };
}

/** The --config arguments for a test: the test defaults, then the test's own YAML over them, then any more. */
export function configArgs(configYaml: string, moreYaml: string[] = []): string[] {
  return ["--config", writeConfig(TEST_CONFIG), ...[configYaml, ...moreYaml].flatMap((yaml) => ["--config", writeConfig(yaml)])];
}

export async function startServer(configYaml = "", env: Record<string, string> = {}, moreYaml: string[] = []): Promise<RunningServer> {
  const { child, exited, output } = runServer(configArgs(configYaml, moreYaml), env);
  const port = await new Promise<number>((resolve, reject) => {
    // Generous: on a loaded machine (parallel test files, other work) a server can take tens of seconds to start.
    const timer = setTimeout(() => {
      // A server too slow to start is stopped, not left running behind the failed test.
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output()}`));
    }, 60_000);
    const onData = () => {
      const match = /"port":(\d+).*"msg":"Listening"/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    exited.then((code) => reject(new Error(`server exited with ${code}:\n${output()}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${url}/.backstage/health/v1/readiness`).catch(() => undefined);
    if (response?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    process: child,
    output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * One server for a whole test file: started before its tests, stopped after.
 * `get` fetches a path of it without following redirects.
 */
export function useServer(configYaml = "", moreYaml: string[] = []) {
  const handle = {} as { server: RunningServer; get: (path: string, init?: RequestInit) => Promise<Response> };
  beforeAll(async () => {
    handle.server = await startServer(configYaml, {}, moreYaml);
  });
  afterAll(async () => {
    await handle.server?.stop();
  });
  handle.get = (path, init = {}) => fetch(`${handle.server.url}${path}`, { redirect: "manual", ...init });
  return handle;
}

/** A guest's session cookie (`atrium-session=...`), from the sign-in page's Guest form as a browser posts it. */
export async function guestSessionCookie(server: Pick<RunningServer, "url">): Promise<string> {
  const response = await fetch(`${server.url}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: "intent=guest",
  });
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("atrium-session="))!
    .split(";")[0]!;
}
