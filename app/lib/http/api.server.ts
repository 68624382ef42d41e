import type { RouterContextProvider } from "react-router";
import type { Credentials } from "../auth/credentials";
import { apiCredentials, apiPluginId } from "../auth/request-credentials.server";
import { getRequestContext, type RequestContext } from "../context.server";
import { AuthenticationError, InputError, PayloadTooLargeError } from "../errors";
import { errorResponse } from "./error-response.server";
import { readUpTo } from "./streams.server";

// The REST API's edge: every /api resource route runs through apiRoute, so
// a domain error becomes Backstage's error body with its status in one place,
// and anything unexpected is logged and answered with a bare 500.

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

type ApiArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };
type ApiHandler = (args: ApiArgs & { app: RequestContext; url: URL; credentials: Credentials }) => Promise<Response> | Response;

export function apiRoute(handlers: Partial<Record<"GET" | "POST" | "PUT" | "DELETE", ApiHandler>>) {
  return async (args: ApiArgs): Promise<Response> => {
    const { request } = args;
    const app = getRequestContext(args.context);
    const method = request.method === "HEAD" ? "GET" : (request.method as keyof typeof handlers);
    const handler = handlers[method];
    try {
      if (!handler) {
        const allowed = Object.keys(handlers).join(", ");
        return Response.json(
          { error: { name: "MethodNotAllowedError", message: `${request.method} is not supported here` }, request: { method: request.method, url: new URL(request.url).pathname }, response: { statusCode: 405 } },
          { status: 405, headers: { Allow: allowed } },
        );
      }
      // Credentials that were sent must be valid; none at all means the guest where guests are admitted.
      if (app.auth.error) throw new AuthenticationError(app.auth.error);
      const url = new URL(request.url);
      // Every service call below carries these, and each service decides permissions with them.
      const credentials = apiCredentials(app, apiPluginId(url.pathname, app.publicConfig.basePath));
      return await handler({ ...args, app, url, credentials });
    } catch (error) {
      const response = errorResponse(error, request);
      if (response.status >= 500) app.logger.error({ err: error, requestId: app.requestId }, "API request failed");
      return response;
    }
  };
}

/** A JSON object body, with Backstage's messages for what is wrong and 413 beyond the limit. */
export async function readJsonObject(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type");
  if (!type) throw new InputError("Content-Type missing");
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) throw new InputError("Illegal Content-Type");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_DISCARDED_BYTES) {
    throw Object.assign(new PayloadTooLargeError(`Request body is larger than ${maxBytes} bytes`), { closeConnection: true });
  }
  const reader = request.body?.getReader();
  if (!reader) throw new InputError("Missing request body");
  const read = await readUpTo(reader, maxBytes);
  if ("overflow" in read) {
    const drained = await discardRest(reader, read.size);
    throw Object.assign(new PayloadTooLargeError(`Request body is larger than ${maxBytes} bytes`), { closeConnection: !drained });
  }
  const text = read.bytes.toString("utf8");
  if (!text.trim()) throw new InputError("Missing request body");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new InputError(`Malformed request body, ${(error as Error).message}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new InputError("Expected body to be a JSON object");
  return body as Record<string, unknown>;
}

/** Up to this much of an oversized body is read and dropped, so the client gets its 413 rather than a broken pipe. */
const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

/** Whether the whole body was read; if not, the connection must close after the response. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<boolean> {
  let size = alreadyRead;
  while (size <= MAX_DISCARDED_BYTES) {
    const { done, value } = await reader.read();
    if (done) return true;
    size += value.byteLength;
  }
  reader.releaseLock();
  return false;
}

/** Refuses query parameters a route does not know, as Backstage's OpenAPI validation does. */
export function allowQueryParams(url: URL, allowed: string[]): void {
  for (const key of url.searchParams.keys()) {
    if (!allowed.includes(key)) throw new InputError(`Unknown query parameter '${key}'`);
  }
}

export function integerParam(url: URL, name: string, options: { min: number; message: string }): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw new InputError(`Invalid ${name}, not an integer`);
  const value = Number(raw);
  if (value < options.min) throw new InputError(options.message);
  return value;
}
