import type { Kysely } from "kysely";
import type { Credentials } from "../auth/credentials";
import type { Database } from "../db/schema";
import { InputError, NotFoundError } from "../errors";
import { catalogEntityDeletePermission, catalogEntityReadPermission, catalogEntityRefreshPermission } from "./permission/permissions";
import { decisionToFilter } from "./permission/filters";
import { notAllowed, type PermissionService } from "../permission/permission-service.server";
import type { Entity } from "./entity";
import { entityRefKey, parseEntityRef } from "./entity-ref";
import { fieldsNeedRelations, pickFields } from "./fields";
import type { ProcessingEngine } from "./processing/processing-engine.server";
import { decodeCursor, type OrderField } from "./query/cursor";
import {
  countEntities,
  cursorSpec,
  DEFAULT_PAGE_SIZE,
  ENTITY_REF_ORDER,
  entityFacets,
  getEntitiesByKeys,
  getEntityByKey,
  getEntityByUid,
  getEntityWithParent,
  listEntities,
  MAX_PAGE_SIZE,
  permissionKey,
  queryPage,
  type QuerySpec,
} from "./query/entities-query.server";
import { createGenerationCache } from "./query/generation-cache.server";
import { andPredicates, refuseNulCharacters, type FilterPredicate } from "./query/predicate";
import { changeCatalog, deleteEntityRows } from "./store/roots.server";

// The catalog's entity reads and writes, used alike by the REST API and by
// the pages. Each function speaks in domain terms, throws domain errors and
// decides permissions itself from the caller's credentials: what the caller
// may not read is filtered inside the SQL (lists, counts, facets, by-refs) or
// answered as missing (by-name, by-uid, ancestry).

export type QueryEntitiesRequest =
  | {
      cursor?: undefined;
      filter?: FilterPredicate;
      query?: FilterPredicate;
      orderFields?: OrderField[];
      fullTextFilter?: { term: string; fields?: string[] };
      limit?: number;
      offset?: number;
      fields?: string[];
      totalItems?: "include" | "exclude";
    }
  | { cursor: string; limit?: number; fields?: string[] };

export type QueryEntitiesResponse = {
  items: Array<Partial<Entity>>;
  totalItems: number;
  pageInfo: { nextCursor?: string; prevCursor?: string };
};

/** Each facet is one grouped scan; a request asks for a handful, never hundreds. */
const MAX_FACETS = 50;

export type CallOptions = { credentials: Credentials };

