// Kubernetes answers every failure with a `Status` object (meta/v1), the
// body clients such as @kubernetes/client-node read `reason` and `message`
// from; the fake answers its errors in that same shape.

export type StatusReason =
  "BadRequest" | "Unauthorized" | "Forbidden" | "NotFound" | "MethodNotAllowed" | "Conflict" | "TooManyRequests" | "InternalError" | "ServiceUnavailable" | "Timeout" | "Unknown";

export type KubernetesStatus = {
  kind: "Status";
  apiVersion: "v1";
  metadata: Record<string, never>;
  status: "Failure" | "Success";
  message?: string;
  reason?: StatusReason;
  details?: { name?: string; group?: string; kind?: string; causes?: Array<{ reason?: string; message?: string; field?: string }> };
  code: number;
};

const REASON_OF_CODE: Record<number, StatusReason> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  429: "TooManyRequests",
  500: "InternalError",
  503: "ServiceUnavailable",
  504: "Timeout",
};

export function failureStatus(code: number, message: string, details?: KubernetesStatus["details"]): KubernetesStatus {
  return { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason: REASON_OF_CODE[code] ?? "Unknown", ...(details ? { details } : {}), code };
}

/** What an API server says for a status forced on every answer (a cluster refusing or failing). */
export function forcedStatus(code: number, method: string, path: string): KubernetesStatus {
  switch (code) {
    case 401:
      return failureStatus(401, "Unauthorized");
    case 403:
      return failureStatus(403, `forbidden: User "system:serviceaccount:atrium:portal" cannot ${method.toLowerCase()} path "${path}"`);
    case 404:
      return failureStatus(404, "the server could not find the requested resource");
    case 429:
      return failureStatus(429, "storage is (re)initializing");
    case 503:
      return failureStatus(503, "the server is currently unable to handle the request");
    default:
      return failureStatus(code, "Internal error occurred: etcdserver: request timed out");
  }
}

export const NOT_FOUND_PATH = () => failureStatus(404, "the server could not find the requested resource", { causes: [{ reason: "UnexpectedServerResponse", message: "404 page not found" }] });
