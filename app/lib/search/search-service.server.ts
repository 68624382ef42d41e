import { randomUUID } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Credentials } from "../auth/credentials";
import type { Entity } from "../catalog/entity";
import { entityRefKey } from "../catalog/entity-ref";
import { decisionToFilter } from "../catalog/permission/filters";
import { catalogEntityReadPermission } from "../catalog/permission/permissions";
import { compilePredicate } from "../catalog/query/sql.server";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { InputError } from "../errors";
import type { Logger } from "../logger.server";
import type { PermissionService } from "../permission/permission-service.server";
import type { PluginScheduler } from "../scheduler/scheduler.server";
import { catalogDocument, techDocsDocuments, techDocsEntityRef, type TechDocsEntity } from "./collators";
import type { TechDocsPageForSearch } from "./documents";
import {
  DEFAULT_PAGE_LIMIT,
  FILTER_FIELDS,
  MAX_COUNTED_RESULTS,
  MAX_PAGE_LIMIT,
  MAX_TERM_LENGTH,
  SEARCH_TYPES,
  decodePageCursor,
  encodePageCursor,
  highlightText,
  snippetOf,
  termWords,
  type SearchRequest,
  type SearchResultSet,
} from "./query";
import { deleteEntityDocuments, PREFIX_INDEXED, queryDocuments, replaceEntityDocuments, upsertDocuments, type IndexedDocument, type StoreQuery } from "./search-store.server";

// The search service: one index over the catalog and the docs, queried with
// the caller's credentials. A caller sees a document only if it may read its
// entity (catalog.entity.read, through the catalog's own rules), the docs
// pages of an entity included; the condition is part of the query, so pages
// are full and totals are the caller's own.

