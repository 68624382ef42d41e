import { parseDocument } from "yaml";
import { MAX_CONFIG_ALIASES, MAX_CONFIG_BYTES } from "./limits";

// mkdocs.yml as the builder uses it. Parsed with `yaml` (aliases limited, as
// app/lib/config/load.server.ts does); tags this parser does not know
// (`!!python/name:...` in markdown_extensions options, `!ENV`, `!relative`)
// are warnings of the parser, not errors, and leave the plain value, so a
// file written for Python's mkdocs reads as it is.

export class DocsBuildError extends Error {
  override name = "DocsBuildError";
}

/** A nav entry as written: `page.md`, `{Title: page.md}`, `{Title: https://...}` or `{Section: [...]}`. */
export type RawNav = unknown;

export type MkdocsConfig = {
  siteName: string;
  siteDescription: string;
  docsDir: string;
  nav?: RawNav[];
  repoUrl?: string;
  editUri?: string;
  useDirectoryUrls: boolean;
  /** Features Atrium does not render, for the log and the site's notes. */
  notes: string[];
};

/** The plugins Atrium's builder stands in for: techdocs-core is this builder, search is the published search index. */
const ACCEPTED_PLUGINS = new Set(["techdocs-core", "search"]);

/**
 * Markdown extensions rendered (or harmless to ignore: `meta` is front matter,
 * `toc` and `tables` are built in; pymdownx.extra is abbr, attr_list,
 * def_list, footnotes, md_in_html and tables; github-callouts writes GitHub's
 * `> [!NOTE]` alerts, which the builder renders as techdocs-core's
 * gh-admonitions plugin does). Anything else is listed in the notes.
 */
export const SUPPORTED_EXTENSIONS = new Set([
  "admonition",
  "pymdownx.details",
  "pymdownx.superfences",
  "pymdownx.tabbed",
  "pymdownx.highlight",
  "pymdownx.inlinehilite",
  "pymdownx.tasklist",
  "pymdownx.tilde",
  "pymdownx.magiclink",
  "pymdownx.betterem",
  "codehilite",
  "fenced_code",
  "footnotes",
  "tables",
  "toc",
  "meta",
  "md_in_html",
  "attr_list",
  "def_list",
  "abbr",
  "pymdownx.caret",
  "pymdownx.mark",
  "pymdownx.emoji",
  "pymdownx.extra",
  "github-callouts",
  "markdown.extensions.attr_list",
  "markdown.extensions.md_in_html",
  "markdown.extensions.def_list",
  "markdown.extensions.abbr",
  "markdown.extensions.admonition",
  "markdown.extensions.toc",
  "markdown.extensions.tables",
  "markdown.extensions.fenced_code",
  "markdown.extensions.footnotes",
  "markdown.extensions.meta",
  "markdown.extensions.codehilite",
  "mdx_truly_sane_lists",
]);

/** mkdocs.yml keys that change only how mkdocs itself runs or are read above: not worth a note. */
const QUIET_KEYS = new Set([
  "site_name",
  "site_description",
  "site_author",
  "site_url",
  "copyright",
  "docs_dir",
  "site_dir",
  "nav",
  "pages",
  "repo_url",
  "repo_name",
  "edit_uri",
  "plugins",
  "markdown_extensions",
  "use_directory_urls",
  "strict",
  "dev_addr",
  "watch",
  "validation",
  "exclude_docs",
  "not_in_nav",
  "remote_branch",
  "remote_name",
]);

export function findConfigFile(files: Map<string, Uint8Array>): string {
  for (const name of ["mkdocs.yml", "mkdocs.yaml"]) if (files.has(name)) return name;
  throw new DocsBuildError("No mkdocs.yml found: the documentation folder needs an mkdocs.yml (or mkdocs.yaml) next to its docs folder.");
}

