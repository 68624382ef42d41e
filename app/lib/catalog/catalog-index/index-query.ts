import { entityRefKey } from "../entity-ref";
import type { FilterPredicate } from "../query/predicate";

// The catalog index's state, as it lives in the URL. The parameter names are
// Backstage's (`filters[kind]=component&filters[user]=owned&filters[tags]=java`,
// indexed `filters[tags][0]=` forms included), so a link copied from a
// Backstage catalog opens the same view here. Ordering, paging and the
// narrowing of long option lists are Atrium's own parameters.

export const USER_FILTERS = ["owned", "starred", "all"] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_KIND = "component";

/** Columns the table sorts by, and the entity field each sorts on. */
export const SORT_FIELDS = {
  name: "metadata.name",
  system: "spec.system",
  owner: "spec.owner",
  type: "spec.type",
  lifecycle: "spec.lifecycle",
} as const;
export type SortColumn = keyof typeof SORT_FIELDS;
export type SortOrder = { field: (typeof SORT_FIELDS)[SortColumn]; order: "asc" | "desc" };

/**
 * Name order, as a reader expects a catalog: the kind filter and name make it
 * a range of the (kind, name, entity_id) index, and of (kind, spec_type,
 * name, entity_id) with a type chosen (migration 0012), so it stays cheap at
 * a million entities. Backstage's API keeps its uid order; only this page
 * asks for names.
 */
export const DEFAULT_ORDER: SortOrder = { field: SORT_FIELDS.name, order: "asc" };

export function indexOrder(query: Pick<CatalogIndexQuery, "order">): SortOrder {
  return query.order ?? DEFAULT_ORDER;
}

/** The fields the catalog's search box looks in, as Backstage's catalog table does. */
export const SEARCH_FIELDS = ["metadata.name", "metadata.title", "spec.profile.displayName"];

/** Multi-valued filters: URL name and the entity field each matches. */
export const LIST_FILTERS = {
  type: "spec.type",
  owners: "relations.ownedBy",
  lifecycles: "spec.lifecycle",
  tags: "metadata.tags",
  namespace: "metadata.namespace",
} as const;
export type ListFilter = keyof typeof LIST_FILTERS;

/** Long option lists (one owner per team) get a box that narrows them. */
export const SEARCHABLE_OPTIONS = ["owners", "tags"] as const satisfies readonly ListFilter[];
export type SearchableOption = (typeof SEARCHABLE_OPTIONS)[number];

export type CatalogIndexQuery = {
  kind: string;
  lists: Record<ListFilter, string[]>;
  user: UserFilter;
  orphan: boolean;
  error: boolean;
  text: string;
  /** Only when the URL names one; the view is in DEFAULT_ORDER otherwise (indexOrder). */
  order?: SortOrder;
  cursor?: string;
  /** The position of the page's first row (1-based), carried by the paging links so the pager can say "21–34 of 34"; unknown for a cursor from elsewhere. */
  start?: number;
  limit: number;
  optionSearch: Record<SearchableOption, string>;
};

/** What in the URL did not parse: shown on the page, answered with 400. */
export type QueryProblem =
  | { code: "user"; value: string }
  | { code: "orderField"; value: string }
  | { code: "limit"; value: string }
  | { code: "owner"; value: string }
  | { code: "tooLong"; value: string }
  | { code: "cursor"; value: string };

const MAX_VALUE_LENGTH = 300;
const MAX_VALUES = 100;
const MAX_CURSOR_LENGTH = 64 * 1024;

