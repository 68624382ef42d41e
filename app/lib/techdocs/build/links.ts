import path from "node:path";

// Links and images of a page, as a published site needs them: a relative
// link to another Markdown file becomes the page URL (use_directory_urls:
// from `guide.md`, `ops/deploy.md#x` is `../ops/deploy/#x`), a relative
// image or file is made relative to the page's folder (one level deeper than
// its source). Links out of the site and fragments stay as written.

export type SiteIndex = {
  /** Markdown sources (relative to the docs folder) -> their page paths. */
  pages: ReadonlyMap<string, string>;
  /** Every other file published from the docs folder. */
  assets: ReadonlySet<string>;
};

export type ResolvedLink = { href: string; note?: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The published href of a link written in `source` (a page at `pagePath`). */
export function resolveLink(href: string, source: string, pagePath: string, site: SiteIndex): ResolvedLink {
  if (!href || href.startsWith("#") || SCHEME.test(href) || href.startsWith("//")) return { href };
  if (href.startsWith("/")) return { href, note: `The link '${href}' in ${source} is absolute; links between pages should be relative.` };
  const cut = href.search(/[?#]/);
  const target = cut < 0 ? href : href.slice(0, cut);
  const suffix = cut < 0 ? "" : href.slice(cut);
  let decoded: string;
  try {
    decoded = decodeURI(target);
  } catch {
    decoded = target;
  }
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(source), decoded));
  if (resolved === ".." || resolved.startsWith("../")) return { href, note: `The link '${href}' in ${source} points outside the docs folder.` };
  const targetPage = site.pages.get(resolved);
  if (targetPage !== undefined) {
    if (targetPage === pagePath && suffix.startsWith("#")) return { href: suffix };
    return { href: relativeUrl(pagePath, targetPage) + suffix };
  }
  if (/\.(md|markdown)$/i.test(resolved)) return { href, note: `The link '${href}' in ${source} points to a page that is not in the docs folder.` };
  const folder = resolved.endsWith("/") || resolved === "." ? resolved.replace(/\/?$/, "/").replace(/^\.\/$/, "") : undefined;
  if (folder !== undefined) return { href: relativeUrl(pagePath, folder) + suffix };
  if (!site.assets.has(resolved)) {
    // A folder written without its slash, as mkdocs also accepts for a section's index.
    const folderPage = site.pages.get(`${resolved}/index.md`);
    if (folderPage !== undefined) return { href: relativeUrl(pagePath, folderPage) + suffix };
    return { href: relativeUrl(pagePath, encodeURI(resolved)) + suffix, note: `The link '${href}' in ${source} points to a file that is not in the docs folder.` };
  }
  return { href: relativeUrl(pagePath, encodeURI(resolved)) + suffix };
}

/** The URL of `to` (a site-relative page path or file) relative to the page at `fromPage` (a folder path, '' or 'a/b/'). */
export function relativeUrl(fromPage: string, to: string): string {
  const relative = path.posix.relative(`/${fromPage}`, `/${to}`);
  if (!relative) return "./";
  return to === "" || to.endsWith("/") ? `${relative}/` : relative;
}
