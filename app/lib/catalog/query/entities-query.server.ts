import { createHash } from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import { isPostgres } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { entityColumns, entityJson, type EntityRow } from "../store/entity-reader.server";
import { trigramMatch } from "../store/full-text.server";
import { relationEdges } from "../store/relation-edges.server";
import { encodeCursor, type OrderField, type QueryCursor } from "./cursor";
import type { FilterPredicate } from "./predicate";
import { compileFullText, compileFullTextOf, compilePredicate, ENTITY_REF_ORDER, isIndexOrder, isRelationField, sortExpression } from "./sql.server";

// Reading entities: one function per kind of read, each a bounded number of
// indexed queries whatever the size of the catalog. Entities come back as
// the JSON text the API serves (store/entity-reader.server.ts).

type Db = Kysely<Database>;
type EntitiesQuery = SelectQueryBuilder<Database & { e: Database["catalog_entities"] }, "e", object>;

/** Backstage's defaults: 200 items a page, and the uid as the order when none is asked for. */
export const DEFAULT_PAGE_SIZE = 200;
export { ENTITY_REF_ORDER };
export const MAX_PAGE_SIZE = 10_000;

export type QuerySpec = {
  filter?: FilterPredicate;
  query?: FilterPredicate;
  /**
   * What the caller may read (catalog.entity.read), ANDed into every query,
   * count and facet like the filters, but never written into a cursor: a
   * cursor replayed by someone else is filtered by their own decision.
   */
  permission?: FilterPredicate;
  fullTextFilter?: { term: string; fields?: string[] };
  orderFields: OrderField[];
};

/** A short digest of a caller's read filter, for cursors and cache keys; "all" when nothing is filtered. */
export function permissionKey(permission: FilterPredicate | undefined): string {
  return permission ? createHash("sha256").update(JSON.stringify(permission)).digest("base64url").slice(0, 22) : "all";
}

export function baseQuery(db: Db, spec: Partial<QuerySpec>): EntitiesQuery {
  return filtered(db.selectFrom("catalog_entities as e") as unknown as EntitiesQuery, spec, isPostgres(db));
}

/** `query`, reading `e`, narrowed to the spec's filters and full-text filter. */
function filtered(query: EntitiesQuery, spec: Partial<QuerySpec>, postgres: boolean): EntitiesQuery {
  for (const predicate of [spec.filter, spec.query, spec.permission]) {
    if (predicate) query = query.where((eb) => compilePredicate(eb as never, predicate, postgres));
  }
  const fullText = fullTextOf(spec);
  if (fullText) query = query.where((eb) => compileFullText(eb as never, fullText.term, fullText.fields, postgres));
  return query;
}

/**
 * The FTS5 query that reads this spec's full-text matches in uid order, when
 * one can: on SQLite, with no order asked for (uid order), and every field
 * in the index (store/full-text.server.ts).
 */
function fullTextInUidOrder(db: Db, spec: QuerySpec): string | undefined {
  const fullText = fullTextOf(spec);
  if (!fullText || spec.orderFields.length > 0 || isPostgres(db)) return undefined;
  return trigramMatch(fullText.term.toLocaleLowerCase("en-US"), [...new Set(fullText.fields.map((field) => field.toLowerCase()))]);
}

/**
 * A full-text page in uid order, read from the trigram index's rows in rowid
 * order, which is uid order: it stops once the page is full, however many
 * entities match. From a boundary it starts at the rowid of the last entity
 * at or before it, so the index seeks there instead of reading from the
 * start; the uid condition itself still decides.
 */
