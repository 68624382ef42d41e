import type { Credentials } from "../../auth/credentials";
import type { Identity } from "../../auth/identity";
import type { RequestContext } from "../../context.server";
import { InputError } from "../../errors";
import type { Entity } from "../entity";
import { entityRefKey } from "../entity-ref";
import { presentEntity, type Presentations } from "../presentation";
import { presentRefs } from "../presentation.server";
import { requestStarredRefs } from "../starred-sidebar.server";
import { isStarred } from "../starred.server";
import { indexRequest, LIST_FILTERS, parseIndexQuery, SEARCHABLE_OPTIONS, type CatalogIndexQuery, type FacetOption, type FilterOptions, type ListFilter, type QueryProblem } from "./index-query";
import { toIndexRow, type IndexRow } from "./index-row";

// Everything the catalog index shows, read for one request. Side by side:
// the facets (cached per catalog generation) and the visitor's stars (one
// settings read, only when signed in) followed by the page of entities (one
// queryEntities call naming its fields; Starred needs the stars). Then one
// by-refs read resolves every owner and system the page names.

/** The fields the table shows; nothing else is read or sent. */
export const TABLE_FIELDS = [
  "kind",
  "metadata.name",
  "metadata.namespace",
  "metadata.title",
  "metadata.description",
  "metadata.tags",
  "metadata.annotations",
  "spec.type",
  "spec.lifecycle",
  "spec.profile.displayName",
  "spec.target",
  "spec.targets",
  "relations",
];

/** A long option list shows this many values, the most used first; the 'Filter' box finds the others. */
export const MAX_OPTIONS = 50;

export type CatalogIndexData = {
  query: CatalogIndexQuery;
  problems: QueryProblem[];
  rows: IndexRow[];
  totalItems: number;
  nextCursor?: string;
  prevCursor?: string;
  options: FilterOptions;
  presentations: Presentations;
  signedIn: boolean;
};

export async function loadCatalogIndex(app: RequestContext, identity: Identity | undefined, credentials: Credentials, params: URLSearchParams): Promise<CatalogIndexData> {
  const { query, problems } = parseIndexQuery(params);
  const starredRefs = identity ? requestStarredRefs(app, identity) : Promise.resolve([]);
  const visitor = async () => ({ ownershipEntityRefs: identity?.ownershipEntityRefs ?? [], starredEntityRefs: await starredRefs });
  const call = { credentials };

  const page = visitor().then(async (who) => {
    try {
      return await app.catalog.entities.queryEntities(indexRequest(query, who, TABLE_FIELDS), call);
    } catch (error) {
      if (!(error instanceof InputError) || !query.cursor) throw error;
      // A cursor that does not decode: say so, and show the first page of the filters in the URL.
      problems.push({ code: "cursor", value: query.cursor.slice(0, 40) });
      query.cursor = undefined;
      return app.catalog.entities.queryEntities(indexRequest(query, who, TABLE_FIELDS), call);
    }
  });
  const listFacets = Object.values(LIST_FILTERS);
  const [result, kinds, lists, starred] = await Promise.all([
    page,
    app.catalog.entities.facets({ facets: ["kind"] }, call),
    app.catalog.entities.facets({ facets: listFacets, filter: { kind: query.kind } }, call),
    starredRefs,
  ]);

  const entities = result.items as Entity[];
  const rows = entities.map((entity) => toIndexRow(entity, isStarred(starred, `${entity.kind}:${entity.metadata.namespace ?? "default"}/${entity.metadata.name}`)));
  const options = filterOptions(query, kinds.facets.kind ?? [], lists.facets);
  const refs = [...rows.flatMap((row) => [...row.ownerRefs, ...row.systemRefs]), ...options.owners.map((option) => option.value)];
  const presentations = await presentRefs(app.catalog, refs, credentials);
  for (const entity of entities) presentations[entityRefKey(entity)] = presentEntity(entity);

  return {
    query,
    problems,
    rows,
    totalItems: result.totalItems,
    nextCursor: result.pageInfo.nextCursor,
    prevCursor: result.pageInfo.prevCursor,
    options,
    presentations,
    signedIn: Boolean(identity),
  };
}

function filterOptions(query: CatalogIndexQuery, kinds: FacetOption[], facets: Record<string, FacetOption[] | undefined>): FilterOptions {
  const hidden: FilterOptions["hidden"] = {};
  const lists = {} as Record<ListFilter, FacetOption[]>;
  for (const [name, field] of Object.entries(LIST_FILTERS) as Array<[ListFilter, string]>) {
    const values = facets[field] ?? [];
    if ((SEARCHABLE_OPTIONS as readonly string[]).includes(name)) {
      // The most used first, cut to MAX_OPTIONS (chosen values always stay); the rest are found
      // by the 'Filter' box, which matches the value (an owner's ref, a tag) itself.
      const search = query.optionSearch[name as (typeof SEARCHABLE_OPTIONS)[number]];
      const matching = search ? values.filter((option) => option.value.toLocaleLowerCase("en-US").includes(search.toLocaleLowerCase("en-US"))) : values;
      const shown = limitOptions(matching, query.lists[name]);
      if (matching.length > shown.length) hidden[name] = matching.length - shown.length;
      lists[name] = shown;
    } else {
      lists[name] = values;
    }
  }
  return { kind: kinds, ...lists, hidden };
}

function limitOptions(values: FacetOption[], chosen: string[]): FacetOption[] {
  if (values.length <= MAX_OPTIONS) return values;
  const keep = new Set(chosen.map((value) => value.toLocaleLowerCase("en-US")));
  const top = byCount(values).slice(0, MAX_OPTIONS);
  const topValues = new Set(top.map((option) => option.value));
  const extra = values.filter((option) => keep.has(option.value.toLocaleLowerCase("en-US")) && !topValues.has(option.value));
  return [...top, ...extra].sort((a, b) => (a.value < b.value ? -1 : 1));
}

const sortedByCount = new WeakMap<FacetOption[], FacetOption[]>();

/**
 * Most used first. A cached facet is the same array for a whole catalog
 * generation, so its order (20,000 owners at a million entities) is worked
 * out once, not on every page view.
 */
function byCount(values: FacetOption[]): FacetOption[] {
  let sorted = sortedByCount.get(values);
  if (!sorted) sortedByCount.set(values, (sorted = [...values].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))));
  return sorted;
}
