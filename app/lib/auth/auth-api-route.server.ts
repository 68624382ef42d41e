import type { RouterContextProvider } from "react-router";
import { getRequestContext, type RequestContext } from "../context.server";
import { AuthenticationError, InputError } from "../errors";
import { errorResponse } from "../http/error-response.server";

// The edge of /api/auth/{provider}/*: like apiRoute, but an expired or
// broken session cookie counts as no session (the visitor is here to sign
// in again), while a bad Bearer token is still refused with 401.

type Args = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };
type Handler = (app: RequestContext, request: Request, providerId: string) => Promise<Response>;

export function authApiRoute(method: "GET" | "POST", handler: Handler) {
  return async ({ request, params, context }: Args): Promise<Response> => {
    const app = getRequestContext(context);
    try {
      if (request.method !== method && !(method === "GET" && request.method === "HEAD")) {
        return Response.json(
          { error: { name: "MethodNotAllowedError", message: `${request.method} is not supported here` }, request: { method: request.method, url: new URL(request.url).pathname }, response: { statusCode: 405 } },
          { status: 405, headers: { Allow: method } },
        );
      }
      if (app.auth.error && app.auth.from === "header") throw new AuthenticationError(app.auth.error);
      const providerId = params.provider;
      if (!providerId) throw new InputError("Missing provider");
      return await handler(app.auth.error ? { ...app, auth: {} } : app, request, providerId);
    } catch (error) {
      const response = errorResponse(error, request);
      if (response.status >= 500) app.logger.error({ err: error, requestId: app.requestId }, "Auth request failed");
      return response;
    }
  };
}
