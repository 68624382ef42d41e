// Typed domain errors, named as Backstage names them, and their one mapping
// to HTTP. Services throw these; the edge (pages and /api alike) turns them
// into a status and Backstage's error body.

export class InputError extends Error {
  override name = "InputError";
}
export class AuthenticationError extends Error {
  override name = "AuthenticationError";
}
export class NotAllowedError extends Error {
  override name = "NotAllowedError";
}
export class NotFoundError extends Error {
  override name = "NotFoundError";
}
export class ConflictError extends Error {
  override name = "ConflictError";
}
export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
}
export class NotModifiedError extends Error {
  override name = "NotModifiedError";
}
export class MethodNotAllowedError extends Error {
  override name = "MethodNotAllowedError";
}
export class TooManyRequestsError extends Error {
  override name = "TooManyRequestsError";
}
export class NotImplementedError extends Error {
  override name = "NotImplementedError";
}
export class ServiceUnavailableError extends Error {
  override name = "ServiceUnavailableError";
}

const STATUS_BY_NAME: Record<string, number> = {
  InputError: 400,
  AuthenticationError: 401,
  NotAllowedError: 403,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  ConflictError: 409,
  PayloadTooLargeError: 413,
  TooManyRequestsError: 429,
  NotModifiedError: 304,
  NotImplementedError: 501,
  ServiceUnavailableError: 503,
};

export const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  414: "URI Too Long",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

/** Backstage's error response body. */
export type ErrorResponseBody = {
  error: { name: string; message: string; stack?: string };
  request?: { method: string; url: string };
  response: { statusCode: number };
};

/** The HTTP status for an error: by name, so errors from any copy of this module map alike. */
export function statusOf(error: unknown): number {
  const name = (error as { name?: unknown })?.name;
  return (typeof name === "string" && STATUS_BY_NAME[name]) || 500;
}

/**
 * Builds the body for an error. Errors we did not anticipate keep their
 * details in the log only: the client sees a generic 500. Stacks of known
 * errors are included only when asked (in development, as Backstage does).
 */
export function errorResponseBody(error: unknown, request?: { method: string; url: string }, options: { showStackTraces?: boolean } = {}): ErrorResponseBody {
  const statusCode = statusOf(error);
  const known = statusCode !== 500;
  const name = known ? (error as Error).name : "InternalServerError";
  const message = known ? (error as Error).message || STATUS_TEXT[statusCode] : "Internal Server Error";
  const stack = known && options.showStackTraces ? (error as Error).stack : undefined;
  return {
    error: { name, message, ...(stack ? { stack } : {}) },
    ...(request ? { request: { method: request.method, url: request.url } } : {}),
    response: { statusCode },
  };
}

/** Serialises an error for the wire: a non-empty name and a string message, always. */
export function serializeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return { name: error.name || "Error", message: String(error.message ?? ""), stack: error.stack };
  }
  return { name: "Error", message: typeof error === "string" ? error : (JSON.stringify(error) ?? String(error)) };
}
