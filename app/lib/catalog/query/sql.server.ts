import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../../db/schema";
import { fullTextCondition } from "../store/full-text.server";
import { relationEdges } from "../store/relation-edges.server";
import { FULL_TEXT_FIELDS } from "../store/search-rows";
import type { FieldCondition, FilterPredicate, Primitive } from "./predicate";

// Filters, full-text and ordering as SQL over catalog_entities (aliased e).
// Hot fields live in columns of their own; everything else is matched through
// the search table, one EXISTS per condition, which its (key, value) index answers.

type EB = ExpressionBuilder<Database & { e: Database["catalog_entities"] }, "e">;

/** Fields copied into catalog_entities columns (lower-cased), for index-only filters, counts and sorts. */
const COLUMN_FIELDS: Record<string, "kind" | "namespace" | "name" | "spec_type" | "spec_lifecycle" | "spec_owner" | "entity_id"> = {
  kind: "kind",
  "metadata.namespace": "namespace",
  "metadata.name": "name",
  "spec.type": "spec_type",
  "spec.lifecycle": "spec_lifecycle",
  "spec.owner": "spec_owner",
  "metadata.uid": "entity_id",
};

export function isRelationField(field: string): boolean {
  return field.toLowerCase().startsWith(RELATION_PREFIX);
}

export function columnFor(field: string) {
  return COLUMN_FIELDS[field.toLowerCase()];
}

export function compilePredicate(eb: EB, predicate: FilterPredicate, postgres: boolean): Expression<SqlBool> {
  if ("$all" in predicate && Array.isArray(predicate.$all)) {
    const parts = predicate.$all.map((part) => compilePredicate(eb, part, postgres));
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  }
  if ("$any" in predicate && Array.isArray(predicate.$any)) {
    const parts = predicate.$any.map((part) => compilePredicate(eb, part, postgres));
    return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
  }
  if ("$not" in predicate && typeof predicate.$not === "object") {
    return eb.not(compilePredicate(eb, predicate.$not as FilterPredicate, postgres));
  }
  const parts = Object.entries(predicate as Record<string, FieldCondition>).map(([field, condition]) => compileCondition(eb, field.toLowerCase(), condition, postgres));
  return parts.length === 1 ? parts[0] : eb.and(parts);
}

function compileCondition(eb: EB, field: string, condition: FieldCondition, postgres: boolean): Expression<SqlBool> {
  const stored = compileStoredStatus(eb, field, condition, postgres);
  if (stored) return stored;
  if (typeof condition !== "object") return matchValues(eb, field, [condition], postgres);
  if ("$in" in condition) return condition.$in.length ? matchValues(eb, field, condition.$in, postgres) : sql<SqlBool>`1 = 0`;
  if ("$contains" in condition) return matchValues(eb, field, [condition.$contains], postgres);
  if ("$exists" in condition) {
    const exists = fieldExists(eb, field, postgres);
    return condition.$exists ? exists : eb.not(exists);
  }
  const prefix = `${escapeLike(condition.$hasPrefix.toLowerCase())}%`;
  if (field.startsWith(RELATION_PREFIX)) {
    const type = field.slice(RELATION_PREFIX.length);
    return sql<SqlBool>`e.entity_ref IN (SELECT x.source_ref FROM (${relationEdges((edge) => sql`lower(${edge.type}) = ${type} AND ${edge.target} LIKE ${prefix} ESCAPE '\\'`)}) x)`;
  }
  const column = columnFor(field);
  if (column) return sql<SqlBool>`${eb.ref(`e.${column}`)} LIKE ${prefix} ESCAPE '\\'`;
  return searchMatch(eb, field, sql<SqlBool>`s.value LIKE ${prefix} ESCAPE '\\'`, postgres);
}

/**
 * Two facts the store keeps in columns rather than in search rows, because
 * the reader adds them to an entity only when it is read: the orphan
 * annotation (the `orphan` column) and processing errors as status items
 * (the `errors` column, JSON). Filtering on them is how the catalog index's
 * "Is Orphan" and "Has Error" choices run on the server.
 */
const ORPHAN_FIELD = "metadata.annotations.backstage.io/orphan";
const STATUS_LEVEL_FIELD = "status.items.level";
const STATUS_LEVELS = ["info", "warning", "error"];

