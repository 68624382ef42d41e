import type { Kysely } from "kysely";
import type { Credentials } from "../auth/credentials";
import type { Database } from "../db/schema";
import { InputError, NotFoundError } from "../errors";
import { catalogEntityDeletePermission, catalogEntityReadPermission, catalogEntityRefreshPermission } from "./permission/permissions";
import { decisionToFilter } from "./permission/filters";
import { notAllowed, type PermissionService } from "../permission/permission-service.server";
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
  getEntityWithParent,
  listEntities,
  MAX_PAGE_SIZE,
  permissionKey,
  queryPage,
  type QuerySpec,
} from "./query/entities-query.server";
import { commaSeparated, jsonBodyText, type JsonBody, type SharedJson } from "../http/content-encoding.server";
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

type FacetsRequest = { facets: string[]; filter?: FilterPredicate; query?: FilterPredicate };

function refuseFacetCount(request: FacetsRequest) {
  if (request.facets.length === 0) throw new InputError("Missing facet parameter");
  if (request.facets.length > MAX_FACETS) throw new InputError(`At most ${MAX_FACETS} facets may be requested at once`);
}

export function createEntityService(options: { db: Kysely<Database>; readDb: Kysely<Database>; engine: ProcessingEngine; permissions: PermissionService }) {
  // Reads go through readDb, so a long ingestion never holds them up.
  const { readDb: db, engine, permissions } = options;
  const cache = createGenerationCache(db);
  // The read filter is part of the key: two callers with different rights never share a count.
  const count = (spec: QuerySpec) => cache.get(`count ${JSON.stringify([spec.filter, spec.query, spec.fullTextFilter, spec.orderFields[0]?.field, spec.permission])}`, () => countEntities(db, spec));
  const readFilter = ({ credentials }: CallOptions) => decisionToFilter(permissions.decide(credentials, catalogEntityReadPermission));
  /** Parses the entity only when the decision depends on it. */
  const mayRead = ({ credentials }: CallOptions, json: string) => {
    const decision = permissions.decide(credentials, catalogEntityReadPermission);
    return decision.result === "CONDITIONAL" ? permissions.allowedOn(credentials, catalogEntityReadPermission, parseEntity(json)) : decision.result === "ALLOW";
  };

  async function readableByKey(key: string, call: CallOptions): Promise<string | undefined> {
    const json = await getEntityByKey(db, key);
    return json && mayRead(call, json) ? json : undefined;
  }

  /** Facet values are cached per facet, so a request for several shares each with requests for any of them. */
  async function facets(request: FacetsRequest, call: CallOptions): Promise<{ facets: Record<string, Array<{ value: string; count: number }>> }> {
    refuseFacetCount(request);
    const spec = { filter: request.filter, query: request.query, permission: readFilter(call) };
    const answers = await Promise.all(
      request.facets.map(async (facet) => {
        const key = `facet ${JSON.stringify([facet.toLowerCase(), spec.filter, spec.query, spec.permission])}`;
        // Cached under the lower-cased name and kept as values alone: another spelling of the facet shares them.
        return [facet, await cache.get(key, async () => (await entityFacets(db, [facet], spec))[facet])] as const;
      }),
    );
    return { facets: Object.fromEntries(answers) };
  }

  /**
   * The reads as the API answers them: JSON text spliced from each entity's
   * stored text (store/stitch.server.ts), never parsed and serialised again
   * unless `fields` asks for a part of each entity.
   */
  const json = {
    /**
     * The facets answer as JSON, shared by every request for the same facets
     * until the catalog changes, its compressed form with it
     * (lib/http/content-encoding.server.ts).
     */
    async facets(request: FacetsRequest, call: CallOptions): Promise<SharedJson> {
      refuseFacetCount(request);
      const key = `facets json ${JSON.stringify([request.facets, request.filter, request.query, readFilter(call)])}`;
      return cache.get(key, async () => ({ json: JSON.stringify(await facets(request, call)) }));
    },

    async queryEntities(request: QueryEntitiesRequest, call: CallOptions): Promise<JsonBody> {
      const limit = Math.min(request.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      const permission = readFilter(call);
      if (request.cursor !== undefined) {
        const cursor = decodeCursor(request.cursor);
        refuseNulCharacters(cursor, "cursor");
        const spec = { ...cursorSpec(cursor), permission };
        // The total came with the cursor, counted for whoever made it; another caller gets their own.
        const sameReader = (cursor.permissionKey ?? "all") === permissionKey(permission);
        const page = await queryPage(db, spec, { limit, after: cursor.orderFieldValues, isPrevious: cursor.isPrevious, totalItems: sameReader ? cursor.totalItems : count(spec), fromCursor: true });
        return pageJson(page, request.fields);
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
      return pageJson(await queryPage(db, spec, { limit, offset: request.offset, totalItems, fromCursor: false }), request.fields);
    },

    /** GET /entities with paging: ordered by entity ref unless `order` says otherwise; `items` is a JSON array. */
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
      return { items: arrayPieces(items.slice(0, limit), request.fields), hasMore };
    },

    /** GET /entities without paging: every entity's JSON, in pages read one after another, ordered by uid. */
    async *streamEntities(request: { filter?: FilterPredicate; order?: OrderField[]; fields?: string[]; pageSize?: number }, call: CallOptions): AsyncGenerator<string[]> {
      refuseNulCharacters(request.order, "order");
      const spec: QuerySpec = { filter: request.filter, orderFields: (request.order ?? []).slice(0, 1), permission: readFilter(call) };
      let after: Array<string | null> | undefined;
      for (;;) {
        const page = await queryPage(db, spec, { limit: request.pageSize ?? 10_000, after, totalItems: 0, fromCursor: Boolean(after) });
        yield page.items.map((item) => projectJson(item, request.fields));
        if (!page.pageInfo.nextCursor) return;
        after = decodeCursor(page.pageInfo.nextCursor).orderFieldValues;
      }
    },

    /** Entities in request order; null for what is missing, filtered out or not readable. */
    async entitiesByRefs(request: { entityRefs: string[]; fields?: string[]; filter?: FilterPredicate }, call: CallOptions): Promise<JsonBody> {
      refuseNulCharacters(request.entityRefs, "entity ref");
      const keys = request.entityRefs.map((ref) => ref.toLocaleLowerCase("en-US"));
      const items = await getEntitiesByKeys(db, keys, andPredicates(request.filter, readFilter(call)));
      return ['{"items":[', ...commaSeparated(items.map((item) => (item === null ? "null" : projectJson(item, request.fields)))), "]}"];
    },

    /** An entity the caller may not read is not found, as in Backstage. */
    async entityByName(kind: string, namespace: string, name: string, call: CallOptions): Promise<string> {
      refuseNulCharacters([kind, namespace, name], "entity name");
      const found = await readableByKey(entityRefKey({ kind, namespace, name }), call);
      if (!found) throw new NotFoundError(`No entity named '${name}' found, with kind '${kind}' in namespace '${namespace}'`);
      return found;
    },

    /**
     * The entity and every Location entity whose processing led to it, child
     * first, up to the first one the caller may not read: the chain stops
     * there, without naming it.
     */
    async ancestry(kind: string, namespace: string, name: string, call: CallOptions): Promise<JsonBody> {
      const rootKey = entityRefKey({ kind, namespace, name });
      const items: Array<{ entity: string; parentEntityRefs: string[] }> = [];
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
      const itemPieces = items.map((item, index) => [index === 0 ? '{"entity":' : ',{"entity":', item.entity, `,"parentEntityRefs":${JSON.stringify(item.parentEntityRefs)}}`]);
      return [`{"rootEntityRef":${JSON.stringify(rootKey)},"items":[`, ...itemPieces.flat(), "]}"];
    },

    async entityByUid(uid: string, call: CallOptions): Promise<string> {
      const found = await getEntityByUid(db, uid);
      if (!found || !mayRead(call, found)) throw new NotFoundError(`No entity with uid ${uid}`);
      return found;
    },
  };

  return {
    json,

    // The same reads as objects, for the pages and the other services.
    async queryEntities(request: QueryEntitiesRequest, call: CallOptions): Promise<QueryEntitiesResponse> {
      return JSON.parse(jsonBodyText(await json.queryEntities(request, call))) as QueryEntitiesResponse;
    },

    async listEntitiesPage(request: Parameters<typeof json.listEntitiesPage>[0], call: CallOptions): Promise<{ items: Array<Partial<Entity>>; hasMore: boolean }> {
      const page = await json.listEntitiesPage(request, call);
      return { items: JSON.parse(jsonBodyText(page.items)) as Array<Partial<Entity>>, hasMore: page.hasMore };
    },

    async *streamEntities(request: Parameters<typeof json.streamEntities>[0], call: CallOptions): AsyncGenerator<Array<Partial<Entity>>> {
      for await (const page of json.streamEntities(request, call)) yield page.map((item) => JSON.parse(item) as Partial<Entity>);
    },

    async entitiesByRefs(request: Parameters<typeof json.entitiesByRefs>[0], call: CallOptions): Promise<{ items: Array<Partial<Entity> | null> }> {
      return JSON.parse(jsonBodyText(await json.entitiesByRefs(request, call))) as { items: Array<Partial<Entity> | null> };
    },

    async entityByName(kind: string, namespace: string, name: string, call: CallOptions): Promise<Entity> {
      return parseEntity(await json.entityByName(kind, namespace, name, call));
    },

    async entityByRef(ref: string, call: CallOptions): Promise<Entity | undefined> {
      const found = await readableByKey(entityRefKey(parseEntityRef(ref)), call);
      return found === undefined ? undefined : parseEntity(found);
    },

    async ancestry(kind: string, namespace: string, name: string, call: CallOptions): Promise<{ rootEntityRef: string; items: Array<{ entity: Entity; parentEntityRefs: string[] }> }> {
      return JSON.parse(jsonBodyText(await json.ancestry(kind, namespace, name, call))) as { rootEntityRef: string; items: Array<{ entity: Entity; parentEntityRefs: string[] }> };
    },

    async entityByUid(uid: string, call: CallOptions): Promise<Entity> {
      return parseEntity(await json.entityByUid(uid, call));
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
        const found = await getEntityByUid(db, uid);
        if (!found || !permissions.allowedOn(credentials, catalogEntityDeletePermission, parseEntity(found))) throw notAllowed(catalogEntityDeletePermission);
      }
      await changeCatalog(options.db, (trx) => deleteEntityRows(trx, [uid]));
    },

    facets,

    /** Re-reads the entity's location at once (the entity itself, for a Location). */
    async refresh(entityRef: string, call: CallOptions): Promise<void> {
      const key = entityRef.toLocaleLowerCase("en-US");
      const row = await db.selectFrom("catalog_entities").select(["kind", "parent_ref"]).where("entity_ref", "=", key).executeTakeFirst();
      const found = row && (await getEntityByKey(db, key));
      // What the caller may not read is, to them, not there.
      if (!row || !found || !mayRead(call, found)) throw new NotFoundError(`Failed to schedule ${entityRef} for refresh`);
      permissions.assertAllowedOn(call.credentials, catalogEntityRefreshPermission, parseEntity(found));
      await engine.processNow(row.kind === "location" || !row.parent_ref ? key : row.parent_ref);
    },
  };
}

export type EntityService = ReturnType<typeof createEntityService>;

function parseEntity(json: string): Entity {
  return JSON.parse(json) as Entity;
}

/** An entity's JSON, or the JSON of the parts `fields` names: the one read that parses the stored text. */
function projectJson(json: string, fields: string[] | undefined): string {
  return fields ? JSON.stringify(pickFields(parseEntity(json), fields)) : json;
}

function arrayPieces(items: string[], fields: string[] | undefined): string[] {
  return ["[", ...commaSeparated(items.map((item) => projectJson(item, fields))), "]"];
}

function pageJson(page: { items: string[]; totalItems: number; pageInfo: QueryEntitiesResponse["pageInfo"] }, fields: string[] | undefined): JsonBody {
  return ['{"items":', ...arrayPieces(page.items, fields), `,"totalItems":${page.totalItems},"pageInfo":${JSON.stringify(page.pageInfo)}}`];
}
