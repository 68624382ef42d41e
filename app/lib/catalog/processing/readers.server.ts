import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InputError, NotAllowedError, NotFoundError } from "../../errors";
import { isJavascriptUrl } from "../../links";
import { readUpTo } from "../../http/streams.server";
import { fetchWithCredentials, MAX_REDIRECTS } from "../../integrations/credentialed-fetch.server";
import type { LocationSpec } from "../location-ref";
import { gerritContentUrl, gerritHeaders, gerritHeadUrl, parseGerritJson, parseGitilesUrl, type GerritEntry } from "./gerrit.server";

// Reading what a location points at. Files are read only for locations that
// came from configuration (an operator's choice); URLs only from hosts of a
// configured integration or backend.reading.allow, so a registered location
// cannot make the server fetch an arbitrary address (SSRF); a host's token
// goes to that host only, a redirect elsewhere is followed without it
// (integrations/credentialed-fetch.server.ts).

export const MAX_READ_BYTES = 32 * 1024 * 1024;
const READ_TIMEOUT_MS = 30_000;

export type IntegrationType = "github" | "gitlab" | "azure" | "bitbucket" | "gerrit";
type HostRule = {
  host: string;
  type?: IntegrationType;
  /** The integration's credentials, sent to its own origin only. */
  headers?: Record<string, string>;
  /** The URL to fetch for the URL a person links. */
  rewrite?: (url: URL) => URL;
  /** The same, when it takes a call to the host first (Gerrit's HEAD); `getText` reads with this rule's headers. */
  resolve?: (url: URL, getText: (url: URL) => Promise<string>) => Promise<URL>;
  /** The file from the body the host answers (Gerrit's base64). */
  decode?: (body: string) => string;
};

export type ReaderConfig = {
  integrations?: Record<string, unknown>;
  readingAllow?: Array<{ host: string }>;
  /**
   * The portal's own repositories (publish:git's, app/lib/scaffolder/actions/git/):
   * their URLs are read from disk by the repositories themselves, never
   * fetched over HTTP from the portal.
   */
  ownRepositories?: OwnRepositoryReader;
};

export type OwnRepositoryReader = { ownsUrl(url: string): boolean; readUrl(url: string): Promise<string> };

export type LocationReader = {
  read(location: LocationSpec): Promise<string>;
  /** Whether the URL's host may be read at all. */
  isAllowedUrl(url: string): boolean;
  /** The kind of source host a URL belongs to, when it is a configured integration. */
  integrationTypeOf(url: string): IntegrationType | undefined;
};

export function createLocationReader(config: ReaderConfig, fetchImpl: typeof fetch = fetch): LocationReader {
  const rules = hostRules(config);
  const ruleFor = (url: URL) => rules.find((rule) => hostMatches(rule.host, url.host));

  const own = config.ownRepositories;

  async function readUrl(target: string): Promise<string> {
    if (own?.ownsUrl(target)) return own.readUrl(target);
    let url = parseHttpUrl(target);
    const rule = ruleFor(url);
    if (!rule) throw new NotAllowedError(`Reading from '${url.host}' is not allowed: it is neither a configured integration nor listed in backend.reading.allow`);
    url = rule.resolve ? await rule.resolve(url, (next) => readDirect(next, rule, target)) : rule.rewrite ? rule.rewrite(url) : url;
    // A redirect may lead to another readable host, never with this one's credentials.
    const response = await fetchWithCredentials(url, {
      credentials: rule.headers,
      maxRedirects: MAX_REDIRECTS,
      mayFollowTo: (next) => Boolean(ruleFor(next)),
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      fetchImpl,
    });
    if (response.status === 404) throw new NotFoundError(`Unable to read ${target}, not found`);
    if (!response.ok) throw new Error(`Unable to read ${target}, ${response.status} ${response.statusText}`);
    const body = await readLimited(response, target);
    return rule.decode ? rule.decode(body) : body;
  }

  /** One call a rule makes on its own host before the read (no redirects followed). */
  async function readDirect(url: URL, rule: HostRule, target: string): Promise<string> {
    const response = await fetchWithCredentials(url, { credentials: rule.headers, signal: AbortSignal.timeout(READ_TIMEOUT_MS), fetchImpl });
    if (response.status === 404) throw new NotFoundError(`Unable to read ${target}, not found`);
    if (!response.ok) throw new Error(`Unable to read ${target}, ${response.status} ${response.statusText}`);
    return readLimited(response, target);
  }

  return {
    integrationTypeOf(value) {
      try {
        return ruleFor(parseHttpUrl(value))?.type;
      } catch {
        return undefined;
      }
    },
    isAllowedUrl(value) {
      if (own?.ownsUrl(value)) return true;
      try {
        return Boolean(ruleFor(parseHttpUrl(value)));
      } catch {
        return false;
      }
    },
    async read(location) {
      if (location.type === "url") return readUrl(location.target);
      if (location.type === "file") return readLocalFile(location.target);
      throw new InputError(`Unknown location type '${location.type}', expected 'url' or 'file'`);
    },
  };
}

