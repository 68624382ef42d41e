import type { ReaderView } from "./reader";
import { rewriteArticle } from "./reader-links";
import { pruneNav } from "./reader-nav";
import type { AtriumSite } from "./site";
import type { IssueRepository } from "./addons/report-issue";
import type { TextSize } from "./addons/text-size";

// What a reader page (/docs/... and the entity's Docs tab) hands its
// components: the service's answer, and what the add-ons need. Isomorphic.

/**
 * One page as the reader's components show it: the service's view cut to
 * what the page needs (a large site's list of pages and files stays on the
 * server), its navigation pruned (pruneNav) and its article's links already
 * the reader's.
 */
export type ReaderPageView = Omit<ReaderView, "entity" | "site" | "metadata"> & {
  site: Pick<AtriumSite, "siteName" | "siteDescription" | "nav">;
  /** The build shown (techdocs_metadata.json's build_timestamp), to tell when a newer one lands. */
  buildTimestamp: number;
};

/**
 * The service's view as one page shows it. `readerBase` and `staticBase`
 * carry the base path: the article's links are made the reader's here,
 * once, so the browser needs neither the site's list of pages nor the work.
 */
export function readerPageView(view: ReaderView, links: { readerBase: string; staticBase: string }): ReaderPageView {
  const { entity: _entity, site, metadata, ...page } = view;
  const pages = new Set(site.pages.map((sitePage) => sitePage.path));
  return {
    ...page,
    html: rewriteArticle(view.html, { ...links, pagePath: view.page.path, pages }),
    site: { siteName: site.siteName, siteDescription: site.siteDescription, nav: pruneNav(site.nav, view.page.path) },
    buildTimestamp: metadata.build_timestamp,
  };
}

/** `kind` as the entity spells it: the header labels the entity with it, as Backstage's reader does. */
export type ReaderEntityHeader = { title: string; kind: string; entityRef: string; owners: string[]; lifecycle?: string; entityPath: string };

export type ReaderPageData =
  | { status: "ready"; view: ReaderPageView; updating: boolean; header: ReaderEntityHeader; textSize: TextSize; issueRepository?: IssueRepository }
  | { status: "building"; log: string[]; header: ReaderEntityHeader }
  | { status: "failed"; message: string; log: string[]; header: ReaderEntityHeader }
  | { status: "notFound"; emptyPath: boolean; header: ReaderEntityHeader };

/** How often the building state looks again (without JavaScript: a meta refresh). */
export const BUILDING_REFRESH_SECONDS = 5;

/** The HTTP status of a reader page: a missing page 404, a failed build 500. */
export function readerStatusCode(data: ReaderPageData): number {
  if (data.status === "notFound") return 404;
  if (data.status === "failed") return 500;
  return 200;
}
