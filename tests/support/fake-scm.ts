import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { API_AUTHORIZATION, startServer, type RunningServer } from "./server";

// A faithful fake of a GitHub host on loopback. Files are keyed by their repo
// path `<owner>/<repo>/<ref>/<path>` and served raw at `/<owner>/<repo>/<ref>/<path>`,
// as raw.githubusercontent.com serves them; Atrium reaches them through the
// blob URLs `blobUrl()` builds and the github integration's rawBaseUrl.

export type FakeScm = {
  url: string;
  host: string;
  /** Every request path (with its query) in the order it arrived. */
  requests: string[];
  /** How many requests asked for the file at `repoPath`, or for anything when omitted. */
  requestCount(repoPath?: string): number;
  /** The blob URL a user would register: `<url>/<owner>/<repo>/blob/<ref>/<path>`. */
  blobUrl(repoPath: string): string;
  setFile(repoPath: string, content: string): void;
  deleteFile(repoPath: string): void;
  /** Answers requests for `repoPath` with a 302 to `location`. */
  redirect(repoPath: string, location: string): void;
  close(): Promise<void>;
};

export async function startFakeScm(initial: Record<string, string> = {}): Promise<FakeScm> {
  const files = new Map(Object.entries(initial));
  const redirects = new Map<string, string>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const raw = request.url ?? "/";
    requests.push(raw);
    let key: string;
    try {
      key = decodeURIComponent(raw.split("?")[0]).replace(/^\/+/, "");
    } catch {
      key = "";
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const target = redirects.get(key);
    if (target) {
      response.writeHead(302, { Location: target }).end();
      return;
    }
    const content = files.get(key);
    if (content === undefined) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("404: Not Found");
      return;
    }
    const body = Buffer.from(content, "utf8");
    response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": body.byteLength });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  return {
    url,
    host,
    requests,
    requestCount: (repoPath) => (repoPath === undefined ? requests.length : requests.filter((path) => path.split("?")[0] === `/${repoPath}`).length),
    blobUrl(repoPath) {
      const [owner, repo, ref, ...rest] = repoPath.split("/");
      return `${url}/${owner}/${repo}/blob/${ref}/${rest.join("/")}`;
    },
    setFile: (repoPath, content) => void files.set(repoPath, content),
    deleteFile: (repoPath) => void files.delete(repoPath),
    redirect: (repoPath, location) => void redirects.set(repoPath, location),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Atrium's config for a catalog that reads only the fake host and registers nothing by itself. */
export function catalogConfig(scm: FakeScm): string {
  return `
integrations:
  github:
    - host: ${scm.host}
      rawBaseUrl: ${scm.url}
catalog:
  rules:
    - allow: [Component, API, System, Domain, Resource, Group, User, Location, Template]
  locations: []
  processingInterval: { seconds: 1 }
`;
}

/**
 * One fake SCM and one Atrium reading from it for a whole test file; the SCM
 * starts first because Atrium's config names its port.
 */
export function useCatalogServer(files: Record<string, string>) {
  const handle = {} as { scm: FakeScm; server: RunningServer; api: (path: string, init?: RequestInit) => Promise<Response> };
  beforeAll(async () => {
    handle.scm = await startFakeScm(files);
    handle.server = await startServer(catalogConfig(handle.scm));
  });
  afterAll(async () => {
    await handle.server?.stop();
    await handle.scm?.close();
  });
  // As a service with the test servers' static token, unless the test sends credentials of its own.
  handle.api = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("authorization")) headers.set("authorization", API_AUTHORIZATION.authorization);
    return fetch(`${handle.server.url}/api/catalog${path}`, { redirect: "manual", ...init, headers });
  };
  return handle;
}

/** Polls `probe` until it yields a truthy value; processing is asynchronous, so reads wait for it, boundedly. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A catalog file: YAML documents separated by `---`. */
export const yamlDocs = (...documents: string[]) => documents.map((document) => document.trim()).join("\n---\n") + "\n";

/** A Component document with the fields most tests need. */
export function component(name: string, spec: string = "type: service\n  lifecycle: production\n  owner: nobody", metadata = "") {
  return `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\n${metadata}spec:\n  ${spec}`;
}

/** A Location document naming other files next to it. */
export function locationDoc(name: string, targets: string[]) {
  return `apiVersion: backstage.io/v1alpha1\nkind: Location\nmetadata:\n  name: ${name}\nspec:\n  targets: [${targets.map((target) => JSON.stringify(target)).join(", ")}]`;
}
