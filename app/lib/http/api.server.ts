import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Credentials } from "../auth/credentials";
import { apiCaller } from "../auth/request-credentials.server";
import { getRequestContext, type RequestContext } from "../context.server";
import { InputError, MethodNotAllowedError, PayloadTooLargeError } from "../errors";
import { errorResponse } from "./error-response.server";
import { readUpTo } from "./streams.server";

// The REST API's edge: every /api resource route is one apiRoute. It lets in
// only callers with credentials, except on the routes ./public-routes.ts
// declares public; parses the path parameters, the query and the JSON body
// with each endpoint's zod schemas, answering what does not parse with 400
// and Backstage's messages; and turns every error into Backstage's error
// body through the one mapping of ../errors.ts. Anything unexpected is
// logged and answered with a bare 500.

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** A response whose JSON body is already text: stored entities are spliced into it, not parsed and serialised again. */
export { jsonText } from "./content-encoding.server";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

/** A query string as an object: a parameter given once is a string, given more often a list (see `query.*`). */
export type QueryObject = Record<string, string | string[]>;

export type ApiRequest<Params, Query, Body> = {
  request: Request;
  url: URL;
  app: RequestContext;
  /** Who the request acts for; every service call carries these and decides permissions with them. */
  credentials: Credentials;
  params: Params;
  query: Query;
  body: Body;
};

export type Endpoint<Params = Record<string, string>, Query = QueryObject, Body = undefined> = {
  /** The route's path parameters (app/routes.ts). */
  params?: z.ZodType<Params, unknown>;
  /** The query string; a strict object refuses parameters it does not name with "Unknown query parameter '…'". */
  query?: z.ZodType<Query, unknown>;
  /** A JSON object body: read (Backstage's Content-Type and size rules), then parsed. */
  body?: z.ZodType<Body, unknown>;
  maxBodyBytes?: number;
  handler: (request: ApiRequest<Params, Query, Body>) => Promise<Response> | Response;
};

/** An endpoint as the handler runs it: the schemas have already vouched for the types its handler was written against. */
type AnyEndpoint = Endpoint<unknown, unknown, unknown>;

/**
 * A resource route's loader and action from its endpoints, one per method
 * (HEAD is GET's). Each endpoint's handler is typed by its own schemas.
 */
export function apiRoute<
  GP = Record<string, string>,
  GQ = QueryObject,
  GB = undefined,
  PP = Record<string, string>,
  PQ = QueryObject,
  PB = undefined,
  UP = Record<string, string>,
  UQ = QueryObject,
  UB = undefined,
  DP = Record<string, string>,
  DQ = QueryObject,
  DB = undefined,
>(endpoints: { GET?: Endpoint<GP, GQ, GB>; POST?: Endpoint<PP, PQ, PB>; PUT?: Endpoint<UP, UQ, UB>; DELETE?: Endpoint<DP, DQ, DB> }) {
  return apiHandler(endpoints as unknown as Partial<Record<Method, AnyEndpoint>>);
}

/** Every method alike: for the catch-all route of unknown /api paths. */
export function apiRouteForAnyMethod(endpoint: Endpoint) {
  return apiHandler({}, endpoint as unknown as AnyEndpoint);
}

function apiHandler(endpoints: Partial<Record<Method, AnyEndpoint>>, anyMethod?: AnyEndpoint) {
  const allowed = Object.keys(endpoints).join(", ");
  return async (args: RouteArgs): Promise<Response> => {
    const { request } = args;
    const context = getRequestContext(args.context);
    try {
      const url = new URL(request.url);
      const basePath = context.publicConfig.basePath;
      const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
      // The door comes first: a caller without credentials learns nothing, not even which methods a route has.
      const { app, credentials } = apiCaller(context, path);
      const endpoint = anyMethod ?? endpoints[(request.method === "HEAD" ? "GET" : request.method) as Method];
      if (!endpoint) throw Object.assign(new MethodNotAllowedError(`${request.method} is not supported here`), { headers: { Allow: allowed } });
      const params = parseWith(endpoint.params, args.params, "params");
      const query = endpoint.query ? parseWith(endpoint.query, queryObject(url.searchParams), "query") : queryObject(url.searchParams);
      const body = endpoint.body ? parseWith(endpoint.body, await readJsonObject(request, endpoint.maxBodyBytes), "body") : undefined;
      return await endpoint.handler({ request, url, app, credentials, params, query, body });
    } catch (error) {
      const response = errorResponse(error, request);
      if (response.status >= 500) context.logger.error({ err: error, requestId: context.requestId }, "API request failed");
      return response;
    }
  };
}

// ---------------------------------------------------------------------------
// Parsing

type Part = "params" | "query" | "body";

/**
 * Parses one part of a request. A schema's own message wins (that is where
 * routes keep Backstage's wording); otherwise the message names the part and
 * the field. The first problem is the answer, as Backstage gives one.
 */
function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown, part: Part): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value, { error: (issue) => defaultMessage(part, issue) });
  if (parsed.success) return parsed.data;
  throw new InputError(parsed.error.issues[0]?.message ?? `Malformed request ${part}`);
}

function defaultMessage(part: Part, issue: z.core.$ZodRawIssue): string | undefined {
  const field = (issue.path ?? []).map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    return part === "query" ? `Unknown query parameter '${key}'` : `Malformed request: unrecognized key '${key}'`;
  }
  if (part === "query") return `Invalid ${field || "query"} parameter`;
  if (part === "params") return `Invalid path parameter ${field}`;
  if (issue.code === "invalid_type") return issue.input === undefined ? `Malformed request: ${field} is required` : `Malformed request: ${field} must be ${article(issue.expected)}`;
  return undefined;
}

const article = (expected: string) => (/^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`);

function queryObject(params: URLSearchParams): QueryObject {
  const result: QueryObject = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length === 1 ? values[0] : values;
  }
  return result;
}

/**
 * Turns a parser of the domain (one that throws InputError with Backstage's
 * message) into a zod transform, so its refusal is reported like any other
 * problem with the request.
 */
export function parsedBy<I, O>(parse: (value: I) => O) {
  return (value: I, ctx: z.RefinementCtx<I>): O => {
    try {
      return parse(value);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      ctx.addIssue({ code: "custom", message: error.message });
      return z.NEVER;
    }
  };
}

const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** Schemas for query parameters, which arrive as a string or, repeated, as a list. */
export const query = {
  /** Every value of a repeatable parameter, [] when absent. */
  list: () =>
    z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  /** The first value of a parameter, as URLSearchParams.get gives it. */
  string: () => z.preprocess(firstOf, z.string().optional()),
  /** An integer of at least `min`, with Backstage's messages. */
  integer: (name: string, options: { min: number; message: string }) =>
    z.preprocess(
      firstOf,
      z
        .string()
        .optional()
        .transform(
          parsedBy((raw: string | undefined) => {
            if (raw === undefined) return undefined;
            if (!/^-?\d+$/.test(raw.trim())) throw new InputError(`Invalid ${name}, not an integer`);
            const value = Number(raw);
            if (value < options.min) throw new InputError(options.message);
            return value;
          }),
        ),
    ),
};

/** The path parameters a route's pattern names, each a non-empty string. */
export function pathParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1)])) as Record<K, z.ZodString>);
}

// ---------------------------------------------------------------------------
// JSON bodies

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