function compileStoredStatus(eb: EB, field: string, condition: FieldCondition, postgres: boolean): Expression<SqlBool> | undefined {
  if (field !== ORPHAN_FIELD && field !== STATUS_LEVEL_FIELD) return undefined;
  if (typeof condition === "object" && "$hasPrefix" in condition) return undefined;
  const exists = typeof condition === "object" && "$exists" in condition;
  const values = typeof condition !== "object" ? [condition] : "$in" in condition ? condition.$in : "$contains" in condition ? [condition.$contains] : [];
  const lowered = values.map((value) => String(value).toLowerCase());
  let match: Expression<SqlBool>;
  if (field === ORPHAN_FIELD) {
    // An entity's own YAML may carry the annotation too: its search rows still count.
    const written = exists ? fieldExists(eb, field, postgres) : lowered.length ? searchMatch(eb, field, inList(sql`s.value`, lowered, postgres), postgres) : sql<SqlBool>`1 = 0`;
    match = exists || lowered.includes("true") ? eb.or([eb("e.orphan", "=", 1), written]) : written;
  } else if (exists) {
    match = eb("e.errors", "is not", null);
  } else {
    // One LIKE per level: a long list keeps only the levels status items have (Backstage's EntityStatusItem).
    const distinct = [...new Set(lowered)];
    const wanted = distinct.length > MAX_INLINE_VALUES ? distinct.filter((level) => STATUS_LEVELS.includes(level)) : distinct;
    const levels = wanted.map((level) => sql<SqlBool>`e.errors LIKE ${`%"level":"${escapeLike(level)}"%`} ESCAPE '\\'`);
    match = levels.length ? eb.or(levels) : sql<SqlBool>`1 = 0`;
  }
  return exists && !(condition as { $exists: boolean }).$exists ? eb.not(match) : match;
}

/** relations.<type>: every relation of the entity, whichever entity's spec wrote it. */
const RELATION_PREFIX = "relations.";

function relationSources(type: string, postgres: boolean, targets?: string[]) {
  const edges = relationEdges((edge) => (targets ? sql`lower(${edge.type}) = ${type} AND ${inList(edge.target, targets, postgres)}` : sql`lower(${edge.type}) = ${type}`));
  return sql`SELECT x.source_ref FROM (${edges}) x`;
}

/**
 * Lists of up to this many values are written inline, one parameter each, as
 * the planners see them best; longer ones go as one parameter (a PostgreSQL
 * array, a JSON array on SQLite), so no list meets a limit on parameters
 * (32,766 on SQLite, 65,535 on PostgreSQL) however long it is. A predicate
 * has at most 500 conditions (predicate.ts), so inline parameters stay far
 * below both limits.
 */
const MAX_INLINE_VALUES = 20;

