import { errorResponseBody } from "../errors";

// The one place a domain error becomes an HTTP response, for /api routes and
// page actions alike. Stacks go out only in development, as in Backstage.

const showStackTraces = process.env.NODE_ENV === "development";

export function errorBodyFor(error: unknown, request: { method: string; url: string }) {
  const pathname = request.url.startsWith("/") ? request.url : new URL(request.url).pathname;
  return errorResponseBody(error, { method: request.method, url: pathname.slice(0, 512) }, { showStackTraces });
}

export function errorResponse(error: unknown, request: { method: string; url: string }): Response {
  const body = errorBodyFor(error, request);
  // A request whose body was left unread cannot share its connection with the next one.
  const headers = (error as { closeConnection?: boolean }).closeConnection ? { Connection: "close" } : undefined;
  return Response.json(body, { status: body.response.statusCode, headers });
}