function parseHttpUrl(value: string): URL {
  if (isJavascriptUrl(value)) throw new InputError("A javascript: URL cannot be read");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`Invalid URL '${value}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError(`Only http(s) URLs can be read, got '${url.protocol}'`);
  if (url.username || url.password) throw new InputError("URLs with credentials cannot be read");
  return url;
}

async function readLocalFile(target: string): Promise<string> {
  const file = target.startsWith("file://") ? fileURLToPath(target) : target;
  if (!path.isAbsolute(file)) throw new InputError(`File location targets must be absolute paths, got '${target}'`);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new NotFoundError(`Unable to read ${file}, no such file`);
  if (info.size > MAX_READ_BYTES) throw new InputError(`Unable to read ${file}, it is larger than ${MAX_READ_BYTES} bytes`);
  return readFile(file, "utf8");
}

async function readLimited(response: Response, target: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_READ_BYTES) throw new InputError(`Unable to read ${target}, it is larger than ${MAX_READ_BYTES} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const read = await readUpTo(reader, MAX_READ_BYTES);
  if ("overflow" in read) {
    await reader.cancel();
    throw new InputError(`Unable to read ${target}, it is larger than ${MAX_READ_BYTES} bytes`);
  }
  return read.bytes.toString("utf8");
}

/** `*.example.com` matches subdomains; a host with a port matches only that port. */
function hostMatches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase();
  const h = host.toLowerCase();
  if (p.startsWith("*.")) return h.endsWith(p.slice(1)) && h.length > p.length - 1;
  return p === h;
}

type IntegrationEntry = { host?: string; token?: string; rawBaseUrl?: string; apiBaseUrl?: string; baseUrl?: string };

function entries(integrations: Record<string, unknown> | undefined, key: string): IntegrationEntry[] {
  const value = integrations?.[key];
  return Array.isArray(value) ? (value as IntegrationEntry[]) : [];
}

