import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { InputError, NotFoundError } from "../errors";
import type { Entity } from "./entity";
import { entityRefKey, parseEntityRef } from "./entity-ref";
import { pickFields } from "./fields";
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
  listEntities,
  MAX_PAGE_SIZE,
  queryPage,
  type QuerySpec,
} from "./query/entities-query.server";
import { createGenerationCache } from "./query/generation-cache.server";
import type { FilterPredicate } from "./query/predicate";
import { changeCatalog, deleteEntityRows } from "./store/roots.server";

// The catalog's entity reads and writes, used alike by the REST API and by
// the pages. Each function speaks in domain terms and throws domain errors.

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

export function createEntityService(options: { db: Kysely<Database>; readDb: Kysely<Database>; engine: ProcessingEngine }) {
  // Reads go through readDb, so a long ingestion never holds them up.
  const { readDb: db, engine } = options;
  const cache = createGenerationCache(db);
  const count = (spec: QuerySpec) => cache.get(`count ${JSON.stringify([spec.filter, spec.query, spec.fullTextFilter, spec.orderFields[0]?.field])}`, () => countEntities(db, spec));

  return {
    async queryEntities(request: QueryEntitiesRequest): Promise<QueryEntitiesResponse> {
      const limit = Math.min(request.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      if (request.cursor !== undefined) {
        const cursor = decodeCursor(request.cursor);
        const page = await queryPage(db, cursorSpec(cursor), {
          limit,
          after: cursor.orderFieldValues,
          isPrevious: cursor.isPrevious,
          totalItems: cursor.totalItems,
          fromCursor: true,
        });
        return { ...page, items: page.items.map((entity) => pickFields(entity, request.fields)) };
      }
      const spec: QuerySpec = {
        filter: request.filter,
        query: request.query,
        fullTextFilter: request.fullTextFilter?.term?.trim() ? request.fullTextFilter : undefined,
        // Backstage sorts by one field only, then by uid.
        orderFields: (request.orderFields ?? []).slice(0, 1).map((field) => ({ ...field, field: field.field.toLowerCase() })),
      };
      const totalItems = request.totalItems === "exclude" ? 0 : await count(spec);
      const page = await queryPage(db, spec, { limit, offset: request.offset, totalItems, fromCursor: false });
      return { ...page, items: page.items.map((entity) => pickFields(entity, request.fields)) };
    },

    /** GET /entities with paging: ordered by entity ref unless `order` says otherwise. */
    async listEntitiesPage(request: { filter?: FilterPredicate; order?: OrderField[]; limit?: number; offset: number; fields?: string[] }) {
      const orderFields = request.order?.length ? request.order : [{ field: ENTITY_REF_ORDER, order: "asc" as const }];
      const limit = request.limit;
      const items = await listEntities(db, { filter: request.filter, orderFields, limit: limit === undefined ? undefined : limit + 1, offset: request.offset });
      const hasMore = limit !== undefined && items.length > limit;
      return { items: items.slice(0, limit).map((entity) => pickFields(entity, request.fields)), hasMore };
    },

    /** GET /entities without paging: every entity, in pages read one after another, ordered by uid. */
    async *streamEntities(request: { filter?: FilterPredicate; order?: OrderField[]; fields?: string[]; pageSize?: number }) {
      const spec: QuerySpec = { filter: request.filter, orderFields: (request.order ?? []).slice(0, 1) };
      let after: Array<string | null> | undefined;
      for (;;) {
        const page = await queryPage(db, spec, { limit: request.pageSize ?? 10_000, after, totalItems: 0, fromCursor: Boolean(after) });
        yield page.items.map((entity) => pickFields(entity, request.fields));
        if (!page.pageInfo.nextCursor) return;
        after = decodeCursor(page.pageInfo.nextCursor).orderFieldValues;
      }
    },

    async entitiesByRefs(request: { entityRefs: string[]; fields?: string[]; filter?: FilterPredicate }) {
      const keys = request.entityRefs.map((ref) => ref.toLocaleLowerCase("en-US"));
      const items = await getEntitiesByKeys(db, keys, request.filter);
      return { items: items.map((entity) => (entity ? pickFields(entity, request.fields) : null)) };
    },

    async entityByName(kind: string, namespace: string, name: string): Promise<Entity> {
      const entity = await getEntityByKey(db, entityRefKey({ kind, namespace, name }));
      if (!entity) throw new NotFoundError(`No entity named '${name}' found, with kind '${kind}' in namespace '${namespace}'`);
      return entity;
    },

    async entityByRef(ref: string): Promise<Entity | undefined> {
      return getEntityByKey(db, entityRefKey(parseEntityRef(ref)));
    },

    /** The entity and every Location entity whose processing led to it, child first. */
    async ancestry(kind: string, namespace: string, name: string) {
      const rootKey = entityRefKey({ kind, namespace, name });
      const items: Array<{ entity: Entity; parentEntityRefs: string[] }> = [];
      const seen = new Set<string>();
      for (let key: string | null = rootKey; key && !seen.has(key); ) {
        seen.add(key);
        const row: { parent_ref: string | null } | undefined = await db.selectFrom("catalog_entities").select("parent_ref").where("entity_ref", "=", key).executeTakeFirst();
        const entity = row && (await getEntityByKey(db, key));
        if (!row || !entity) {
          if (items.length === 0) throw new NotFoundError(`No such entity ${rootKey}`);
          break;
        }
        const parentExists: boolean = row.parent_ref
          ? Boolean(await db.selectFrom("catalog_entities").select("entity_id").where("entity_ref", "=", row.parent_ref).executeTakeFirst())
          : false;
        items.push({ entity, parentEntityRefs: parentExists && row.parent_ref ? [row.parent_ref] : [] });
        key = parentExists ? row.parent_ref : null;
      }
      return { rootEntityRef: rootKey, items };
    },

    async entityByUid(uid: string): Promise<Entity> {
      const entity = await getEntityByUid(db, uid);
      if (!entity) throw new NotFoundError(`No entity with uid ${uid}`);
      return entity;
    },

    /** Deletes an entity; if its location still emits it, the next processing brings it back. */
    async deleteEntityByUid(uid: string): Promise<void> {
      await changeCatalog(options.db, (trx) => deleteEntityRows(trx, [uid]));
    },

    async facets(request: { facets: string[]; filter?: FilterPredicate; query?: FilterPredicate }) {
      if (request.facets.length === 0) throw new InputError("Missing facet parameter");
      if (request.facets.length > MAX_FACETS) throw new InputError(`At most ${MAX_FACETS} facets may be requested at once`);
      const facets = await Promise.all(
        request.facets.map(async (facet) => {
          const key = `facet ${JSON.stringify([facet.toLowerCase(), request.filter, request.query])}`;
          return [facet, (await cache.get(key, () => entityFacets(db, [facet], request)))[facet]] as const;
        }),
      );
      return { facets: Object.fromEntries(facets) };
    },

    /** Re-reads the entity's location at once (the entity itself, for a Location). */
    async refresh(entityRef: string): Promise<void> {
      const key = entityRef.toLocaleLowerCase("en-US");
      const row = await db.selectFrom("catalog_entities").select(["kind", "parent_ref"]).where("entity_ref", "=", key).executeTakeFirst();
      if (!row) throw new NotFoundError(`Failed to schedule ${entityRef} for refresh`);
      await engine.processNow(row.kind === "location" || !row.parent_ref ? key : row.parent_ref);
    },
  };
}

export type EntityService = ReturnType<typeof createEntityService>;
