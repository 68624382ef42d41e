// What a TechDocs build publishes, and what the reader reads back: the
// contract between the builder (app/lib/techdocs/build/), the publishers and
// the reader. Isomorphic: types and pure helpers only.
//
// A published site lives under `{namespace}/{kind}/{name}/` (lower case) in the
// publisher's storage, with:
//   techdocs_metadata.json   TechDocsMetadata, Backstage's file
//   index.html, a/b/index.html   every page as a whole HTML document in
//                            mkdocs-material's structure, so Backstage's own
//                            reader can show it; the page's body is the one
//                            <article class="md-content__inner md-typeset">
//   search/search_index.json mkdocs' search index ({config, docs: [{location, title, text}]})
//   atrium_site.json         AtriumSite: navigation, pages' titles and tables of contents, build notes
//   images and other files   copied from the docs folder at their relative paths

/** Backstage's techdocs_metadata.json. */
export type TechDocsMetadata = {
  site_name: string;
  site_description: string;
  /** The sources' version: a commit or a content hash; a sync rebuilds only when it changes. */
  etag: string;
  /** Milliseconds since the epoch. */
  build_timestamp: number;
  /** Every published file, relative to the site's folder. */
  files: string[];
};

/** A navigation entry: a page (path set), a section (children), or an external link (url). */
export type NavItem = { title: string; path?: string; url?: string; children?: NavItem[] };

/** A heading of a page: its anchor id, its text and its level (2 to 6; the page title is level 1). */
export type TocEntry = { id: string; title: string; level: number };

/**
 * A page's path is the site-relative folder of its index.html, with a
 * trailing slash, '' for the home page: `index.md` -> '', `guide.md` ->
 * 'guide/', `ops/index.md` -> 'ops/', `ops/deploy.md` -> 'ops/deploy/'
 * (mkdocs' use_directory_urls).
 */
export type SitePage = { path: string; title: string; toc: TocEntry[]; /** The Markdown file, relative to the docs folder. */ source: string };

export type AtriumSite = {
  version: 1;
  siteName: string;
  siteDescription: string;
  /** mkdocs.yml repo_url and edit_uri resolved: the URL to edit a page is editBaseUrl + page.source. */
  repoUrl?: string;
  editBaseUrl?: string;
  nav: NavItem[];
  /** Every page in reading order (the order of nav, then the pages nav leaves out, by path). */
  pages: SitePage[];
  /** Build notes a reader may see: mkdocs features this builder does not render, files skipped. */
  notes: string[];
};

export const PUBLISHED_METADATA_FILE = "techdocs_metadata.json";
export const PUBLISHED_SITE_FILE = "atrium_site.json";
export const PUBLISHED_SEARCH_INDEX_FILE = "search/search_index.json";
export const ARTICLE_OPEN = '<article class="md-content__inner md-typeset">';
export const ARTICLE_CLOSE = "</article>";

/** The article of a published page document, as the builder wrote it (no parsing: the builder writes one article). */
export function articleOf(pageDocument: string): string | undefined {
  const start = pageDocument.indexOf(ARTICLE_OPEN);
  const end = pageDocument.lastIndexOf(ARTICLE_CLOSE);
  if (start < 0 || end < start) return undefined;
  return pageDocument.slice(start + ARTICLE_OPEN.length, end);
}

/** The published file of a page path ('' -> 'index.html', 'a/b/' -> 'a/b/index.html'). */
export function pageFile(pagePath: string): string {
  return `${pagePath}index.html`;
}
