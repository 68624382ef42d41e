import type { Entity } from "~/lib/catalog/entity";
import type { FieldCondition, FilterPredicate, Primitive } from "~/lib/catalog/query/predicate";
import { buildSearchRows } from "~/lib/catalog/store/search-rows";

// A catalog filter evaluated against one entity in memory, with the meaning
// the catalog's SQL gives it (query/sql.server.ts): fields are matched
// through the entity's search rows, keys and values case-insensitively. The
// permission rules decide single entities with this, so "may I delete this
// entity?" and "which entities may I read?" can never disagree.

type RowIndex = Map<string, Array<string | null>>;

const indexes = new WeakMap<Entity, RowIndex>();

function rowIndex(entity: Entity): RowIndex {
  let index = indexes.get(entity);
  if (index) return index;
  const relations = (entity.relations ?? []).map((relation) => ({
    type: relation.type,
    targetKey: relation.targetRef.toLocaleLowerCase("en-US"),
    targetDisplay: relation.targetRef,
  }));
  index = new Map();
  for (const row of buildSearchRows(entity, relations)) {
    const values = index.get(row.key) ?? [];
    values.push(row.value);
    index.set(row.key, values);
  }
  indexes.set(entity, index);
  return index;
}

export function entityMatchesFilter(entity: Entity, predicate: FilterPredicate): boolean {
  const index = rowIndex(entity);
  const visit = (node: FilterPredicate): boolean => {
    if ("$all" in node && Array.isArray(node.$all)) return (node.$all as FilterPredicate[]).every(visit);
    if ("$any" in node && Array.isArray(node.$any)) return (node.$any as FilterPredicate[]).some(visit);
    if ("$not" in node && typeof node.$not === "object") return !visit(node.$not as FilterPredicate);
    return Object.entries(node as Record<string, FieldCondition>).every(([field, condition]) => fieldMatches(index.get(field.toLowerCase()), condition));
  };
  return visit(predicate);
}

function fieldMatches(values: Array<string | null> | undefined, condition: FieldCondition): boolean {
  if (typeof condition !== "object") return matchesAny(values, [condition]);
  if ("$in" in condition) return matchesAny(values, condition.$in);
  if ("$contains" in condition) return matchesAny(values, [condition.$contains]);
  if ("$exists" in condition) return (values !== undefined) === condition.$exists;
  const prefix = condition.$hasPrefix.toLowerCase();
  return (values ?? []).some((value) => value !== null && value.startsWith(prefix));
}

function matchesAny(values: Array<string | null> | undefined, wanted: Primitive[]): boolean {
  if (!values) return false;
  const lowered = new Set(wanted.map((value) => String(value).toLowerCase()));
  return values.some((value) => value !== null && lowered.has(value));
}