/** Integrations as Backstage defines them; github.com, gitlab.com, dev.azure.com and bitbucket.org are always known. */
function hostRules(config: ReaderConfig): HostRule[] {
  const integrations = config.integrations;
  const rules: HostRule[] = [];
  const github = [...entries(integrations, "github")];
  if (!github.some((entry) => entry.host === "github.com")) github.push({ host: "github.com" });
  for (const entry of github) {
    const host = entry.host ?? "github.com";
    const rawBase = entry.rawBaseUrl ?? (host === "github.com" ? "https://raw.githubusercontent.com" : `https://${host}/raw`);
    const headers = entry.token ? { Authorization: `token ${entry.token}` } : undefined;
    rules.push({ host, type: "github", headers, rewrite: (url) => githubRaw(url, rawBase) });
    const rawHost = new URL(rawBase).host;
    if (rawHost !== host) rules.push({ host: rawHost, headers });
  }
  const gitlab = [...entries(integrations, "gitlab")];
  if (!gitlab.some((entry) => entry.host === "gitlab.com")) gitlab.push({ host: "gitlab.com" });
  for (const entry of gitlab) {
    rules.push({
      host: entry.host ?? "gitlab.com",
      type: "gitlab",
      headers: entry.token ? { "PRIVATE-TOKEN": entry.token } : undefined,
      rewrite: (url) => new URL(url.href.replace("/-/blob/", "/-/raw/")),
    });
  }
  const azure = [...entries(integrations, "azure")];
  if (!azure.some((entry) => entry.host === "dev.azure.com")) azure.push({ host: "dev.azure.com" });
  for (const entry of azure) {
    const headers = entry.token ? { Authorization: `Basic ${Buffer.from(`:${entry.token}`).toString("base64")}` } : undefined;
    rules.push({ host: entry.host ?? "dev.azure.com", type: "azure", headers, rewrite: azureItemsUrl });
  }
  const bitbucket = [...entries(integrations, "bitbucketCloud"), ...entries(integrations, "bitbucketServer"), ...entries(integrations, "bitbucket")];
  if (!bitbucket.some((entry) => entry.host === "bitbucket.org")) bitbucket.push({ host: "bitbucket.org" });
  for (const entry of bitbucket) {
    const headers = entry.token ? { Authorization: `Bearer ${entry.token}` } : undefined;
    rules.push({ host: entry.host ?? "bitbucket.org", type: "bitbucket", headers, rewrite: (url) => new URL(url.href.replace("/src/", "/raw/")) });
  }
  for (const entry of entries(integrations, "gerrit") as GerritEntry[]) {
    if (!entry.host) continue;
    rules.push({
      host: entry.host,
      type: "gerrit",
      headers: gerritHeaders(entry),
      resolve: async (url, getText) => {
        const ref = parseGitilesUrl(entry, url);
        if (ref.refType === "tag") throw new InputError(`Unsupported gitiles ref type: ${ref.refType}`);
        if (ref.refType !== "head") return gerritContentUrl(entry, { ...ref, refType: ref.refType });
        // HEAD: the project's default branch, as Gerrit names it.
        const head = parseGerritJson(await getText(gerritHeadUrl(entry, ref.project)));
        if (typeof head !== "string" || !head.startsWith("refs/heads/")) throw new InputError(`Invalid response from Gerrit: ${JSON.stringify(head).slice(0, 10)} - not a branch`);
        return gerritContentUrl(entry, { ...ref, ref: head.slice("refs/heads/".length), refType: "branch" });
      },
      decode: (body) => Buffer.from(body.trim(), "base64").toString("utf8"),
    });
  }
  for (const allowed of config.readingAllow ?? []) rules.push({ host: allowed.host });
  return rules;
}

/**
 * An Azure DevOps file as a person links it, https://dev.azure.com/org/project/_git/repo?path=/x.yaml&version=GBmain,
 * read through the items API (api-version 6.0), as Backstage's Azure reader reads it. A URL of the API itself is read as it is.
 */
export function azureItemsUrl(url: URL): URL {
  const [organization, project, marker, repo] = url.pathname.split("/").filter(Boolean);
  if (marker === "_apis") return url;
  if (!organization || !project || marker !== "_git" || !repo) throw new InputError(`Azure URL must point to a git repository: ${url.href}`);
  const file = url.searchParams.get("path");
  if (!file) throw new InputError(`Azure URL must point to a file with a path query: ${url.href}`);
  const version = url.searchParams.get("version");
  if (version && !version.startsWith("GB")) throw new InputError(`Azure URL version must point to a git branch: ${url.href}`);
  const items = new URL(`/${organization}/${project}/_apis/git/repositories/${repo}/items`, url.origin);
  items.searchParams.set("path", file);
  if (version) items.searchParams.set("version", version.slice(2));
  items.searchParams.set("api-version", "6.0");
  return items;
}

/** https://github.com/o/r/blob/main/x.yaml → {rawBase}/o/r/main/x.yaml */
function githubRaw(url: URL, rawBase: string): URL {
  const match = /^\/([^/]+)\/([^/]+)\/(?:blob|raw)\/(.+)$/.exec(url.pathname);
  if (!match) return url;
  return new URL(`${rawBase.replace(/\/+$/, "")}/${match[1]}/${match[2]}/${match[3]}${url.search}`);
}
