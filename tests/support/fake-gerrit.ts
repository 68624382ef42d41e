import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A faithful fake of Gerrit's REST API on 127.0.0.1, for reading files: a
// project's HEAD and a file's content on a branch, under /a/ with Basic
// credentials (Gerrit's authenticated prefix) or anonymously without it.
// JSON comes behind Gerrit's XSSI prefix `)]}'`, file content base64-encoded,
// as Gerrit sends them.

export type FakeGerrit = {
  url: string;
  host: string;
  username: string;
  password: string;
  /** Every request path in the order it arrived. */
  requests: string[];
  /** A file on a branch of a project (the project's HEAD is its first branch). */
  setFile(project: string, branch: string, path: string, content: string): void;
  /** Makes the HEAD answer a body that is not Gerrit's JSON, as a misbehaving proxy might. */
  breakHead(body: string | undefined): void;
  close(): Promise<void>;
};

export async function startFakeGerrit(): Promise<FakeGerrit> {
  const username = "atrium";
  const password = "gerrit-http-password";
  const files = new Map<string, string>();
  const heads = new Map<string, string>();
  const requests: string[] = [];
  let brokenHead: string | undefined;
  const server: Server = createServer((request, response) => {
    const raw = request.url ?? "/";
    requests.push(raw);
    let path = raw.split("?")[0]!;
    if (path.startsWith("/a/")) {
      const expected = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
      if (request.headers.authorization !== expected) return response.writeHead(401, { "Content-Type": "text/plain" }).end("Unauthorized");
      path = path.slice(2);
    }
    const head = /^\/projects\/([^/]+)\/HEAD$/.exec(path);
    if (head) {
      const project = decodeURIComponent(head[1]!);
      if (!heads.has(project)) return response.writeHead(404, { "Content-Type": "text/plain" }).end(`Not found: ${project}`);
      return response.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(brokenHead ?? `)]}'\n${JSON.stringify(`refs/heads/${heads.get(project)}`)}\n`);
    }
    const content = /^\/projects\/([^/]+)\/branches\/([^/]+)\/files\/([^/]+)\/content$/.exec(path);
    if (content) {
      const key = [content[1], content[2], content[3]].map((part) => decodeURIComponent(part!)).join("\n");
      const file = files.get(key);
      if (file === undefined) return response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return response.writeHead(200, { "Content-Type": "text/plain; charset=ISO-8859-1" }).end(Buffer.from(file).toString("base64"));
    }
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    username,
    password,
    requests,
    setFile(project, branch, path, content) {
      if (!heads.has(project)) heads.set(project, branch);
      files.set([project, branch, path].join("\n"), content);
    },
    breakHead(body) {
      brokenHead = body;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
