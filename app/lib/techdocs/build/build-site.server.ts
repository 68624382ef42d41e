import { createHash } from "node:crypto";
import type { TechDocsPageForSearch } from "../../search/documents";
import type { AtriumSite, NavItem, SitePage, TechDocsMetadata } from "../site";
import { PUBLISHED_METADATA_FILE, PUBLISHED_SEARCH_INDEX_FILE, PUBLISHED_SITE_FILE, pageFile } from "../site";
import { MAX_FILE_BYTES, MAX_SITE_BYTES, MAX_SITE_FILES } from "./limits";
import { type SiteIndex, resolveLink } from "./links";
import { DocsBuildError, editBaseUrl, findConfigFile, readMkdocsConfig } from "./mkdocs-config.server";
import { type NavNode, navFromConfig, navFromFolders, pagePathOf, sourcesInNavOrder, titleFromSource } from "./nav";
import { pageDocument } from "./page-document";
import { type RenderedPage, renderPage } from "./render-page.server";

// A TechDocs site from an mkdocs folder, without Python or mkdocs: mkdocs.yml
// read, every Markdown page rendered (render-page.server.ts), the navigation
// resolved (nav.ts), and the published files written as
// app/lib/techdocs/site.ts describes them. With the cache of the previous
// build, a page whose Markdown did not change and whose links resolve as
// before is not rendered again; everything that depends on the whole site
// (navigation, documents, search index) is assembled again, which is cheap.

export { DocsBuildError } from "./mkdocs-config.server";

/** POSIX paths relative to the folder that holds mkdocs.yml. */
export type DocsSource = { files: Map<string, Uint8Array> };

type CachedPage = { hash: string; rendered: RenderedPage };
/** What an incremental rebuild reuses: the rendered pages, by source and content hash. Opaque to callers. */
export type BuildCache = { readonly version: 1; readonly pages: ReadonlyMap<string, CachedPage> };

export type BuiltSite = {
  files: Map<string, Uint8Array | string>;
  metadata: TechDocsMetadata;
  site: AtriumSite;
  search: TechDocsPageForSearch[];
  cache: BuildCache;
};

export type BuildOptions = { etag: string; log: (line: string) => void; signal?: AbortSignal; cache?: BuildCache; now?: () => number };

const MARKDOWN = /\.(md|markdown)$/i;