export function createEntityService(options: { db: Kysely<Database>; readDb: Kysely<Database>; engine: ProcessingEngine; permissions: PermissionService }) {
  // Reads go through readDb, so a long ingestion never holds them up.
  const { readDb: db, engine, permissions } = options;
  const cache = createGenerationCache(db);
  // The read filter is part of the key: two callers with different rights never share a count.
  const count = (spec: QuerySpec) => cache.get(`count ${JSON.stringify([spec.filter, spec.query, spec.fullTextFilter, spec.orderFields[0]?.field, spec.permission])}`, () => countEntities(db, spec));
  const readFilter = ({ credentials }: CallOptions) => decisionToFilter(permissions.decide(credentials, catalogEntityReadPermission));
  const mayRead = ({ credentials }: CallOptions, entity: Entity) => permissions.allowedOn(credentials, catalogEntityReadPermission, entity);

  async function readableByKey(key: string, call: CallOptions): Promise<Entity | undefined> {
    const entity = await getEntityByKey(db, key);
    return entity && mayRead(call, entity) ? entity : undefined;
  }

  return {
    async queryEntities(request: QueryEntitiesRequest, call: CallOptions): Promise<QueryEntitiesResponse> {
      const limit = Math.min(request.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      const permission = readFilter(call);
      if (request.cursor !== undefined) {
        const cursor = decodeCursor(request.cursor);
        refuseNulCharacters(cursor, "cursor");
        const spec = { ...cursorSpec(cursor), permission };
        // The total came with the cursor, counted for whoever made it; another caller gets their own.
        const sameReader = (cursor.permissionKey ?? "all") === permissionKey(permission);
        const page = await queryPage(db, spec, {
          limit,
          after: cursor.orderFieldValues,
          isPrevious: cursor.isPrevious,
          totalItems: sameReader ? cursor.totalItems : count(spec),
          fromCursor: true,
          relations: fieldsNeedRelations(request.fields),
        });
        return { ...page, items: page.items.map((entity) => pickFields(entity, request.fields)) };
      }
      refuseNulCharacters(request.fullTextFilter, "full text filter");
      refuseNulCharacters(request.orderFields, "order field");
      const spec: QuerySpec = {
        filter: request.filter,
        query: request.query,
        fullTextFilter: request.fullTextFilter?.term?.trim() ? request.fullTextFilter : undefined,
        // Backstage sorts by one field only, then by uid.
        orderFields: (request.orderFields ?? []).slice(0, 1).map((field) => ({ ...field, field: field.field.toLowerCase() })),
        permission,
      };
      // The count (often a cached answer, after a generation lookup) and the page run side by side.
      const totalItems = request.totalItems === "exclude" ? 0 : count(spec);
      const page = await queryPage(db, spec, { limit, offset: request.offset, totalItems, fromCursor: false, relations: fieldsNeedRelations(request.fields) });
      return { ...page, items: page.items.map((entity) => pickFields(entity, request.fields)) };
    },

    /** GET /entities with paging: ordered by entity ref unless `order` says otherwise. */
    async listEntitiesPage(request: { filter?: FilterPredicate; order?: OrderField[]; limit?: number; offset: number; fields?: string[] }, call: CallOptions) {
      refuseNulCharacters(request.order, "order");
      const orderFields = request.order?.length ? request.order : [{ field: ENTITY_REF_ORDER, order: "asc" as const }];
      const limit = request.limit;
      const items = await listEntities(db, {
        filter: request.filter,
        permission: readFilter(call),
        orderFields,
        limit: limit === undefined ? undefined : limit + 1,
        offset: request.offset,
      });
      const hasMore = limit !== undefined && items.length > limit;
      return { items: items.slice(0, limit).map((entity) => pickFields(entity, request.fields)), hasMore };
    },

    /** GET /entities without paging: every entity, in pages read one after another, ordered by uid. */
    async *streamEntities(request: { filter?: FilterPredicate; order?: OrderField[]; fields?: string[]; pageSize?: number }, call: CallOptions) {
      refuseNulCharacters(request.order, "order");
      const spec: QuerySpec = { filter: request.filter, orderFields: (request.order ?? []).slice(0, 1), permission: readFilter(call) };
      let after: Array<string | null> | undefined;
      for (;;) {
        const page = await queryPage(db, spec, { limit: request.pageSize ?? 10_000, after, totalItems: 0, fromCursor: Boolean(after) });
        yield page.items.map((entity) => pickFields(entity, request.fields));
        if (!page.pageInfo.nextCursor) return;
        after = decodeCursor(page.pageInfo.nextCursor).orderFieldValues;
      }
    },

    /** Entities in request order; null for what is missing, filtered out or not readable. */
    async entitiesByRefs(request: { entityRefs: string[]; fields?: string[]; filter?: FilterPredicate }, call: CallOptions) {
      refuseNulCharacters(request.entityRefs, "entity ref");
      const keys = request.entityRefs.map((ref) => ref.toLocaleLowerCase("en-US"));
      const items = await getEntitiesByKeys(db, keys, andPredicates(request.filter, readFilter(call)), { relations: fieldsNeedRelations(request.fields) });
      return { items: items.map((entity) => (entity ? pickFields(entity, request.fields) : null)) };
    },

    /** An entity the caller may not read is not found, as in Backstage. */
    async entityByName(kind: string, namespace: string, name: string, call: CallOptions): Promise<Entity> {
      refuseNulCharacters([kind, namespace, name], "entity name");
      const entity = await readableByKey(entityRefKey({ kind, namespace, name }), call);
      if (!entity) throw new NotFoundError(`No entity named '${name}' found, with kind '${kind}' in namespace '${namespace}'`);
      return entity;
    },

    async entityByRef(ref: string, call: CallOptions): Promise<Entity | undefined> {
      return readableByKey(entityRefKey(parseEntityRef(ref)), call);
    },

    /**
     * The entity and every Location entity whose processing led to it, child
     * first, up to the first one the caller may not read: the chain stops
     * there, without naming it.
     */
    async ancestry(kind: string, namespace: string, name: string, call: CallOptions) {
      const rootKey = entityRefKey({ kind, namespace, name });
      const items: Array<{ entity: Entity; parentEntityRefs: string[] }> = [];
      const seen = new Set<string>();
      for (let key: string | null = rootKey; key && !seen.has(key);) {
        seen.add(key);
        const found = await getEntityWithParent(db, key);
        if (!found || !mayRead(call, found.entity)) {
          if (items.length === 0) throw new NotFoundError(`No such entity ${rootKey}`);
          items[items.length - 1].parentEntityRefs = [];
          break;
        }
        items.push({ entity: found.entity, parentEntityRefs: found.parentRef ? [found.parentRef] : [] });
        key = found.parentRef;
      }
      return { rootEntityRef: rootKey, items };
    },

    async entityByUid(uid: string, call: CallOptions): Promise<Entity> {
      const entity = await getEntityByUid(db, uid);
      if (!entity || !mayRead(call, entity)) throw new NotFoundError(`No entity with uid ${uid}`);
      return entity;
    },

    /**
     * Deletes an entity; if its location still emits it, the next processing
     * brings it back. Under a conditional grant the entity must exist and meet
     * the conditions; otherwise 403, as Backstage answers.
     */
    async deleteEntityByUid(uid: string, { credentials }: CallOptions): Promise<void> {
      const decision = permissions.decide(credentials, catalogEntityDeletePermission);
      if (decision.result === "DENY") throw notAllowed(catalogEntityDeletePermission);
      if (decision.result === "CONDITIONAL") {
        const entity = await getEntityByUid(db, uid);
        if (!entity || !permissions.allowedOn(credentials, catalogEntityDeletePermission, entity)) throw notAllowed(catalogEntityDeletePermission);
      }
      await changeCatalog(options.db, (trx) => deleteEntityRows(trx, [uid]));
    },

    async facets(request: { facets: string[]; filter?: FilterPredicate; query?: FilterPredicate }, call: CallOptions) {
      if (request.facets.length === 0) throw new InputError("Missing facet parameter");
      if (request.facets.length > MAX_FACETS) throw new InputError(`At most ${MAX_FACETS} facets may be requested at once`);
      const spec = { filter: request.filter, query: request.query, permission: readFilter(call) };
      const facets = await Promise.all(
        request.facets.map(async (facet) => {
          const key = `facet ${JSON.stringify([facet.toLowerCase(), spec.filter, spec.query, spec.permission])}`;
          return [facet, (await cache.get(key, () => entityFacets(db, [facet], spec)))[facet]] as const;
        }),
      );
      return { facets: Object.fromEntries(facets) };
    },

    /** Re-reads the entity's location at once (the entity itself, for a Location). */
    async refresh(entityRef: string, call: CallOptions): Promise<void> {
      const key = entityRef.toLocaleLowerCase("en-US");
      const row = await db.selectFrom("catalog_entities").select(["kind", "parent_ref"]).where("entity_ref", "=", key).executeTakeFirst();
      const entity = row && (await getEntityByKey(db, key));
      // What the caller may not read is, to them, not there.
      if (!row || !entity || !mayRead(call, entity)) throw new NotFoundError(`Failed to schedule ${entityRef} for refresh`);
      permissions.assertAllowedOn(call.credentials, catalogEntityRefreshPermission, entity);
      await engine.processNow(row.kind === "location" || !row.parent_ref ? key : row.parent_ref);
    },
  };
}

export type EntityService = ReturnType<typeof createEntityService>;

const facetValuesJson = new WeakMap<object, string>();

/**
 * The JSON body of a facets answer. A facet's values are cached per catalog
 * generation as one array; its JSON is kept beside it, so a cache hit does
 * not serialise the same thousands of values again (spec.owner has one per
 * team: 20,000 on a catalog of a million entities).
 */
export function facetsJson(answer: { facets: Record<string, object | undefined> }): string {
  const parts: string[] = [];
  for (const [facet, values] of Object.entries(answer.facets)) {
    if (values === undefined) continue;
    let json = facetValuesJson.get(values);
    if (json === undefined) facetValuesJson.set(values, (json = JSON.stringify(values)));
    parts.push(`${JSON.stringify(facet)}:${json}`);
  }
  return `{"facets":{${parts.join(",")}}}`;
}
