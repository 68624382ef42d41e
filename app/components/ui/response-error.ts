// A failed HTTP response as Backstage's ResponseError: its message is
// 'Request failed with {status} {statusText}' unless the body is Backstage's
// error JSON ({error, response}), which is used as is.

export type SerializedError = { name: string; message: string; stack?: string; [key: string]: unknown };
export type ErrorResponseBody = {
  error: SerializedError;
  request?: { method: string; url: string };
  response: { statusCode: number };
};

function isErrorResponseBody(value: unknown): value is ErrorResponseBody {
  if (!value || typeof value !== "object") return false;
  const { error, response } = value as Record<string, unknown>;
  return (
    !!error &&
    typeof error === "object" &&
    typeof (error as SerializedError).name === "string" &&
    typeof (error as SerializedError).message === "string" &&
    !!response &&
    typeof response === "object" &&
    typeof (response as { statusCode?: unknown }).statusCode === "number"
  );
}

/** The error body of a response: Backstage's JSON when the body is that, else one made from the status line and the text. */
export function errorResponseBodyOf(response: { status: number; statusText: string; body: string; request?: { method: string; url: string } }): ErrorResponseBody {
  try {
    const parsed: unknown = JSON.parse(response.body);
    if (isErrorResponseBody(parsed)) return { ...parsed, request: parsed.request ?? response.request };
  } catch {
    // Not JSON: described from the status line below.
  }
  const message = `Request failed with ${response.status} ${response.statusText}`.trim();
  return {
    error: { name: "Error", message: response.body ? `${message}, ${response.body.slice(0, 1000)}` : message },
    request: response.request,
    response: { statusCode: response.status },
  };
}
