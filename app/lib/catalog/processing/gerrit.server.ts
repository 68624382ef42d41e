import { InputError } from "../../errors";

// Reading a file from Gerrit, as Backstage's Gerrit reader does: the file is
// linked by its Gitiles URL ({gitilesBaseUrl}/{project}/+/refs/heads/{branch}/{path},
// or +/{sha}/ or +/HEAD/), and read through Gerrit's REST API, which answers
// its content base64-encoded and its JSON behind the XSSI prefix `)]}'`.
// With a password the API is called under /a/ with Basic credentials.

const GERRIT_BODY_PREFIX = ")]}'";

export type GerritEntry = { host: string; baseUrl?: string; gitilesBaseUrl?: string; username?: string; password?: string };

/** Gerrit's JSON without its XSSI prefix, or Backstage's refusal when the body is not what Gerrit sends. */
export function parseGerritJson(body: string): unknown {
  if (!body.startsWith(GERRIT_BODY_PREFIX)) throw new InputError(`Gerrit JSON body prefix missing. Found: ${body.slice(0, 10)}`);
  try {
    return JSON.parse(body.slice(GERRIT_BODY_PREFIX.length));
  } catch (error) {
    throw new InputError(`Invalid response from Gerrit: ${body.slice(0, 10)} - ${String(error)}`);
  }
}

type GitilesRef = { project: string; ref: string; refType: "branch" | "tag" | "sha" | "head"; path: string };

const baseUrlOf = (entry: GerritEntry) => (entry.baseUrl ?? `https://${entry.host}`).replace(/\/+$/, "");
const gitilesBaseUrlOf = (entry: GerritEntry) => (entry.gitilesBaseUrl ?? `https://${entry.host}`).replace(/\/+$/, "");
const authPrefix = (entry: GerritEntry) => (entry.password ? "/a/" : "/");

/** Backstage's parseGitilesUrlRef: the project up to `+`, then HEAD, a commit, or refs/heads|tags/<name>, then the path. */
export function parseGitilesUrl(entry: GerritEntry, url: URL): GitilesRef {
  const basePath = new URL(gitilesBaseUrlOf(entry)).pathname.replace(/\/+$/, "");
  let pathname = url.pathname.startsWith("/a/") ? url.pathname.slice(2) : url.pathname;
  if (basePath && pathname.startsWith(basePath)) pathname = pathname.slice(basePath.length);
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const plus = parts.indexOf("+");
  if (plus <= 0) throw new InputError(`Unable to parse gitiles url: ${url.href}`);
  const project = parts.slice(0, plus).join("/");
  const rest = parts.slice(plus + 1);
  if (rest[0] === "HEAD") return { project, ref: "HEAD", refType: "head", path: rest.slice(1).join("/") || "/" };
  if (rest[0]?.length === 40 && /^[0-9a-f]{40}$/.test(rest[0])) return { project, ref: rest[0], refType: "sha", path: rest.slice(1).join("/") || "/" };
  const refs = /^refs\/(heads|tags)\/(.*?)(?:\/|$)/.exec(rest.join("/"));
  if (!refs) throw new InputError(`Unable to parse gitiles url: ${url.href}`);
  const path = rest.join("/").slice(refs[0].length);
  return { project, ref: refs[2]!, refType: refs[1] === "heads" ? "branch" : "tag", path: path || "/" };
}

/** Basic credentials when a password is configured; anonymous otherwise. */
export function gerritHeaders(entry: GerritEntry): Record<string, string> | undefined {
  return entry.password ? { Authorization: `Basic ${Buffer.from(`${entry.username ?? ""}:${entry.password}`).toString("base64")}` } : undefined;
}

/** The REST API's URL of the project's HEAD (a JSON string, refs/heads/<branch>). */
export function gerritHeadUrl(entry: GerritEntry, project: string): URL {
  return new URL(`${baseUrlOf(entry)}${authPrefix(entry)}projects/${encodeURIComponent(project)}/HEAD`);
}

/** The REST API's URL of a file's content on a branch or at a commit. */
export function gerritContentUrl(entry: GerritEntry, ref: { project: string; ref: string; refType: "branch" | "sha"; path: string }): URL {
  const where = ref.refType === "branch" ? `branches/${encodeURIComponent(ref.ref)}` : `commits/${ref.ref}`;
  return new URL(`${baseUrlOf(entry)}${authPrefix(entry)}projects/${encodeURIComponent(ref.project)}/${where}/files/${encodeURIComponent(ref.path)}/content`);
}
