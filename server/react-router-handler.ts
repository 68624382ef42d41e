import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { readBodyOf } from "./body-limits";

// React Router behind Express: what @react-router/express does (the same
// Request from Express's request, the same response written back), except
// for the body. The adapter hands React Router the socket's stream, which an
// action's request.formData() reads whole, however large; here a page's body
// is the one ./body-limits.ts has already read within its limit. Bodies that
// middleware left unread (git's upload-pack, which limits its own) stream as before.

type LoadContext = (req: Request, res: Response) => Promise<RouterContextProvider>;

export function reactRouterRequestHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: "development" | "production", getLoadContext: LoadContext): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = createRequest(req, res);
      await sendResponse(res, await handleRequest(request, await getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

function createRequest(req: Request, res: Response): globalThis.Request {
  // The public host and port as the adapter derives them (X-Forwarded-Host only behind a trusted proxy).
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [Number.parseInt(forwardedPort ?? "", 10), Number.parseInt(hostPort ?? "", 10)].find(Number.isSafeInteger) ?? "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const read = readBodyOf(res);
    // Buffer.concat's result lies on an ArrayBuffer, never a SharedArrayBuffer.
    init.body = read ? (read as Uint8Array<ArrayBuffer>) : createReadableStreamFromReadable(req);
    if (!read) init.duplex = "half";
  }
  return new globalThis.Request(url.href, init);
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