export function inList(expression: RawBuilder<unknown>, values: string[], postgres: boolean): RawBuilder<SqlBool> {
  if (values.length <= MAX_INLINE_VALUES) return sql<SqlBool>`${expression} IN (${sql.join(values)})`;
  if (postgres) return sql<SqlBool>`${expression} = ANY(${values}::text[])`;
  return sql<SqlBool>`${expression} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

function matchValues(eb: EB, field: string, values: Primitive[], postgres: boolean): Expression<SqlBool> {
  const lowered = values.map((value) => String(value).toLowerCase());
  if (field.startsWith(RELATION_PREFIX)) return sql<SqlBool>`e.entity_ref IN (${relationSources(field.slice(RELATION_PREFIX.length), postgres, lowered)})`;
  const column = columnFor(field);
  if (column) return inList(sql`${eb.ref(`e.${column}`)}`, column === "entity_id" ? values.map(String) : lowered, postgres);
  return searchMatch(eb, field, inList(sql`s.value`, lowered, postgres), postgres);
}

function fieldExists(eb: EB, field: string, postgres: boolean): Expression<SqlBool> {
  if (field.startsWith(RELATION_PREFIX)) return sql<SqlBool>`e.entity_ref IN (${relationSources(field.slice(RELATION_PREFIX.length), postgres)})`;
  const column = columnFor(field);
  if (column) return eb(`e.${column}`, "is not", null);
  return searchMatch(eb, field, undefined, postgres);
}

/**
 * Entities with a search row for `field` matching `condition`. PostgreSQL
 * plans a correlated EXISTS as a semi-join (an anti-join under NOT), which
 * hashes one pass over the field's rows. SQLite runs a correlated EXISTS
 * once per entity, and without statistics answers it from the (key, value)
 * index, reading every row of the field each time: a LIKE on a field of
 * 50,000 entities read 2.5 billion rows and held the process (which SQLite
 * shares with every request) for minutes. So on SQLite the rows are selected
 * once, uncorrelated, as Backstage's catalog selects them
 * (plugins/catalog-backend/src/service/DefaultEntitiesCatalog.ts), and the
 * entity is looked up in the result.
 */
function searchMatch(eb: EB, field: string, condition: RawBuilder<SqlBool> | undefined, postgres: boolean): Expression<SqlBool> {
  const where = condition ? sql` AND ${condition}` : sql``;
  if (postgres) return sql<SqlBool>`EXISTS (SELECT 1 FROM catalog_search s WHERE s.entity_id = e.entity_id AND s.key = ${field}${where})`;
  return sql<SqlBool>`e.entity_id IN (SELECT s.entity_id FROM catalog_search s WHERE s.key = ${field}${where})`;
}

/**
 * Backstage's full-text filter: the lower-cased term as a substring of any of
 * the fields, where `%` and `_` in the term act as LIKE wildcards, as they do
 * in Backstage. Indexed fields use the trigram index (FTS5 on SQLite, pg_trgm
 * on PostgreSQL); metadata.uid and other fields scan their rows.
 */
export function compileFullText(eb: EB, term: string, fields: string[], postgres: boolean): Expression<SqlBool> {
  const wanted = [...new Set(fields.map((field) => field.toLowerCase()))];
  const indexed = wanted.filter((field) => (FULL_TEXT_FIELDS as readonly string[]).includes(field));
  const scanned = wanted.filter((field) => !indexed.includes(field) && field !== "metadata.uid");
  const lowered = term.toLocaleLowerCase("en-US");
  const pattern = `%${lowered}%`;
  const parts: Expression<SqlBool>[] = [];
  if (wanted.includes("metadata.uid")) parts.push(sql<SqlBool>`e.entity_id LIKE ${pattern}`);
  if (indexed.length) parts.push(fullTextCondition(lowered, indexed, postgres));
  if (scanned.length) {
    // One pass over the fields' rows, never one per entity (see searchMatch).
    const keys = inList(sql`s.key`, scanned, postgres);
    parts.push(sql<SqlBool>`e.entity_id IN (SELECT s.entity_id FROM catalog_search s WHERE ${keys} AND s.value LIKE ${pattern})`);
  }
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return parts.length === 1 ? parts[0] : eb.or(parts);
}

/**
 * The same full-text filter as compileFullText for one entity, its id given:
 * the entity's own rows of the fields, matched with LIKE, one index search.
 * For reading a page in the catalog's order that stops once the page is
 * full (entities-query.server.ts), where the trigram index would first find
 * every match of a common term.
 */
export function compileFullTextOf(id: RawBuilder<string>, term: string, fields: string[], postgres: boolean): RawBuilder<SqlBool> {
  const wanted = [...new Set(fields.map((field) => field.toLowerCase()))];
  const keys = wanted.filter((field) => field !== "metadata.uid");
  const pattern = `%${term.toLocaleLowerCase("en-US")}%`;
  const parts: RawBuilder<SqlBool>[] = [];
  if (wanted.includes("metadata.uid")) parts.push(sql<SqlBool>`${id} LIKE ${pattern}`);
  // Without statistics SQLite searched the (key, value) index here, reading every row of the field for each entity: 19 s for a window at 50,000 entities. Name the index.
  const rows = postgres ? sql`catalog_search s` : sql`catalog_search s INDEXED BY catalog_search_entity`;
  if (keys.length) parts.push(sql<SqlBool>`EXISTS (SELECT 1 FROM ${rows} WHERE s.entity_id = ${id} AND ${inList(sql`s.key`, keys, postgres)} AND s.value LIKE ${pattern})`);
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/** Orders an index gives without sorting: the uid, the name, the entity ref (a walk in them can stop early). */
export function isIndexOrder(field: string): boolean {
  return field === ENTITY_REF_ORDER || ["name", "entity_id"].includes(columnFor(field) ?? "");
}

const NOT_NULL_COLUMNS = new Set(["kind", "namespace", "name", "entity_id"]);
/** Sort keys for entities without the field: last, whichever the direction. */
const MISSING_LAST = { asc: "\u{10FFFF}", desc: "" } as const;

/**
 * The value an entity sorts by for a field: its column (bare when never
 * null, so an index can drive the order), or its smallest search value, with
 * missing values placed last.
 */
export function sortExpression(eb: EB, field: string, order: "asc" | "desc", postgres: boolean) {
  if (field === ENTITY_REF_ORDER) return sql<string>`e.entity_ref`;
  const column = columnFor(field);
  if (column && NOT_NULL_COLUMNS.has(column)) return sql<string>`${eb.ref(`e.${column}`)}`;
  const key = field.toLowerCase();
  const value = column
    ? sql`${eb.ref(`e.${column}`)}`
    : key.startsWith(RELATION_PREFIX)
      ? sql`(SELECT MIN(x.target_ref) FROM (${relationEdges((edge) => sql`${edge.source} = e.entity_ref AND lower(${edge.type}) = ${key.slice(RELATION_PREFIX.length)}`)}) x)`
      : // The entity's own rows, through the (entity_id, key) index. Left to
        // themselves the planners answer MIN from the (key, value) index in
        // value order, reading past every other entity's row of the field
        // until this entity's comes up: per entity, so quadratic (a sort of
        // 50,000 entities held SQLite, and with it the process, for minutes;
        // twelve of 20,000 held PostgreSQL for a minute). GROUP BY turns off
        // PostgreSQL's MIN-from-an-index plan; SQLite is told the index.
        postgres
        ? sql`(SELECT MIN(s.value) FROM catalog_search s WHERE s.entity_id = e.entity_id AND s.key = ${key} GROUP BY s.entity_id)`
        : sql`(SELECT MIN(s.value) FROM catalog_search s INDEXED BY catalog_search_entity WHERE s.entity_id = e.entity_id AND s.key = ${key})`;
  return sql<string>`COALESCE(${value}, ${MISSING_LAST[order]})`;
}

/** GET /entities with paging sorts by entity ref by default: an order only the server can ask for. */
export const ENTITY_REF_ORDER = "\u0000entity_ref";

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