export const CATALOG_COLLATOR_TASK_ID = "search-catalog-collator";
const COLLATE_BATCH = 500;

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(options: { db: Kysely<Database>; readDb?: Kysely<Database>; permissions: PermissionService; scheduler?: PluginScheduler; logger?: Logger }) {
  const { db, permissions, logger } = options;
  const readDb = options.readDb ?? db;
  // Backstage's engines tag highlights with a random tag per process, so no document text can forge one.
  const tag = randomUUID();
  const preTag = `<${tag}>`;
  const postTag = `</${tag}>`;

  /** Indexes what changed in the catalog since the last run: changed entities again, deleted ones out. */
  async function collateCatalog(signal?: AbortSignal): Promise<number> {
    let done = 0;
    let after = "";
    while (!signal?.aborted) {
      const { rows } = await sql<{ entity_id: string; entity_ref: string; version: string; body: string | null }>`
        SELECT q.entity_id, q.entity_ref, q.version, e.body FROM search_catalog_changes q
        LEFT JOIN catalog_entities e ON e.entity_id = q.entity_id
        WHERE q.entity_id > ${after} ORDER BY q.entity_id LIMIT ${COLLATE_BATCH}`.execute(db);
      if (rows.length === 0) break;
      after = rows[rows.length - 1].entity_id;
      const gone = rows.filter((row) => row.body === null).map((row) => row.entity_ref);
      const documents: IndexedDocument[] = [];
      for (const row of rows) {
        if (row.body === null) continue;
        const { document, fields } = catalogDocument(JSON.parse(row.body) as Entity);
        documents.push({ type: "software-catalog", entityRef: row.entity_ref, path: "", document, ...fields });
      }
      // An entity gone from the catalog takes its docs pages with it.
      await deleteEntityDocuments(db, "software-catalog", gone);
      await deleteEntityDocuments(db, "techdocs", gone);
      await upsertDocuments(db, documents);
      // Only the versions indexed leave the queue: an entity written meanwhile stays for the next run.
      for (let i = 0; i < rows.length; i += 100) {
        const done = rows.slice(i, i + 100).map((row) => sql`(${row.entity_id}, ${row.version})`);
        await sql`DELETE FROM search_catalog_changes WHERE (entity_id, version) IN (VALUES ${sql.join(done)})`.execute(db);
      }
      done += rows.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (done) logger?.info(`Search indexed ${done} catalog changes`);
    return done;
  }

  options.scheduler?.scheduleTask({
    id: CATALOG_COLLATOR_TASK_ID,
    frequency: { seconds: 10 },
    timeout: { minutes: 60 },
    scope: "global",
    fn: async (signal) => {
      await collateCatalog(signal);
    },
  });

  function readableCondition(credentials: Credentials): RawBuilder<unknown> | undefined | "nothing" {
    const predicate = decisionToFilter(permissions.decide(credentials, catalogEntityReadPermission));
    if (!predicate) return undefined;
    if ("$any" in predicate && Array.isArray(predicate.$any) && predicate.$any.length === 0) return "nothing";
    const entities = readDb
      .selectFrom("catalog_entities as e")
      .select(sql`1`.as("one"))
      .where(sql<boolean>`e.entity_ref = d.entity_ref`)
      .where((eb) => compilePredicate(eb as never, predicate, isPostgres(readDb)));
    // Kysely writes a subquery in its own parentheses.
    return sql`EXISTS ${entities}`;
  }

  return {
    collateCatalog,

    /** Backstage's GET /api/search/query, for the API and the /search page alike. */
    async query(request: SearchRequest, call: { credentials: Credentials }): Promise<SearchResultSet> {
      const term = request.term ?? "";
      if (term.length > MAX_TERM_LENGTH) throw new InputError(`The term length "${term.length}" is greater than "${MAX_TERM_LENGTH}"`);
      const pageLimit = request.pageLimit ?? DEFAULT_PAGE_LIMIT;
      if (!Number.isInteger(pageLimit) || pageLimit < 1) throw new InputError(`Invalid query string: pageLimit must be a positive integer`);
      if (pageLimit > MAX_PAGE_LIMIT) throw new InputError(`The page limit "${pageLimit}" is greater than "${MAX_PAGE_LIMIT}"`);
      const page = decodePageCursor(request.pageCursor);
      if (page === undefined) throw new InputError(`Invalid query string: pageCursor is not a page cursor`);
      for (const type of request.types ?? []) if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw new InputError(`Invalid query string: unknown type ${JSON.stringify(type)}`);

      const readable = readableCondition(call.credentials);
      if (readable === "nothing") return { results: [], numberOfResults: 0, ...(page > 0 ? { previousPageCursor: encodePageCursor(page - 1) } : {}) };
      const words = termWords(term);
      const facets: StoreQuery["facets"] = [];
      if (request.types?.length) facets.push({ field: "resultType", values: request.types });
      for (const [field, raw] of Object.entries(request.filters ?? {})) {
        if (raw === undefined || raw === "") continue;
        const values = (Array.isArray(raw) ? raw : [raw]).map(String).filter(Boolean);
        if (values.length === 0) continue;
        // A field no document has matches nothing, as a filter on a missing document field does in Backstage.
        facets.push({ field, values: (FILTER_FIELDS as readonly string[]).includes(field) ? values : [] });
      }
      const storeQuery: StoreQuery = { words, prefixes: "short", facets, readable, offset: page * pageLimit, limit: pageLimit };
      let answer = await queryDocuments(readDb, storeQuery, { countUpTo: MAX_COUNTED_RESULTS });
      // Long words match whole (stemmed) first; a long word still being typed finds nothing that way.
      if (answer.total === 0 && words.some((word) => [...word].length > PREFIX_INDEXED)) {
        answer = await queryDocuments(readDb, { ...storeQuery, prefixes: "all" }, { countUpTo: MAX_COUNTED_RESULTS });
      }
      return {
        results: answer.hits.map((hit, index) => {
          const title = String(hit.document.title ?? "");
          const text = String(hit.document.text ?? "");
          return {
            type: hit.type,
            document: hit.document,
            highlight: { preTag, postTag, fields: { title: highlightText(title, words, preTag, postTag), text: highlightText(snippetOf(text, words), words, preTag, postTag) } },
            rank: page * pageLimit + index + 1,
          };
        }),
        ...(answer.hasMore ? { nextPageCursor: encodePageCursor(page + 1) } : {}),
        ...(page > 0 ? { previousPageCursor: encodePageCursor(page - 1) } : {}),
        ...(answer.total !== undefined ? { numberOfResults: answer.total } : {}),
      };
    },

    /** A docs build's pages of an entity replace the ones indexed before (the TechDocs service calls this after publishing). */
    async indexTechDocs(entity: TechDocsEntity, pages: TechDocsPageForSearch[]): Promise<void> {
      const entityRef = techDocsEntityRef(entity);
      const documents = techDocsDocuments(entity, pages).map(({ path, document, fields }) => ({ type: "techdocs" as const, entityRef, path, document, ...fields }));
      await replaceEntityDocuments(db, "techdocs", entityRef, documents);
    },

    /** Removes an entity's docs pages from the index (its docs were deleted). */
    async removeTechDocs(entityRef: string): Promise<void> {
      await deleteEntityDocuments(db, "techdocs", [entityRefKey(entityRef)]);
    },
  };
}
