import type { CompoundEntityRef } from "../catalog/entity-ref";
import { isJavascriptUrl } from "../links";

// Where the docs reader lives and how the links of a published article are
// turned into the reader's links. Isomorphic: the server renders the article
// with them and the browser hydrates the same markup.

/** The reader of an entity's docs, relative to the base path (Backstage's techdocs.docRoot, lower-case kind). */
export function docsRoute(ref: CompoundEntityRef): string {
  return `/docs/${encodeURIComponent(ref.namespace || "default")}/${encodeURIComponent(ref.kind.toLocaleLowerCase("en-US"))}/${encodeURIComponent(ref.name)}`;
}

/** The published files of an entity's docs (images, downloads), as Backstage's /api/techdocs/static/docs serves them. */
export function docsStaticRoute(ref: CompoundEntityRef): string {
  return `/api/techdocs/static${docsRoute(ref)}`;
}

/**
 * The page path a reader URL's splat names: '' for the home page, 'a/b/'
 * for a page (always with its trailing slash, as SitePage.path has it).
 * Undefined for a path that cannot be a page (a '.' or '..' segment).
 */
export function pagePathOf(splat: string | undefined): string | undefined {
  const segments = (splat ?? "").split("/").filter(Boolean);
  if (segments.some((segment) => segment === "." || segment === "..")) return undefined;
  if (segments.at(-1) === "index.html") segments.pop();
  return segments.length ? `${segments.join("/")}/` : "";
}

export type ArticleLinks = {
  /** The reader's root, with the base path: '/docs/default/component/svc' or an entity's Docs tab. */
  readerBase: string;
  /** The published files' root, with the base path. */
  staticBase: string;
  /** The page shown, as SitePage.path. */
  pagePath: string;
  /** Every page path of the site: links to them stay in the reader. */
  pages: ReadonlySet<string>;
};

const SITE_ORIGIN = "https://docs.invalid";

/**
 * A link or image source of the article, made absolute: another page of the
 * site goes to the reader, any other file of the site to the static files,
 * an outside URL or an in-page anchor is left alone, a javascript: URL is
 * dropped. Undefined means: remove the attribute.
 */
export function rewriteArticleUrl(url: string, attribute: "href" | "src", links: ArticleLinks): string | undefined {
  const value = url.trim();
  if (isJavascriptUrl(value)) return undefined;
  if (value === "" || value.startsWith("#") || value.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("/")) return value;
  let resolved: URL;
  try {
    resolved = new URL(value, `${SITE_ORIGIN}/${links.pagePath}`);
  } catch {
    return undefined;
  }
  if (resolved.origin !== SITE_ORIGIN) return undefined;
  const path = decodeURIComponent(resolved.pathname.slice(1));
  if (attribute === "href") {
    const page = pageOfPath(path, links.pages);
    if (page !== undefined) return `${links.readerBase}/${encodePath(page)}${resolved.search}${resolved.hash}`;
  }
  return `${links.staticBase}/${encodePath(path)}${resolved.search}${resolved.hash}`;
}

/** 'guide/', 'guide', 'guide/index.html', 'guide.md' all name the page 'guide/' when the site has it. */
function pageOfPath(path: string, pages: ReadonlySet<string>): string | undefined {
  const bare = path
    .replace(/index\.html$/, "")
    .replace(/\.md$/, "/")
    .replace(/\/?$/, "/");
  const candidate = bare === "/" ? "" : bare;
  return pages.has(candidate) ? candidate : undefined;
}

function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

const ATTRIBUTE = /(<(a|img|source|video|audio)\b[^>]*?\s)(href|src)="([^"]*)"/gi;

/**
 * The article with its links and sources rewritten (rewriteArticleUrl), and
 * every image not already inside a link wrapped in a link to itself, so that
 * without JavaScript an image opens full size (the lightbox add-on takes
 * those links over with JavaScript). The builder wrote the article sanitised
 * with double-quoted attributes (app/lib/techdocs/site.ts), which is what
 * these patterns read.
 */
export function rewriteArticle(html: string, links: ArticleLinks): string {
  const rewritten = html.replace(ATTRIBUTE, (whole, start: string, _tag: string, attribute: string, url: string) => {
    const next = rewriteArticleUrl(decodeEntities(url), attribute.toLowerCase() as "href" | "src", links);
    return next === undefined ? start.trimEnd() : `${start}${attribute}="${escapeAttribute(next)}"`;
  });
  return wrapImages(rewritten);
}

function wrapImages(html: string): string {
  let depth = 0;
  return html.replace(/<a\b[^>]*>|<\/a\s*>|<img\b[^>]*>/gi, (tag) => {
    if (/^<a\b/i.test(tag)) {
      depth += 1;
      return tag;
    }
    if (/^<\/a/i.test(tag)) {
      depth = Math.max(0, depth - 1);
      return tag;
    }
    if (depth > 0) return tag;
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1];
    if (!src) return tag;
    return `<a href="${src}" class="docs-lightbox" data-lightbox="">${tag}</a>`;
  });
}

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#39|lt|gt);/g, (_, entity: string) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[entity] ?? "");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
