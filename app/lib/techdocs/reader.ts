import type { Entity } from "../catalog/entity";
import type { AtriumSite, SitePage, TechDocsMetadata } from "./site";

// What the docs reader shows, as the TechDocs service (app/lib/techdocs/)
// answers it to the reader pages (app/routes/docs/) and the entity's Docs
// tab. Isomorphic: types only.

/** The published page of an entity's documentation, ready to show. */
export type ReaderView = {
  /** The entity whose documentation this is (a techdocs-entity annotation may point the reader elsewhere). */
  entity: Entity;
  metadata: TechDocsMetadata;
  site: AtriumSite;
  page: SitePage;
  /** The page's article, sanitised by the builder. Links and images in it are relative to the page's path. */
  html: string;
  previous?: SitePage;
  next?: SitePage;
  /** Where to edit this page's Markdown, when the site names its repository. */
  editUrl?: string;
  /** The documentation's sources (the repository or folder the build read). */
  sourceUrl?: string;
};

export type ReaderResult =
  /** `updating`: the sources changed since the build shown and a new build is running. */
  | { status: "ready"; view: ReaderView; updating: boolean }
  /** No build is published yet and the first one is still running. */
  | { status: "building"; log: string[] }
  /** Nothing is published and the last build failed: its message and log. */
  | { status: "failed"; message: string; log: string[] };