export async function buildSite(source: DocsSource, options: BuildOptions): Promise<BuiltSite> {
  const now = options.now ?? Date.now;
  const started = now();
  const log = options.log;
  checkSourceSize(source);
  checkAborted(options.signal);

  const configName = findConfigFile(source.files);
  const config = readMkdocsConfig(configName, source.files.get(configName)!);
  const notes: string[] = [...config.notes];
  const note = (line: string) => {
    notes.push(line);
    log(`WARNING: ${line}`);
  };
  for (const line of config.notes) log(`WARNING: ${line}`);
  if (!config.siteName) note(`${configName} has no site_name; the site is shown without a name.`);
  log(`Building the site '${config.siteName}' from ${configName} (docs_dir: ${config.docsDir})`);

  // The docs folder's files, as mkdocs takes them: dot files and dot folders left out.
  const prefix = `${config.docsDir}/`;
  const docs = new Map<string, Uint8Array>();
  for (const [path, bytes] of source.files) {
    if (!path.startsWith(prefix)) continue;
    const relative = path.slice(prefix.length);
    const parts = relative.split("/");
    if (!relative || parts.some((part) => part === ".." || part === "" || part.startsWith("."))) continue;
    docs.set(relative, bytes);
  }
  if (!docs.size) throw new DocsBuildError(`The docs folder '${config.docsDir}' named by ${configName} is missing or empty.`);

  const markdownSources = [...docs.keys()].filter((path) => MARKDOWN.test(path)).sort();
  const sourceSet = new Set(markdownSources);
  const pagePaths = new Map<string, string>();
  const sourceOfPath = new Map<string, string>();
  for (const markdown of markdownSources) {
    const folder = markdown.slice(0, markdown.lastIndexOf("/") + 1);
    if (/^readme\.(md|markdown)$/i.test(markdown.slice(folder.length)) && sourceSet.has(`${folder}index.md`)) {
      note(`Both ${folder}index.md and ${markdown} are in the docs folder; ${markdown} was left out, as mkdocs does.`);
      continue;
    }
    const path = pagePathOf(markdown, sourceSet);
    const existing = sourceOfPath.get(path);
    if (existing !== undefined) {
      note(`${markdown} and ${existing} would both be published as '${path || "/"}'; ${markdown} was left out.`);
      continue;
    }
    sourceOfPath.set(path, markdown);
    pagePaths.set(markdown, path);
  }
  const assets = new Set([...docs.keys()].filter((path) => !MARKDOWN.test(path)));
  const siteIndex: SiteIndex = { pages: pagePaths, assets };

  // Pages, in source order: rendered, or reused from the cache.
  const previous = options.cache?.pages;
  const cachePages = new Map<string, CachedPage>();
  const rendered = new Map<string, RenderedPage>();
  let renderedCount = 0;
  for (const [markdown, path] of pagePaths) {
    checkAborted(options.signal);
    const bytes = docs.get(markdown)!;
    const hash = createHash("sha256").update(bytes).digest("base64");
    const resolve = (href: string) => resolveLink(href, markdown, path, siteIndex);
    const cached = previous?.get(markdown);
    let page: RenderedPage;
    if (cached && cached.hash === hash && cached.rendered.links.every(([href, was]) => resolve(href).href === was)) {
      page = cached.rendered;
    } else {
      const text = new TextDecoder().decode(bytes.byteLength > MAX_FILE_BYTES ? bytes.subarray(0, MAX_FILE_BYTES) : bytes);
      page = await renderPage(markdown, text, bytes.byteLength, resolve);
      renderedCount++;
      // Rendering is synchronous work in the server's one thread: give requests their turn between pages.
      await yieldToEventLoop();
    }
    for (const line of page.notes) note(line);
    rendered.set(markdown, page);
    cachePages.set(markdown, { hash, rendered: page });
  }
  checkAborted(options.signal);

  // Navigation and page titles: a nav title wins, then front matter or the first H1, then the file name.
  const navNotes: string[] = [];
  const navNodes = config.nav ? navFromConfig(config.nav, new Set(pagePaths.keys()), navNotes) : navFromFolders([...pagePaths.keys()]);
  for (const line of navNotes) note(line);
  const navTitles = new Map<string, string>();
  const collectTitles = (nodes: NavNode[]) => {
    for (const node of nodes) {
      if (node.source && node.title && !navTitles.has(node.source)) navTitles.set(node.source, node.title);
      if (node.children) collectTitles(node.children);
    }
  };
  collectTitles(navNodes);
  const titleOf = (markdown: string) => navTitles.get(markdown) ?? rendered.get(markdown)?.title ?? titleFromSource(markdown, sourceSet);
  const toNavItems = (nodes: NavNode[]): NavItem[] =>
    nodes.map((node) => {
      if (node.children) return { title: node.title ?? "", children: toNavItems(node.children) };
      if (node.url) return { title: node.title ?? node.url, url: node.url };
      return { title: node.title ?? titleOf(node.source!), path: pagePaths.get(node.source!)! };
    });
  const nav = toNavItems(navNodes);

  const inNav = sourcesInNavOrder(navNodes);
  const inNavSet = new Set(inNav);
  const order = [...inNav, ...[...pagePaths.keys()].filter((markdown) => !inNavSet.has(markdown)).sort((a, b) => compare(pagePaths.get(a)!, pagePaths.get(b)!))];
  const pages: SitePage[] = order.map((markdown) => ({ path: pagePaths.get(markdown)!, title: titleOf(markdown), toc: rendered.get(markdown)!.toc, source: markdown }));

  const editBase = editBaseUrl(config);
  const site: AtriumSite = {
    version: 1,
    siteName: config.siteName,
    siteDescription: config.siteDescription,
    ...(config.repoUrl ? { repoUrl: config.repoUrl } : {}),
    ...(editBase ? { editBaseUrl: editBase } : {}),
    nav,
    pages,
    notes: [...new Set(notes)],
  };

  // The published files.
  const files = new Map<string, Uint8Array | string>();
  for (const asset of [...assets].sort()) {
    const bytes = docs.get(asset)!;
    if (bytes.byteLength > MAX_FILE_BYTES) {
      note(`${asset} is larger than ${MAX_FILE_BYTES} bytes and was not published.`);
      continue;
    }
    if (/\.svgz?$/i.test(asset) && activeSvg(bytes)) {
      note(`${asset} is an SVG with scripts, event handlers or embedded documents and was not published.`);
      continue;
    }
    files.set(asset, bytes);
  }
  const search: TechDocsPageForSearch[] = [];
  const searchDocs: { location: string; title: string; text: string }[] = [];
  for (const [index, page] of pages.entries()) {
    if (index % 50 === 49) await yieldToEventLoop();
    const result = rendered.get(page.source)!;
    const file = pageFile(page.path);
    if (files.has(file)) note(`${file} in the docs folder was replaced by the page ${page.source}.`);
    files.set(
      file,
      pageDocument({
        siteName: config.siteName,
        siteDescription: config.siteDescription,
        page,
        description: result.description,
        hide: result.hide,
        nav,
        articleHtml: result.html,
        hasH1: result.hasH1,
        editUrl: editBase ? editBase + page.source : undefined,
      }),
    );
    search.push({ path: page.path, title: page.title, headings: page.toc.map((entry) => entry.title), text: result.text });
    for (const section of result.sections) {
      searchDocs.push({ location: section.id ? `${page.path}#${section.id}` : page.path, title: section.id ? section.title : page.title, text: section.text });
    }
  }
  site.notes = [...new Set(notes)];
  files.set(PUBLISHED_SEARCH_INDEX_FILE, JSON.stringify({ config: { lang: ["en"], separator: "[\\s\\-]+", pipeline: ["stopWordFilter"] }, docs: searchDocs }));
  files.set(PUBLISHED_SITE_FILE, JSON.stringify(site));
  const metadata: TechDocsMetadata = {
    site_name: config.siteName,
    site_description: config.siteDescription,
    etag: options.etag,
    build_timestamp: now(),
    files: [...files.keys(), PUBLISHED_METADATA_FILE].sort(),
  };
  files.set(PUBLISHED_METADATA_FILE, JSON.stringify(metadata));
  log(`Built ${pages.length} pages (${renderedCount} rendered, ${pages.length - renderedCount} unchanged) and ${assets.size} other files in ${now() - started} ms`);
  return { files, metadata, site, search, cache: { version: 1, pages: cachePages } };
}

/**
 * An SVG opened on its own (a link to it, or a new tab) is a document of the
 * portal's origin: one with scripts, event handlers, javascript: URLs or
 * embedded HTML could run there. Such files are not published; plain
 * drawings are.
 */
function activeSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes);
  return /<script|<foreignObject|<iframe|<embed|<object|<handler|\son[a-z]+\s*=|javascript:|<!ENTITY/i.test(text) || /\s(?:xlink:)?href\s*=\s*["']?\s*data:/i.test(text);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function checkSourceSize(source: DocsSource): void {
  if (source.files.size > MAX_SITE_FILES) throw new DocsBuildError(`The documentation has ${source.files.size} files; at most ${MAX_SITE_FILES} are built.`);
  let total = 0;
  for (const bytes of source.files.values()) total += bytes.byteLength;
  if (total > MAX_SITE_BYTES) throw new DocsBuildError(`The documentation is ${total} bytes; at most ${MAX_SITE_BYTES} bytes are built.`);
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DocsBuildError("The build was cancelled.");
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
