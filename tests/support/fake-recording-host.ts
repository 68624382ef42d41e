import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A host on 127.0.0.1 that writes down every request it gets, headers and
// all, and answers from a table: a path's body, or a redirect to anywhere
// (another port, another host). Two of them show where a credential
// travels when one host sends Atrium to another.

export type RecordingHost = {
  url: string;
  host: string;
  received: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  /** Every header value this host received, of every request: a secret must not be among them. */
  headerValues(): string[];
  serve(path: string, body: string): void;
  redirect(path: string, location: string, status?: number): void;
  close(): Promise<void>;
};

export async function startRecordingHost(): Promise<RecordingHost> {
  const answers = new Map<string, { body: string } | { location: string; status: number }>();
  const received: RecordingHost["received"] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    received.push({ method: request.method ?? "GET", path, headers: request.headers });
    const answer = answers.get(path.split("?")[0]);
    if (!answer) response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
    else if ("location" in answer) response.writeHead(answer.status, { Location: answer.location }).end();
    else response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    headerValues: () => received.flatMap((request) => Object.values(request.headers).flatMap((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]))),
    serve: (path, body) => void answers.set(path, { body }),
    redirect: (path, location, status = 302) => void answers.set(path, { location, status }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