function fullTextIdsInUidOrder(db: Db, spec: QuerySpec, match: string, options: PageOptions) {
  const reverse = Boolean(options.isPrevious);
  let ids = filtered(
    db
      .selectFrom("catalog_fts" as never)
      // CROSS JOIN keeps the index outside, where it gives its rows in order.
      .crossJoin("catalog_entities as e")
      .where(sql<SqlBool>`e.rowid = catalog_fts.rowid AND catalog_fts MATCH ${match}`) as unknown as EntitiesQuery,
    { ...spec, fullTextFilter: undefined },
    false,
  ).select("e.entity_id as page_id");
  if (options.after) {
    const boundary = options.after.at(-1) ?? "";
    ids = ids.where((eb) => keysetCondition(eb, false, [], options.after!, reverse));
    ids = ids.where(
      reverse
        ? sql<SqlBool>`catalog_fts.rowid < coalesce((SELECT rowid FROM catalog_entities WHERE entity_id >= ${boundary} ORDER BY entity_id LIMIT 1), 9223372036854775807)`
        : sql<SqlBool>`catalog_fts.rowid > coalesce((SELECT rowid FROM catalog_entities WHERE entity_id <= ${boundary} ORDER BY entity_id DESC LIMIT 1), 0)`,
    );
  }
  ids = ids.orderBy(sql`catalog_fts.rowid`, reverse ? "desc" : "asc");
  return options.offset ? ids.offset(options.offset) : ids;
}

/** The full-text filter's term and fields: Backstage searches the sort field, or else only metadata.uid, unless fields are named. */
function fullTextOf(spec: Partial<QuerySpec>): { term: string; fields: string[] } | undefined {
  const term = spec.fullTextFilter?.term?.trim();
  if (!term) return undefined;
  return { term, fields: spec.fullTextFilter?.fields?.length ? spec.fullTextFilter.fields : [spec.orderFields?.[0]?.field ?? "metadata.uid"] };
}

