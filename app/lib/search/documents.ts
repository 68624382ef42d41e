// The documents of the one search index (app/lib/search/), in Backstage's
// search shapes: GET /api/search/query answers these as `document`, typed
// `software-catalog` or `techdocs`. Isomorphic: types only.

/** A catalog entity, as Backstage's DefaultCatalogCollator writes it. */
export type CatalogSearchDocument = {
  title: string;
  text: string;
  /** The entity page's path below the base path: /catalog/{namespace}/{kind}/{name}. */
  location: string;
  componentType: string;
  type: string;
  namespace: string;
  kind: string;
  lifecycle: string;
  owner: string;
};

/** A page of an entity's documentation, as Backstage's DefaultTechDocsCollator writes it. */
export type TechDocsSearchDocument = {
  /** The page's title. */
  title: string;
  /** The page's text, without markup. */
  text: string;
  /** The reader's path below the base path: /docs/{namespace}/{kind}/{name}/{page path}. */
  location: string;
  /** The page path inside the site ('' for the home page, 'a/b/' otherwise). */
  path: string;
  namespace: string;
  kind: string;
  name: string;
  entityTitle?: string;
  lifecycle: string;
  owner: string;
};

/** What a docs build hands to the search index: each page's title, headings and text. */
export type TechDocsPageForSearch = { path: string; title: string; headings: string[]; text: string };
