import { errorResponseBody } from "../errors";

// The one place a domain error becomes an HTTP response, for /api routes,
// page actions and the Express guards in front of them (server/request-guards.ts)
// alike. Stacks go out only in development, as in Backstage.

const showStackTraces = process.env.NODE_ENV === "development";

/** What an error may ask of its response besides the body: headers (a 405's Allow), or closing a connection whose body was left unread. */
type ResponseHints = { headers?: Record<string, string>; closeConnection?: boolean };

export function errorBodyFor(error: unknown, request: { method: string; url: string }) {
  // The path only: a query string may carry what does not belong in a body that gets logged and shown.
  const pathname = request.url.startsWith("/") ? request.url.split("?")[0] : new URL(request.url).pathname;
  return errorResponseBody(error, { method: request.method, url: pathname.slice(0, 512) }, { showStackTraces });
}

/** The headers an error's response carries besides its JSON body. */
export function errorHeaders(error: unknown): Record<string, string> {
  const hints = (typeof error === "object" && error !== null ? error : {}) as ResponseHints;
  return { ...hints.headers, ...(hints.closeConnection ? { Connection: "close" } : {}) };
}

export function errorResponse(error: unknown, request: { method: string; url: string }): Response {
  const body = errorBodyFor(error, request);
  return Response.json(body, { status: body.response.statusCode, headers: errorHeaders(error) });
}
