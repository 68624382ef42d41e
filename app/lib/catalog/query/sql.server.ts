import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "../../db/schema";
import { fullTextEntityIds } from "../store/full-text.server";
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

export function compilePredicate(eb: EB, predicate: FilterPredicate): Expression<SqlBool> {
  if ("$all" in predicate && Array.isArray(predicate.$all)) {
    const parts = predicate.$all.map((part) => compilePredicate(eb, part));
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  }
  if ("$any" in predicate && Array.isArray(predicate.$any)) {
    const parts = predicate.$any.map((part) => compilePredicate(eb, part));
    return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
  }
  if ("$not" in predicate && typeof predicate.$not === "object") {
    return eb.not(compilePredicate(eb, predicate.$not as FilterPredicate));
  }
  const parts = Object.entries(predicate as Record<string, FieldCondition>).map(([field, condition]) => compileCondition(eb, field.toLowerCase(), condition));
  return parts.length === 1 ? parts[0] : eb.and(parts);
}

function compileCondition(eb: EB, field: string, condition: FieldCondition): Expression<SqlBool> {
  const stored = compileStoredStatus(eb, field, condition);
  if (stored) return stored;
  if (typeof condition !== "object") return matchValues(eb, field, [condition]);
  if ("$in" in condition) return condition.$in.length ? matchValues(eb, field, condition.$in) : sql<SqlBool>`1 = 0`;
  if ("$contains" in condition) return matchValues(eb, field, [condition.$contains]);
  if ("$exists" in condition) {
    const exists = fieldExists(eb, field);
    return condition.$exists ? exists : eb.not(exists);
  }
  const prefix = `${escapeLike(condition.$hasPrefix.toLowerCase())}%`;
  if (field.startsWith(RELATION_PREFIX)) {
    return sql<SqlBool>`e.entity_ref IN (SELECT r.source_ref FROM catalog_relations r WHERE lower(r.type) = ${field.slice(RELATION_PREFIX.length)} AND r.target_ref LIKE ${prefix} ESCAPE '\\')`;
  }
  const column = columnFor(field);
  if (column) return sql<SqlBool>`${eb.ref(`e.${column}`)} LIKE ${prefix} ESCAPE '\\'`;
  return eb.exists(searchRows(eb, field).where(sql<SqlBool>`s.value LIKE ${prefix} ESCAPE '\\'`));
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

function compileStoredStatus(eb: EB, field: string, condition: FieldCondition): Expression<SqlBool> | undefined {
  if (field !== ORPHAN_FIELD && field !== STATUS_LEVEL_FIELD) return undefined;
  if (typeof condition === "object" && "$hasPrefix" in condition) return undefined;
  const exists = typeof condition === "object" && "$exists" in condition;
  const values = typeof condition !== "object" ? [condition] : "$in" in condition ? condition.$in : "$contains" in condition ? [condition.$contains] : [];
  const lowered = values.map((value) => String(value).toLowerCase());
  let match: Expression<SqlBool>;
  if (field === ORPHAN_FIELD) {
    // An entity's own YAML may carry the annotation too: its search rows still count.
    const written = exists ? fieldExists(eb, field) : lowered.length ? eb.exists(searchRows(eb, field).where("s.value", "in", lowered)) : sql<SqlBool>`1 = 0`;
    match = exists || lowered.includes("true") ? eb.or([eb("e.orphan", "=", 1), written]) : written;
  } else if (exists) {
    match = eb("e.errors", "is not", null);
  } else {
    const levels = lowered.map((level) => sql<SqlBool>`e.errors LIKE ${`%"level":"${escapeLike(level)}"%`} ESCAPE '\\'`);
    match = levels.length ? eb.or(levels) : sql<SqlBool>`1 = 0`;
  }
  return exists && !(condition as { $exists: boolean }).$exists ? eb.not(match) : match;
}

/** relations.<type>: every relation of the entity, whichever entity's spec wrote it. */
const RELATION_PREFIX = "relations.";

function relationSources(type: string, targets?: string[]) {
  const match = targets ? sql` AND r.target_ref IN (${sql.join(targets)})` : sql``;
  return sql`SELECT r.source_ref FROM catalog_relations r WHERE lower(r.type) = ${type}${match}`;
}

function matchValues(eb: EB, field: string, values: Primitive[]): Expression<SqlBool> {
  const lowered = values.map((value) => String(value).toLowerCase());
  if (field.startsWith(RELATION_PREFIX)) return sql<SqlBool>`e.entity_ref IN (${relationSources(field.slice(RELATION_PREFIX.length), lowered)})`;
  const column = columnFor(field);
  if (column) return eb(`e.${column}`, "in", column === "entity_id" ? values.map(String) : lowered);
  return eb.exists(searchRows(eb, field).where("s.value", "in", lowered));
}

function fieldExists(eb: EB, field: string): Expression<SqlBool> {
  if (field.startsWith(RELATION_PREFIX)) return sql<SqlBool>`e.entity_ref IN (${relationSources(field.slice(RELATION_PREFIX.length))})`;
  const column = columnFor(field);
  if (column) return eb(`e.${column}`, "is not", null);
  return eb.exists(searchRows(eb, field));
}

function searchRows(eb: EB, field: string) {
  return eb
    .selectFrom("catalog_search as s")
    .select(sql`1`.as("one"))
    .whereRef("s.entity_id", "=", "e.entity_id")
    .where("s.key", "=", field);
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
  if (indexed.length) parts.push(sql<SqlBool>`e.entity_id IN (${fullTextEntityIds(lowered, indexed, postgres)})`);
  if (scanned.length) {
    parts.push(
      eb.exists(
        eb
          .selectFrom("catalog_search as s")
          .select(sql`1`.as("one"))
          .whereRef("s.entity_id", "=", "e.entity_id")
          .where("s.key", "in", scanned)
          .where(sql<SqlBool>`s.value LIKE ${pattern}`),
      ),
    );
  }
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return parts.length === 1 ? parts[0] : eb.or(parts);
}

const NOT_NULL_COLUMNS = new Set(["kind", "namespace", "name", "entity_id"]);
/** Sort keys for entities without the field: last, whichever the direction. */
const MISSING_LAST = { asc: "\u{10FFFF}", desc: "" } as const;

/**
 * The value an entity sorts by for a field: its column (bare when never
 * null, so an index can drive the order), or its smallest search value, with
 * missing values placed last.
 */
export function sortExpression(eb: EB, field: string, order: "asc" | "desc") {
  if (field === ENTITY_REF_ORDER) return sql<string>`e.entity_ref`;
  const column = columnFor(field);
  if (column && NOT_NULL_COLUMNS.has(column)) return sql<string>`${eb.ref(`e.${column}`)}`;
  const key = field.toLowerCase();
  const value = column
    ? sql`${eb.ref(`e.${column}`)}`
    : key.startsWith(RELATION_PREFIX)
      ? sql`(SELECT MIN(r.target_ref) FROM catalog_relations r WHERE r.source_ref = e.entity_ref AND lower(r.type) = ${key.slice(RELATION_PREFIX.length)})`
      : sql`(SELECT MIN(s.value) FROM catalog_search s WHERE s.entity_id = e.entity_id AND s.key = ${key})`;
  return sql<string>`COALESCE(${value}, ${MISSING_LAST[order]})`;
}

/** GET /entities with paging sorts by entity ref by default: an order only the server can ask for. */
export const ENTITY_REF_ORDER = "\u0000entity_ref";

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
