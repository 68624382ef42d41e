import type { NavItem, SitePage, TocEntry } from "../site";
import { ARTICLE_CLOSE, ARTICLE_OPEN } from "../site";
import { relativeUrl } from "./links";

// A page's published document in mkdocs-material's structure (what
// Backstage's reader expects: div.md-container > main.md-main >
// div.md-main__inner > the primary sidebar's nav.md-nav, the secondary
// sidebar's table of contents, div.md-content > article), written as a string
// from the article the renderer made. The article is the last thing in the
// document before the closing tags, so articleOf (app/lib/techdocs/site.ts)
// finds its end with lastIndexOf.
//
// The navigation is pruned as mkdocs-material's navigation.prune does: the
// top level, and the sections on the way to this page. A full nav in every
// page of a 1,000-page site would make each document as large as the nav,
// and the site as large as a thousand navs.

export type PageDocumentInput = {
  siteName: string;
  siteDescription: string;
  page: SitePage;
  description?: string;
  hide: string[];
  nav: NavItem[];
  articleHtml: string;
  /** Whether the article has its own H1; without one, the page's title is shown as one, as mkdocs-material does. */
  hasH1: boolean;
  editUrl?: string;
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function pageDocument(input: PageDocumentInput): string {
  const { page, siteName } = input;
  const title = page.title && page.title !== siteName ? `${page.title} - ${siteName}` : siteName || page.title;
  const description = input.description ?? input.siteDescription;
  const activeTrail = trailTo(input.nav, page.path) ?? [];
  const nav = input.hide.includes("navigation") ? "" : navList(input.nav, page.path, activeTrail, 1);
  const toc = input.hide.includes("toc") || !page.toc.length ? "" : tocList(page.toc);
  const edit = input.editUrl ? `<a href="${escapeHtml(input.editUrl)}" title="Edit this page" class="md-content__button md-icon" rel="noopener noreferrer">Edit this page</a>` : "";
  return [
    "<!doctype html>",
    '<html lang="en" class="no-js">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    description ? `<meta name="description" content="${escapeHtml(description)}">` : "",
    '<meta name="generator" content="Atrium TechDocs">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    '<body dir="ltr">',
    '<div class="md-container" data-md-component="container">',
    '<main class="md-main" data-md-component="main">',
    '<div class="md-main__inner md-grid">',
    '<div class="md-sidebar md-sidebar--primary" data-md-component="sidebar" data-md-type="navigation">',
    '<div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner">',
    `<nav class="md-nav md-nav--primary" aria-label="Navigation" data-md-level="0">`,
    `<label class="md-nav__title" for="__drawer">${escapeHtml(siteName)}</label>`,
    nav,
    "</nav>",
    "</div></div></div>",
    '<div class="md-sidebar md-sidebar--secondary" data-md-component="sidebar" data-md-type="toc">',
    '<div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner">',
    `<nav class="md-nav md-nav--secondary" aria-label="Table of contents">`,
    toc ? `<label class="md-nav__title" for="__toc">Table of contents</label>${toc}` : "",
    "</nav>",
    "</div></div></div>",
    '<div class="md-content" data-md-component="content">',
    // The edit link stays outside the article: Atrium's reader shows its own (ReaderView.editUrl) and slices only the article.
    edit,
    `${ARTICLE_OPEN}${input.hasH1 ? "" : `<h1>${escapeHtml(page.title || siteName)}</h1>`}${input.articleHtml}${ARTICLE_CLOSE}`,
    "</div>",
    "</div>",
    "</main>",
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("");
}

/** The nav items from the top to the page at `path`, or undefined when the nav does not show it. */
function trailTo(items: NavItem[], path: string): NavItem[] | undefined {
  for (const item of items) {
    if (item.path === path) return [item];
    if (item.children) {
      const below = trailTo(item.children, path);
      if (below) return [item, ...below];
    }
  }
  return undefined;
}

function navList(items: NavItem[], current: string, trail: NavItem[], level: number): string {
  const entries = items.map((item) => {
    const active = trail.includes(item);
    if (item.children) {
      const inner = active ? navList(item.children, current, trail, level + 1) : "";
      return `<li class="md-nav__item md-nav__item--nested${active ? " md-nav__item--active" : ""}"><label class="md-nav__link">${escapeHtml(item.title)}</label><nav class="md-nav" aria-label="${escapeHtml(item.title)}" data-md-level="${level}">${inner}</nav></li>`;
    }
    const external = item.path === undefined;
    const href = external ? (item.url ?? "") : relativeUrl(current, item.path!);
    const isCurrent = item.path === current;
    return `<li class="md-nav__item${isCurrent ? " md-nav__item--active" : ""}"><a href="${escapeHtml(href)}" class="md-nav__link${isCurrent ? " md-nav__link--active" : ""}"${isCurrent ? ' aria-current="page"' : ""}${external ? ' rel="noopener noreferrer"' : ""}>${escapeHtml(item.title)}</a></li>`;
  });
  return `<ul class="md-nav__list" data-md-scrollfix>${entries.join("")}</ul>`;
}

function tocList(toc: TocEntry[]): string {
  const entries = toc.map((entry) => `<li class="md-nav__item" data-level="${entry.level}"><a href="#${escapeHtml(entry.id)}" class="md-nav__link">${escapeHtml(entry.title)}</a></li>`);
  return `<ul class="md-nav__list" data-md-component="toc">${entries.join("")}</ul>`;
}
