import { NotAllowedError } from "../errors";

// Credentials go to the origin they belong to and nowhere else. Every HTTP
// request Atrium makes with an integration's or a user's credentials (the
// catalog's URL reader, TechDocs' archives, the source hosts' REST APIs
// through scm-request.server.ts) goes through here, never through fetch's
// own redirect handling, which keeps headers such as GitLab's PRIVATE-TOKEN
// on a redirect to another origin. A redirect within the origin is followed
// with the credentials; one to another origin only when the caller allows
// that URL, and without them for the rest of the way, so a host cannot send
// us back to the first origin, credentials and all, at a path of its
// choosing. (git over HTTP never follows a redirect: http.followRedirects
// is off in scaffolder/actions/publish/git-push.server.ts.)

export const MAX_REDIRECTS = 3;

export type CredentialedRequest = {
  method?: string;
  /** Headers that carry credentials: sent only to the origin of the URL asked for. */
  credentials?: Record<string, string>;
  /** Headers without secrets, sent on every hop. */
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Redirects followed at most; 0 answers a redirect as it is. */
  maxRedirects?: number;
  /** Whether a redirect may lead to this URL of another origin; none may when absent. */
  mayFollowTo?: (url: URL) => boolean;
  fetchImpl?: typeof fetch;
};

export async function fetchWithCredentials(url: URL, request: CredentialedRequest): Promise<Response> {
  const fetchImpl = request.fetchImpl ?? fetch;
  const maxRedirects = request.maxRedirects ?? 0;
  let target = url;
  let credentialed = true;
  for (let redirects = 0; ; redirects++) {
    const headers = { ...request.headers, ...(credentialed ? request.credentials : {}) };
    const response = await fetchImpl(target, { method: request.method ?? "GET", headers, body: request.body, redirect: "manual", signal: request.signal });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location || maxRedirects === 0) return response;
    await response.body?.cancel();
    if (redirects >= maxRedirects) throw new Error(`Too many redirects from ${url.origin}${url.pathname}, more than ${maxRedirects}`);
    const next = new URL(location, target);
    if (next.protocol !== "http:" && next.protocol !== "https:") throw new NotAllowedError(`Refusing to follow a redirect from '${target.host}' to a ${next.protocol} URL`);
    if (next.origin !== url.origin) {
      if (!request.mayFollowTo?.(next)) throw new NotAllowedError(`Refusing to follow a redirect from '${target.host}' to '${next.host}'`);
      credentialed = false;
    }
    target = next;
  }
}
