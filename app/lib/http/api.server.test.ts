import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Authentication } from "../auth/authenticate.server";
import type { Credentials } from "../auth/credentials";
import { requestContext, type RequestContext } from "../context.server";
import { createLogger } from "../logger.server";
import { InputError } from "../errors";
import { apiRoute, parsedBy, pathParams, query } from "./api.server";

// apiRoute on its own: the door, the parsing of each part and the error body,
// for a request whose authentication is already settled (server/app.ts does
// that for real requests; server/api-door.test.ts covers the built server).

const ALICE = {
  userEntityRef: "user:default/alice",
  ownershipEntityRefs: ["user:default/alice"],
  provider: "custom",
  expiresAt: Date.now() + 3_600_000,
  session: { id: "alice-session", startedAt: Date.now(), endsAt: Date.now() + 3_600_000 },
};

function call(route: ReturnType<typeof apiRoute>, url: string, options: { method?: string; auth?: Authentication; body?: unknown; params?: Record<string, string>; openPolicy?: boolean } = {}) {
  const context = new RouterContextProvider();
  const app = {
    requestId: "test",
    auth: options.auth ?? {},
    publicConfig: { basePath: "" },
    config: { config: { backend: { auth: { externalAccess: [], dangerouslyDisableDefaultAuthPolicy: options.openPolicy ?? false } } } },
    logger: createLogger({ LOG_LEVEL: "silent" }),
  } as unknown as RequestContext;
  context.set(requestContext, app);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const request = new Request(`http://portal.test${url}`, { method: options.method ?? "GET", body, headers: body ? { "content-type": "application/json" } : {} });
  return route({ request, params: options.params ?? {}, context });
}

/** A domain parser: throws InputError with its own message. */
function parseKind(value: string): string {
  if (value === "bad") throw new InputError("Kind 'bad' is not a kind");
  return value;
}

const seen: Credentials[] = [];
const echo = apiRoute({
  GET: {
    query: z.strictObject({ limit: query.integer("limit", { min: 1, message: "Invalid limit, must be greater than zero" }), tag: query.list() }),
    handler: ({ query, credentials }) => {
      seen.push(credentials);
      return Response.json(query);
    },
  },
  POST: {
    params: pathParams("name"),
    body: z.object({ ref: z.string(), count: z.number().optional(), kind: z.string().transform(parsedBy(parseKind)).optional() }),
    handler: ({ params, body }) => Response.json({ name: params.name, ...body }),
  },
});

describe("apiRoute", () => {
  it("refuses an /api request without credentials with Backstage's 401 before its handler runs, whatever the method", async () => {
    seen.length = 0;
    for (const method of ["GET", "POST", "PATCH"]) {
      const response = await call(echo, "/api/things?limit=1", { method });
      expect([response.status, await response.json()]).toEqual([
        401,
        { error: { name: "AuthenticationError", message: "Missing credentials" }, request: { method, url: "/api/things" }, response: { statusCode: 401 } },
      ]);
    }
    expect(seen).toEqual([]);
  });

  it("lets a user in with their credentials, and callers without any when the default policy is disabled, as nobody", async () => {
    seen.length = 0;
    expect((await call(echo, "/api/things", { auth: { identity: ALICE, from: "header" } })).status).toBe(200);
    expect((await call(echo, "/api/things", { openPolicy: true })).status).toBe(200);
    expect(seen.map((credentials) => credentials.principal.type)).toEqual(["user", "none"]);
  });

  it("refuses credentials that were sent but do not verify, except a stale cookie on a public route", async () => {
    const broken: Authentication = { error: "User token is invalid", from: "cookie" };
    expect((await (await call(echo, "/api/things", { auth: broken })).json()).error).toEqual({ name: "AuthenticationError", message: "User token is invalid" });
    expect((await call(echo, "/api/auth/oidc/start", { auth: broken })).status).toBe(200);
    expect((await call(echo, "/api/auth/oidc/start", { auth: { ...broken, from: "header" } })).status).toBe(401);
  });

  it("parses the query: lists, integers with Backstage's messages, and unknown parameters refused", async () => {
    const auth: Authentication = { identity: ALICE, from: "header" };
    expect(await (await call(echo, "/api/things?limit=5&tag=a&tag=b", { auth })).json()).toEqual({ limit: 5, tag: ["a", "b"] });
    expect(await (await call(echo, "/api/things", { auth })).json()).toEqual({ tag: [] });
    expect((await (await call(echo, "/api/things?limit=0", { auth })).json()).error).toEqual({ name: "InputError", message: "Invalid limit, must be greater than zero" });
    expect((await (await call(echo, "/api/things?limit=ten", { auth })).json()).error.message).toBe("Invalid limit, not an integer");
    expect((await (await call(echo, "/api/things?foo=1", { auth })).json()).error.message).toBe("Unknown query parameter 'foo'");
  });

  it("parses path parameters and the JSON body, naming the field at fault, and a domain parser's message wins", async () => {
    const auth: Authentication = { identity: ALICE, from: "header" };
    const post = (body: unknown) => call(echo, "/api/things/x", { method: "POST", auth, body, params: { name: "x" } });
    expect(await (await post({ ref: "a", count: 2 })).json()).toEqual({ name: "x", ref: "a", count: 2 });
    expect((await (await post({ count: 2 })).json()).error).toEqual({ name: "InputError", message: "Malformed request: ref is required" });
    expect((await (await post({ ref: 1 })).json()).error.message).toBe("Malformed request: ref must be a string");
    expect((await (await post({ ref: "a", kind: "bad" })).json()).error.message).toBe("Kind 'bad' is not a kind");
    const noType = await call(echo, "/api/things/x", { method: "POST", auth, params: { name: "x" } });
    expect((await noType.json()).error).toEqual({ name: "InputError", message: "Content-Type missing" });
  });

  it("answers a method the route does not have with 405, Allow and the same error body", async () => {
    const response = await call(echo, "/api/things", { method: "DELETE", auth: { identity: ALICE, from: "header" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(await response.json()).toEqual({
      error: { name: "MethodNotAllowedError", message: "DELETE is not supported here" },
      request: { method: "DELETE", url: "/api/things" },
      response: { statusCode: 405 },
    });
  });
});