export async function countEntities(db: Db, spec: Partial<QuerySpec>): Promise<number> {
  const row = await baseQuery(db, spec)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

type PageOptions = {
  limit: number;
  offset?: number;
  after?: Array<string | null>;
  isPrevious?: boolean;
  /** With a full-text filter: look for the page's matches among only this many next entities in order (see pageRows). */
  fullTextWindow?: number;
};

/**
 * The rows of one page (limit + 1, to tell whether more follow), in either
 * direction from a boundary. The page's ids come first, then their rows: the
 * inner query selects only the entity id and the sort keys, which an index
 * covers (catalog_entities_kind_type for kind and spec.type), so PostgreSQL
 * ranges over that index instead of walking the primary key and filtering
 * heap rows until enough match (decision 012).
 */
export function pageQuery(db: Db, spec: QuerySpec, options: PageOptions) {
  const reverse = Boolean(options.isPrevious);
  const sortValues = sortAliases(spec.orderFields);
  const fullText = fullTextOf(spec);
  const inUidOrder = fullTextInUidOrder(db, spec);
  const windowed = fullText && options.fullTextWindow !== undefined && !options.offset && !inUidOrder;
  let ids = baseQuery(db, windowed ? { ...spec, fullTextFilter: undefined } : spec).select("e.entity_id as page_id");
  if (inUidOrder) ids = fullTextIdsInUidOrder(db, spec, inUidOrder, options);
  for (const value of sortValues) {
    ids = ids.select((eb) => sortExpression(eb as never, value.field.field, value.field.order, isPostgres(db)).as(value.alias));
  }
  if (options.after && !inUidOrder) {
    const boundary = options.after;
    ids = ids.where((eb) => keysetCondition(eb, isPostgres(db), sortValues, boundary, reverse));
  }
  if (!inUidOrder) {
    for (const value of sortValues) ids = ids.orderBy(sql.ref(value.alias), direction(value.field, reverse));
    ids = ids.orderBy("e.entity_id", reverse ? "desc" : "asc");
    if (options.offset) ids = ids.offset(options.offset);
  }
  if (windowed) {
    // The next entities in order, then those of them that match, still in order.
    let matches = db
      .selectFrom(ids.limit(options.fullTextWindow!).as("w"))
      .selectAll("w")
      .where(compileFullTextOf(sql.ref("w.page_id"), fullText.term, fullText.fields, isPostgres(db)));
    for (const value of sortValues) matches = matches.orderBy(sql.ref(`w.${value.alias}`), direction(value.field, reverse));
    ids = matches.orderBy(sql.ref("w.page_id"), reverse ? "desc" : "asc") as unknown as typeof ids;
  }
  let query = db
    .selectFrom(ids.limit(options.limit + 1).as("p"))
    .innerJoin("catalog_entities as e", "e.entity_id", "p.page_id")
    .select(entityColumns(db))
    .select(sortValues.map((value) => sql.ref(`p.${value.alias}`).as(value.alias)));
  for (const value of sortValues) query = query.orderBy(sql.ref(`p.${value.alias}`), direction(value.field, reverse));
  // By the page's own column: ordered by e.entity_id, SQLite may walk the whole entity table to avoid sorting the page.
  return query.orderBy(sql.ref("p.page_id"), reverse ? "desc" : "asc");
}

function sortAliases(orderFields: OrderField[]) {
  return orderFields.map((field, index) => ({ alias: `sort_${index}`, field }));
}

function direction(field: OrderField, reverse: boolean): "asc" | "desc" {
  return (field.order === "asc") !== reverse ? "asc" : "desc";
}

/** One page of a by-query request, in either direction from a boundary. */
export async function queryPage(
  db: Db,
  spec: QuerySpec,
  /** The count may still be in flight: on PostgreSQL it overlaps the page's query. */
  options: PageOptions & { totalItems: number | Promise<number>; fromCursor: boolean },
): Promise<{ items: string[]; totalItems: number; pageInfo: { nextCursor?: string; prevCursor?: string } }> {
  const { limit } = options;
  // limit=0 asks for the count alone, as Backstage answers it.
  if (limit === 0) return { items: [], totalItems: await options.totalItems, pageInfo: {} };
  const reverse = Boolean(options.isPrevious);
  const orderFields = spec.orderFields;
  const sortValues = sortAliases(orderFields);
  // Built inside the Promise.all, so a query that fails to build still leaves no rejection of the count unawaited.
  const [rows, totalItems] = (await Promise.all([pageRows(db, spec, options), options.totalItems])) as [Array<EntityRow & Record<string, string>>, number];
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  if (reverse) page.reverse();

  const boundaryOf = (row: EntityRow & Record<string, string>) => [...sortValues.map((value) => row[value.alias] ?? null), row.entity_id];
  const cursorBase = {
    filter: spec.filter,
    query: spec.query,
    orderFields,
    fullTextFilter: spec.fullTextFilter,
    totalItems,
    permissionKey: permissionKey(spec.permission),
  };
  const pageInfo: { nextCursor?: string; prevCursor?: string } = {};
  const last = page.at(-1);
  const first = page[0];
  // Forward: more after this page if we fetched one extra. Backward: we came from a later page.
  if (last && (reverse || hasMore)) pageInfo.nextCursor = encodeCursor({ ...cursorBase, orderFieldValues: boundaryOf(last), isPrevious: false });
  // As in Backstage, the first page never offers a way back, even with an offset.
  const earlierExists = reverse ? hasMore : options.fromCursor;
  if (first && earlierExists) pageInfo.prevCursor = encodeCursor({ ...cursorBase, orderFieldValues: boundaryOf(first), isPrevious: true });
  return { items: page.map(entityJson), totalItems, pageInfo };
}

/**
 * A full-text page is first looked for among the next entities in order, each
 * checked against its own rows, which stops as soon as the page is full: a
 * common term matches often, and the trigram index would first find each of
 * its hundreds of thousands of matches in a large catalog to order them.
 * A small window first: without a single match there the term is rare and
 * goes to the trigram index at once; with a few, a window ten times larger,
 * which fills the page for a term on one entity in a hundred. Only when that
 * one holds fewer matches than the page does the trigram index answer; its
 * matches are then few. Either read gives the same rows: the first matches
 * in order are the first of those in a window whenever it holds a full page
 * of them.
 */
async function pageRows(db: Db, spec: QuerySpec, options: PageOptions): Promise<Array<EntityRow & Record<string, string>>> {
  // A window in another order would sort every entity first, matching or not.
  if (fullTextOf(spec) && !fullTextInUidOrder(db, spec) && !options.offset && options.limit <= MAX_WINDOWED_PAGE && spec.orderFields.every((field) => isIndexOrder(field.field))) {
    for (const perRow of FULL_TEXT_WINDOWS_PER_ROW) {
      const rows = (await pageQuery(db, spec, { ...options, fullTextWindow: Math.min(perRow * (options.limit + 1), MAX_FULL_TEXT_WINDOW) }).execute()) as Array<EntityRow & Record<string, string>>;
      if (rows.length > options.limit) return rows;
      if (rows.length === 0) break;
    }
  }
  return (await pageQuery(db, spec, options).execute()) as Array<EntityRow & Record<string, string>>;
}

/** Full-text pages up to Backstage's default size look in windows first; larger ones go to the trigram index. */
const MAX_WINDOWED_PAGE = DEFAULT_PAGE_SIZE;
/** The windows' sizes, in entities per row of the page: 210 and 2,100 entities for a page of 20. */
const FULL_TEXT_WINDOWS_PER_ROW = [10, 100];
/** Checking an entity costs an index search: at most this many per window. */
const MAX_FULL_TEXT_WINDOW = 5000;

/** (v1, …, vn, id) strictly after (or before) the boundary, honouring each field's direction. */
function keysetCondition(
  eb: ExpressionBuilder<Database & { e: Database["catalog_entities"] }, "e">,
  postgres: boolean,
  sortValues: Array<{ alias: string; field: OrderField }>,
  boundary: Array<string | null>,
  reverse: boolean,
): Expression<SqlBool> {
  const terms = [
    ...sortValues.map((value, index) => ({
      expression: sortExpression(eb as never, value.field.field, value.field.order, postgres),
      value: boundary[index] ?? "",
      ascending: value.field.order === "asc",
    })),
    { expression: sql<string>`e.entity_id`, value: boundary[sortValues.length] ?? "", ascending: true },
  ];
  // One direction throughout: a row-value comparison, which an index can range-scan.
  if (terms.every((term) => term.ascending === terms[0].ascending)) {
    const greater = terms[0].ascending !== reverse;
    const left = sql.join(terms.map((term) => term.expression));
    const right = sql.join(terms.map((term) => sql`${term.value}`));
    return greater ? sql<SqlBool>`(${left}) > (${right})` : sql<SqlBool>`(${left}) < (${right})`;
  }
  const alternatives = terms.map((term, index) => {
    const greater = term.ascending !== reverse;
    const equalities = terms.slice(0, index).map((previous) => sql<SqlBool>`${previous.expression} = ${previous.value}`);
    const step = greater ? sql<SqlBool>`${term.expression} > ${term.value}` : sql<SqlBool>`${term.expression} < ${term.value}`;
    return eb.and([...equalities, step]);
  });
  return eb.or(alternatives);
}

export function cursorSpec(cursor: QueryCursor): QuerySpec {
  return { filter: cursor.filter, query: cursor.query, fullTextFilter: cursor.fullTextFilter, orderFields: cursor.orderFields };
}

/** GET /entities: a plain list in one order, with offset paging. */
export async function listEntities(db: Db, spec: QuerySpec & { limit?: number; offset?: number }): Promise<string[]> {
  // Ids first, as for pages, so the rows and relations are read only for the entities returned, not for those skipped.
  const sortValues = sortAliases(spec.orderFields);
  let ids = baseQuery(db, spec).select("e.entity_id as page_id");
  for (const value of sortValues) {
    ids = ids.select((eb) => sortExpression(eb as never, value.field.field, value.field.order, isPostgres(db)).as(value.alias));
  }
  for (const value of sortValues) ids = ids.orderBy(sql.ref(value.alias), value.field.order);
  ids = ids.orderBy("e.entity_id");
  if (spec.limit !== undefined) ids = ids.limit(spec.limit);
  if (spec.offset) ids = spec.limit === undefined ? ids.limit(Number.MAX_SAFE_INTEGER).offset(spec.offset) : ids.offset(spec.offset);
  let query = db.selectFrom(ids.as("p")).innerJoin("catalog_entities as e", "e.entity_id", "p.page_id").select(entityColumns(db));
  for (const value of sortValues) query = query.orderBy(sql.ref(`p.${value.alias}`), value.field.order);
  return ((await query.orderBy(sql.ref("p.page_id")).execute()) as EntityRow[]).map(entityJson);
}

export async function getEntityByKey(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("catalog_entities as e").select(entityColumns(db)).where("e.entity_ref", "=", key).executeTakeFirst();
  return row ? entityJson(row as EntityRow) : undefined;
}

/**
 * An entity with the ref of the Location entity that emitted it, when that
 * one still exists: one query per step of an ancestry instead of three.
 */
export async function getEntityWithParent(db: Db, key: string): Promise<{ entity: string; parentRef: string | null } | undefined> {
  const row = await db
    .selectFrom("catalog_entities as e")
    .select(entityColumns(db))
    .select(sql<string | null>`(SELECT p.entity_ref FROM catalog_entities p WHERE p.entity_ref = e.parent_ref)`.as("existing_parent"))
    .where("e.entity_ref", "=", key)
    .executeTakeFirst();
  if (!row) return undefined;
  return { entity: entityJson(row as EntityRow), parentRef: (row as { existing_parent: string | null }).existing_parent };
}

export async function getEntityByUid(db: Db, uid: string): Promise<string | undefined> {
  const row = await db.selectFrom("catalog_entities as e").select(entityColumns(db)).where("e.entity_id", "=", uid).executeTakeFirst();
  return row ? entityJson(row as EntityRow) : undefined;
}

/** by-refs: items in request order, null where missing or filtered out. */
export async function getEntitiesByKeys(db: Db, keys: string[], filter?: FilterPredicate): Promise<Array<string | null>> {
  const rows: EntityRow[] = [];
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    // On PostgreSQL one array parameter rather than a list of 500: planned faster (10% of a by-refs of 100).
    const match = isPostgres(db) ? sql<SqlBool>`e.entity_ref = ANY(${chunk}::text[])` : sql<SqlBool>`e.entity_ref IN (${sql.join(chunk)})`;
    const query = baseQuery(db, { filter }).select(entityColumns(db)).where(match);
    rows.push(...((await query.execute()) as EntityRow[]));
  }
  const byKey = new Map(rows.map((row) => [row.entity_ref, entityJson(row)]));
  return keys.map((key) => byKey.get(key) ?? null);
}