/** Reads the URL; what does not parse is reported and replaced by the default, so the page still renders. */
export function parseIndexQuery(params: URLSearchParams): { query: CatalogIndexQuery; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const filter = (name: string) => filterValues(params, name, problems);

  const kind = filter("kind")[0]?.toLocaleLowerCase("en-US") || DEFAULT_KIND;
  const lists = Object.fromEntries((Object.keys(LIST_FILTERS) as ListFilter[]).map((name) => [name, dedupe(filter(name))])) as Record<ListFilter, string[]>;
  lists.owners = lists.owners.flatMap((owner) => {
    try {
      // Backstage writes owners short ('team-a') or in full; both mean group:default/team-a.
      return [entityRefKey(parseOwner(owner))];
    } catch {
      problems.push({ code: "owner", value: owner });
      return [];
    }
  });

  const userValue = filter("user")[0];
  let user: UserFilter = "all";
  if (userValue !== undefined && userValue !== "") {
    if ((USER_FILTERS as readonly string[]).includes(userValue)) user = userValue as UserFilter;
    else problems.push({ code: "user", value: userValue });
  }

  const order = parseOrder(params.get("orderField"), problems);
  const limit = parseLimit(params.get("limit"), problems);
  const cursor = params.get("cursor") || undefined;
  const start = Number(params.get("start"));
  if (cursor && cursor.length > MAX_CURSOR_LENGTH) problems.push({ code: "cursor", value: cursor.slice(0, 40) });

  const optionSearch = Object.fromEntries(SEARCHABLE_OPTIONS.map((name) => [name, bounded(params.get(`search[${name}]`) ?? "", problems)])) as Record<SearchableOption, string>;
  return {
    query: {
      kind,
      lists,
      user,
      orphan: filter("orphan")[0] === "true",
      error: filter("error")[0] === "true",
      text: (filter("text")[0] ?? "").trim(),
      order,
      cursor: cursor && cursor.length <= MAX_CURSOR_LENGTH ? cursor : undefined,
      // Only for display, so a value that makes no sense is simply not shown.
      start: cursor && Number.isSafeInteger(start) && start >= 1 ? start : undefined,
      limit,
      optionSearch,
    },
    problems,
  };
}

/** `filters[name]`, `filters[name]=a&filters[name]=b` and `filters[name][0]=a` alike; empty values dropped. */
function filterValues(params: URLSearchParams, name: string, problems: QueryProblem[]): string[] {
  const values: string[] = [];
  const plain = `filters[${name}]`;
  for (const [key, value] of params) {
    if (key !== plain && !(key.startsWith(`${plain}[`) && /^\[\d+\]$/.test(key.slice(plain.length)))) continue;
    for (const item of value.split(",")) {
      const trimmed = bounded(item.trim(), problems);
      if (trimmed) values.push(trimmed);
    }
  }
  if (values.length > MAX_VALUES) {
    problems.push({ code: "tooLong", value: plain });
    return values.slice(0, MAX_VALUES);
  }
  return values;
}

function bounded(value: string, problems: QueryProblem[]): string {
  if (value.length <= MAX_VALUE_LENGTH) return value;
  problems.push({ code: "tooLong", value: `${value.slice(0, 40)}…` });
  return "";
}

function parseOwner(owner: string) {
  const trimmed = owner.trim();
  if (!trimmed || /\s/.test(trimmed)) throw new Error("not a ref");
  const [kindPart, rest] = trimmed.includes(":") ? [trimmed.slice(0, trimmed.indexOf(":")), trimmed.slice(trimmed.indexOf(":") + 1)] : ["group", trimmed];
  const [namespace, name] = rest.includes("/") ? [rest.slice(0, rest.indexOf("/")), rest.slice(rest.indexOf("/") + 1)] : ["default", rest];
  if (!kindPart || !namespace || !name || name.includes("/") || name.includes(":")) throw new Error("not a ref");
  return { kind: kindPart, namespace, name };
}

function parseOrder(value: string | null, problems: QueryProblem[]): SortOrder | undefined {
  if (!value) return undefined;
  const [field, direction = "asc", ...rest] = value.split(",");
  const known = Object.values(SORT_FIELDS).find((candidate) => candidate.toLowerCase() === field.toLowerCase());
  if (!known || rest.length || (direction !== "asc" && direction !== "desc")) {
    problems.push({ code: "orderField", value: value.slice(0, 80) });
    return undefined;
  }
  return { field: known, order: direction };
}

function parseLimit(value: string | null, problems: QueryProblem[]): number {
  if (value === null || value === "") return DEFAULT_PAGE_SIZE;
  const limit = Number(value);
  if (!(PAGE_SIZES as readonly number[]).includes(limit)) {
    problems.push({ code: "limit", value: value.slice(0, 20) });
    return DEFAULT_PAGE_SIZE;
  }
  return limit;
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}

