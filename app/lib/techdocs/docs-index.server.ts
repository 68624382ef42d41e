import type { Credentials } from "../auth/credentials";
import type { Identity } from "../auth/identity";
import type { Entity } from "../catalog/entity";
import { entityRefKey, getCompoundEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import type { Presentations } from "../catalog/presentation";
import { presentRefs } from "../catalog/presentation.server";
import type { FilterPredicate } from "../catalog/query/predicate";
import { requestStarredRefs } from "../catalog/starred-sidebar.server";
import type { RequestContext } from "../context.server";
import { DOCS_PAGE_SIZE, type DocsIndexQuery, type DocsIndexRow } from "./docs-index";
import { docsRoute } from "./reader-links";

// The docs index: the catalog's entities with documentation (the
// techdocs-ref annotation), read with the caller's credentials, filtered as
// the URL says. One facets read gives the kind and owner choices.

export const TECHDOCS_REF = "backstage.io/techdocs-ref";
const HAS_DOCS: FilterPredicate = { [`metadata.annotations.${TECHDOCS_REF}`]: { $exists: true } };
const FIELDS = ["kind", "metadata.name", "metadata.namespace", "metadata.title", "metadata.description", "spec.type", "relations"];

export type DocsIndexData = {
  query: DocsIndexQuery;
  rows: DocsIndexRow[];
  totalItems: number;
  nextCursor?: string;
  prevCursor?: string;
  kinds: string[];
  owners: string[];
  presentations: Presentations;
  signedIn: boolean;
};

/** The filter of a user choice: the visitor's ownership refs, their stars, or every documented entity. */
export async function docsFilter(app: RequestContext, identity: Identity | undefined, user: DocsIndexQuery["user"]): Promise<FilterPredicate> {
  if (user === "owned") return { $all: [HAS_DOCS, { "relations.ownedBy": { $in: (identity?.ownershipEntityRefs ?? []).map((ref) => ref.toLocaleLowerCase("en-US")) } }] };
  if (user === "starred") {
    const refs = identity ? await requestStarredRefs(app, identity) : [];
    const alternatives = refs.flatMap((ref): FilterPredicate[] => {
      try {
        const predicate = parseKey(entityRefKey(ref));
        return predicate ? [predicate] : [];
      } catch {
        return [];
      }
    });
    return { $all: [HAS_DOCS, { $any: alternatives }] };
  }
  return HAS_DOCS;
}

function parseKey(key: string): FilterPredicate | undefined {
  const colon = key.indexOf(":");
  const slash = key.indexOf("/", colon);
  if (colon <= 0 || slash <= colon) return undefined;
  return { kind: key.slice(0, colon), "metadata.namespace": key.slice(colon + 1, slash), "metadata.name": key.slice(slash + 1) };
}

export function docsRow(entity: Entity): DocsIndexRow {
  return {
    entityRef: stringifyEntityRef(entity),
    title: entity.metadata.title ?? entity.metadata.name,
    docsPath: `${docsRoute(getCompoundEntityRef(entity))}/`,
    description: entity.metadata.description,
    ownerRefs: (entity.relations ?? []).filter((relation) => relation.type === "ownedBy").map((relation) => relation.targetRef),
    type: typeof entity.spec?.type === "string" ? entity.spec.type : undefined,
    kind: entity.kind,
  };
}

export async function loadDocsIndex(app: RequestContext, identity: Identity | undefined, credentials: Credentials, query: DocsIndexQuery): Promise<DocsIndexData> {
  const call = { credentials };
  const base = await docsFilter(app, identity, query.user);
  const parts: FilterPredicate[] = [base];
  if (query.kind) parts.push({ kind: query.kind });
  if (query.owner) parts.push({ "relations.ownedBy": query.owner.toLocaleLowerCase("en-US") });
  const request = query.cursor
    ? { cursor: query.cursor, limit: DOCS_PAGE_SIZE, fields: FIELDS }
    : { filter: { $all: parts }, orderFields: [{ field: "metadata.name", order: "asc" as const }], limit: DOCS_PAGE_SIZE, fields: FIELDS };
  const [page, facets] = await Promise.all([app.catalog.entities.queryEntities(request, call), app.catalog.entities.facets({ facets: ["kind", "relations.ownedBy"], filter: HAS_DOCS }, call)]);
  const rows = (page.items as Entity[]).map(docsRow);
  const owners = (facets.facets["relations.ownedBy"] ?? []).map((option) => option.value);
  const presentations = await presentRefs(app.catalog, [...rows.flatMap((row) => row.ownerRefs), ...owners], credentials);
  return {
    query,
    rows,
    totalItems: page.totalItems,
    nextCursor: page.pageInfo.nextCursor,
    prevCursor: page.pageInfo.prevCursor,
    kinds: (facets.facets.kind ?? []).map((option) => option.value).sort(),
    owners,
    presentations,
    signedIn: Boolean(identity),
  };
}