/** Facet counts: for each field, its values (as written, so 'Java' and 'java' differ, as in Backstage) and how many matching entities have each. */
export async function entityFacets(db: Db, facets: string[], spec: Pick<QuerySpec, "filter" | "query" | "permission">): Promise<Record<string, Array<{ value: string; count: number }>>> {
  const result: Record<string, Array<{ value: string; count: number }>> = {};
  for (const facet of facets) {
    const key = facet.toLowerCase();
    const rows = isRelationField(key) ? await relationFacet(db, key.slice("relations.".length), spec) : await searchFacet(db, key, spec);
    result[facet] = rows.map((row) => ({ value: String(row.value), count: Number(row.count) })).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
  return result;
}

/** Rows are unique per entity, key and value, so count(*) counts entities. */
async function searchFacet(db: Db, key: string, spec: Pick<QuerySpec, "filter" | "query" | "permission">) {
  if (spec.filter || spec.query || spec.permission) {
    return baseQuery(db, spec)
      .innerJoin("catalog_search as s", (join) => join.onRef("s.entity_id", "=", "e.entity_id").on("s.key", "=", key))
      .select(["s.original_value as value", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("s.original_value", "is not", null)
      .groupBy("s.original_value")
      .execute();
  }
  return db
    .selectFrom("catalog_search as s")
    .select(["s.original_value as value", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("s.key", "=", key)
    .where("s.original_value", "is not", null)
    .groupBy("s.original_value")
    .execute();
}

/** Relation facets count entities per target, as Backstage's do (targets lower-cased). */
async function relationFacet(db: Db, type: string, spec: Pick<QuerySpec, "filter" | "query" | "permission">) {
  return baseQuery(db, spec)
    .innerJoin(sql<{ source_ref: string; target_ref: string }>`(${relationEdges((edge) => sql`lower(${edge.type}) = ${type}`)})`.as("r"), "r.source_ref", "e.entity_ref")
    .select(["r.target_ref as value", (eb) => eb.fn.count<number | string>("e.entity_id").distinct().as("count")])
    .groupBy("r.target_ref")
    .execute();
}