export function readMkdocsConfig(name: string, bytes: Uint8Array): MkdocsConfig {
  if (bytes.byteLength > MAX_CONFIG_BYTES) throw new DocsBuildError(`${name} is larger than ${MAX_CONFIG_BYTES} bytes.`);
  const text = new TextDecoder().decode(bytes);
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  if (document.errors.length) throw new DocsBuildError(`${name} is not valid YAML: ${document.errors[0]!.message}`);
  let raw: unknown;
  try {
    raw = document.toJS({ maxAliasCount: MAX_CONFIG_ALIASES });
  } catch (error) {
    throw new DocsBuildError(`${name} is not valid YAML: ${(error as Error).message}`);
  }
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new DocsBuildError(`${name} must be a YAML mapping of settings (site_name, nav, ...).`);
  const config = raw as Record<string, unknown>;
  const notes: string[] = [];

  const siteName = config.site_name;
  if (siteName !== undefined && typeof siteName !== "string" && typeof siteName !== "number") throw new DocsBuildError(`${name}: site_name must be a text.`);
  const docsDir = config.docs_dir ?? "docs";
  if (typeof docsDir !== "string" || !docsDir.trim()) throw new DocsBuildError(`${name}: docs_dir must be a folder name.`);
  const normalisedDocsDir = normaliseDocsDir(docsDir, name);

  const nav = config.nav ?? config.pages;
  if (nav !== undefined && nav !== null && !Array.isArray(nav)) throw new DocsBuildError(`${name}: nav must be a list of pages and sections.`);

  for (const plugin of namesOf(config.plugins)) {
    if (!ACCEPTED_PLUGINS.has(plugin)) notes.push(`The mkdocs plugin '${plugin}' is not supported by Atrium's builder and was ignored.`);
  }
  for (const extension of namesOf(config.markdown_extensions)) {
    if (!SUPPORTED_EXTENSIONS.has(extension)) notes.push(`The Markdown extension '${extension}' is not supported by Atrium's builder and was ignored.`);
  }
  const theme = config.theme;
  if (theme && typeof theme === "object" && Object.keys(theme).some((key) => key !== "name" && key !== "features" && key !== "palette" && key !== "icon")) {
    notes.push("Theme customisation in mkdocs.yml (custom_dir, overrides) is not supported: pages use Atrium's reader.");
  }
  if (config.extra_css) notes.push("extra_css is not supported: Atrium's reader does not load a site's style sheets.");
  if (config.extra_javascript) notes.push("extra_javascript is not supported: Atrium's reader runs no script from a docs site.");
  if (config.hooks) notes.push("mkdocs hooks are not supported and were ignored.");
  if (config.use_directory_urls === false) notes.push("use_directory_urls: false is not supported: pages are published at directory URLs (page/index.html).");
  for (const key of Object.keys(config)) {
    if (!QUIET_KEYS.has(key) && !["theme", "extra_css", "extra_javascript", "hooks", "extra"].includes(key)) {
      notes.push(`The mkdocs.yml setting '${key}' is not supported and was ignored.`);
    }
  }

  const repoUrl = typeof config.repo_url === "string" && /^https?:\/\//i.test(config.repo_url) ? config.repo_url : undefined;
  const editUri = typeof config.edit_uri === "string" ? config.edit_uri : undefined;
  return {
    siteName: siteName === undefined ? "" : String(siteName),
    siteDescription: typeof config.site_description === "string" ? config.site_description : "",
    docsDir: normalisedDocsDir,
    nav: Array.isArray(nav) ? nav : undefined,
    repoUrl,
    editUri,
    useDirectoryUrls: true,
    notes,
  };
}

function normaliseDocsDir(docsDir: string, name: string): string {
  const parts = docsDir
    .replace(/\\/g, "/")
    .split("/")
    .filter((part) => part && part !== ".");
  if (docsDir.startsWith("/") || parts.includes("..")) throw new DocsBuildError(`${name}: docs_dir '${docsDir}' must be a folder inside the documentation's folder.`);
  return parts.join("/");
}

/** Names in a plugins or markdown_extensions list: `- name` or `- name: {options}`, or a mapping of names. */
function namesOf(list: unknown): string[] {
  if (Array.isArray(list)) {
    return list.flatMap((entry) => (typeof entry === "string" ? [entry] : entry && typeof entry === "object" ? Object.keys(entry) : []));
  }
  if (list && typeof list === "object") return Object.keys(list);
  return [];
}

/**
 * Where a page is edited: repo_url joined with edit_uri, or mkdocs' default
 * edit_uri for github.com and gitlab.com (`edit/master/docs/`). An absolute
 * edit_uri is used as it is.
 */
export function editBaseUrl(config: MkdocsConfig): string | undefined {
  const { repoUrl, editUri } = config;
  if (editUri !== undefined && /^https?:\/\//i.test(editUri)) return editUri.endsWith("/") ? editUri : `${editUri}/`;
  if (!repoUrl) return undefined;
  let host = "";
  try {
    host = new URL(repoUrl).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const uri = editUri ?? (host === "github.com" || host === "gitlab.com" ? "edit/master/docs/" : host === "bitbucket.org" ? "src/default/docs/" : undefined);
  if (!uri) return undefined;
  const base = repoUrl.endsWith("/") ? repoUrl : `${repoUrl}/`;
  const joined = new URL(uri.replace(/^\/+/, uri.startsWith("/") ? "/" : ""), base).toString();
  return joined.endsWith("/") ? joined : `${joined}/`;
}
