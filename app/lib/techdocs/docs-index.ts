// The docs index's state, all of it in the URL (as the catalog index's,
// Backstage's `filters[...]` names), so the filters are a GET form that works
// without JavaScript and every view is a link. Isomorphic.

export const DOCS_USER_FILTERS = ["owned", "starred", "all"] as const;
export type DocsUserFilter = (typeof DOCS_USER_FILTERS)[number];
export const DOCS_PAGE_SIZE = 50;

export type DocsIndexQuery = { user: DocsUserFilter; kind?: string; owner?: string; cursor?: string };

export function parseDocsIndexQuery(params: URLSearchParams, signedIn: boolean): DocsIndexQuery {
  const user = params.get("filters[user]");
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value && value.length <= 300 ? value : undefined;
  };
  return {
    // Backstage's docs home starts at 'owned'; a visitor owns nothing, so they start at 'all'.
    user: (DOCS_USER_FILTERS as readonly string[]).includes(user ?? "") ? (user as DocsUserFilter) : signedIn ? "owned" : "all",
    kind: text("filters[kind]"),
    owner: text("filters[owners]"),
    cursor: text("cursor") ?? undefined,
  };
}

export function docsIndexHref(query: DocsIndexQuery, changes: Partial<DocsIndexQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  params.set("filters[user]", next.user);
  if (next.kind) params.set("filters[kind]", next.kind);
  if (next.owner) params.set("filters[owners]", next.owner);
  if (next.cursor) params.set("cursor", next.cursor);
  return `/docs?${params.toString()}`;
}

export type DocsIndexRow = { entityRef: string; title: string; docsPath: string; description?: string; ownerRefs: string[]; type?: string; kind: string };