/** Who is asking, for the Owned and Starred choices. */
export type Visitor = { ownershipEntityRefs: string[]; starredEntityRefs: string[] };

/** The filter of the first page: kind, the lists, processing status and the user choice, all ANDed. */
export function indexFilter(query: CatalogIndexQuery, visitor: Visitor): { $all: FilterPredicate[] } {
  const parts: FilterPredicate[] = [{ kind: query.kind }];
  for (const [name, field] of Object.entries(LIST_FILTERS) as Array<[ListFilter, string]>) {
    const values = query.lists[name];
    if (values.length) parts.push({ [field]: values.length === 1 ? values[0] : { $in: values } });
  }
  // Backstage's processing-status picker: either choice shows entities having it.
  const status: FilterPredicate[] = [];
  if (query.orphan) status.push({ "metadata.annotations.backstage.io/orphan": "true" });
  if (query.error) status.push({ "status.items.level": "error" });
  if (status.length) parts.push(status.length === 1 ? status[0] : { $any: status });
  if (query.user === "owned") parts.push({ "relations.ownedBy": { $in: visitor.ownershipEntityRefs.map((ref) => ref.toLocaleLowerCase("en-US")) } });
  if (query.user === "starred") parts.push(starredFilter(visitor.starredEntityRefs));
  return { $all: parts };
}

function starredFilter(refs: string[]): FilterPredicate {
  const alternatives = refs.flatMap((ref): FilterPredicate[] => {
    try {
      const [kind, rest] = entityRefKey(ref).split(":");
      const slash = rest.indexOf("/");
      return [{ kind, "metadata.namespace": rest.slice(0, slash), "metadata.name": rest.slice(slash + 1) }];
    } catch {
      return [];
    }
  });
  return { $any: alternatives };
}

/** The first-page search for the service; later pages pass only the cursor, which carries the rest. */
export function indexRequest(query: CatalogIndexQuery, visitor: Visitor, fields: string[]) {
  if (query.cursor) return { cursor: query.cursor, limit: query.limit, fields };
  return {
    filter: indexFilter(query, visitor),
    orderFields: [indexOrder(query)],
    fullTextFilter: query.text ? { term: query.text, fields: SEARCH_FIELDS } : undefined,
    limit: query.limit,
    fields,
  };
}

/**
 * The URL of the index with `query` changed: every filter kept, the default
 * page size left out, paging dropped unless a cursor (and its start) is given.
 */
export function indexHref(query: CatalogIndexQuery, changes: Partial<CatalogIndexQuery> = {}): string {
  const next = { ...query, ...changes, cursor: "cursor" in changes ? changes.cursor : undefined, start: "cursor" in changes ? changes.start : undefined };
  const params = new URLSearchParams();
  params.set("filters[kind]", next.kind);
  for (const name of Object.keys(LIST_FILTERS) as ListFilter[]) for (const value of next.lists[name]) params.append(`filters[${name}]`, value);
  if (next.orphan) params.set("filters[orphan]", "true");
  if (next.error) params.set("filters[error]", "true");
  params.set("filters[user]", next.user);
  if (next.text) params.set("filters[text]", next.text);
  for (const name of SEARCHABLE_OPTIONS) if (next.optionSearch[name]) params.set(`search[${name}]`, next.optionSearch[name]);
  if (next.order) params.set("orderField", `${next.order.field},${next.order.order}`);
  if (next.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(next.limit));
  if (next.cursor) params.set("cursor", next.cursor);
  if (next.cursor && next.start) params.set("start", String(next.start));
  return `/catalog?${params.toString()}`;
}

/** A facet value and how many entities have it. */
export type FacetOption = { value: string; count: number };
/** The choices the filter sidebar offers, and how many of a long list it left out. */
export type FilterOptions = { kind: FacetOption[] } & Record<ListFilter, FacetOption[]> & { hidden: Partial<Record<ListFilter, number>> };

/** 'Component' → 'components', 'Policy' → 'policies', as the table's title names them. */
export function kindPlural(kind: string): string {
  const lower = kind.toLocaleLowerCase("en-US");
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}
