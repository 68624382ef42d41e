import { fetchWithCredentials } from "./credentialed-fetch.server";
import type { ScmIntegration } from "./scm-integrations";

// The one way Atrium calls a source host's REST API (the scaffolder's
// publishers and autocomplete, the catalog import): only below the
// integration's apiBaseUrl (a path built from a user's values cannot climb
// out of it), no redirects followed (a redirect could point anywhere), a
// bounded wait, and errors that carry the host's message but never the
// credentials.

export const SCM_REQUEST_TIMEOUT_MS = 30_000;

export class ScmRequestError extends Error {
  override name = "ScmRequestError";
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    /** The host's own words (its body's message, else the status text), as octokit's errors carry them. */
    readonly detail: string = message,
    readonly headers: Headers = new Headers(),
  ) {
    super(message);
  }
}

export type ScmRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path segments are encoded by the caller with encodeURIComponent; the query is given apart. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers: Record<string, string>;
  signal?: AbortSignal;
};

export function apiUrl(integration: ScmIntegration, path: string, query: ScmRequest["query"] = {}): URL {
  const base = new URL(`${integration.apiBaseUrl}/`);
  const url = new URL(path.replace(/^\/+/, ""), base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || /(^|\/)\.\.?(\/|$)/.test(path)) {
    throw new ScmRequestError(`Refusing a request outside ${integration.apiBaseUrl}`, 400, undefined);
  }
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url;
}

export async function scmRequest<T = unknown>(integration: ScmIntegration, request: ScmRequest): Promise<{ status: number; data: T; headers: Headers }> {
  const url = apiUrl(integration, request.path, request.query);
  const timeout = AbortSignal.timeout(SCM_REQUEST_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: "application/json", "User-Agent": "Atrium-Scaffolder" };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  // The caller's headers carry its credentials; no redirect is followed.
  const response = await fetchWithCredentials(url, {
    method: request.method ?? "GET",
    headers,
    credentials: request.headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal,
  });
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const detail = messageOf(data) ?? response.statusText;
    throw new ScmRequestError(`${request.method ?? "GET"} ${url.pathname} answered ${response.status} ${response.statusText}: ${detail}`, response.status, data, detail, response.headers);
  }
  return { status: response.status, data: data as T, headers: response.headers };
}

function messageOf(data: unknown): string | undefined {
  if (typeof data === "string") return data.slice(0, 500);
  if (!data || typeof data !== "object") return undefined;
  const record = data as Record<string, unknown>;
  const error = record.error;
  if (error && typeof error === "object" && typeof (error as Record<string, unknown>).message === "string") return (error as { message: string }).message;
  for (const key of ["message", "error", "error_description"]) if (typeof record[key] === "string") return record[key] as string;
  if (record.message && typeof record.message === "object") return JSON.stringify(record.message);
  return undefined;
}
