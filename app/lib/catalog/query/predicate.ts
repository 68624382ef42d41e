import { InputError } from "../../errors";

// Entity filters. Backstage has two forms that mean the same thing: the
// `filter` query parameter (`kind=component,spec.type=service`: pairs in one
// parameter AND, several parameters OR, a key alone means "exists") and the
// newer predicate objects ({$all, $any, $not, $exists, $in, $hasPrefix,
// $contains}). Both become one FilterPredicate, compiled once to SQL.

export type Primitive = string | number | boolean;
export type FieldCondition = Primitive | { $exists: boolean } | { $in: Primitive[] } | { $hasPrefix: string } | { $contains: Primitive };
export type FilterPredicate = { $all: FilterPredicate[] } | { $any: FilterPredicate[] } | { $not: FilterPredicate } | { [field: string]: FieldCondition };

const MAX_FILTER_PARAMETERS = 100;
const MAX_PREDICATE_DEPTH = 10;
const MAX_PREDICATE_NODES = 500;

/**
 * PostgreSQL cannot store or compare text with a NUL character (it refuses
 * the statement), and no entity has one: a filter, term or ref with one is
 * refused up front, in words, on both engines alike.
 */
export function refuseNulCharacters(value: unknown, what: string): void {
  if (containsNul(value)) throw new InputError(`Invalid ${what}, it must not contain NUL characters`);
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, child]) => key.includes("\u0000") || containsNul(child));
  return false;
}

/** The `filter` query parameters of GET /entities, /entities/by-query, /entity-facets and /entities/by-refs. */
export function parseFilterParams(params: string[]): FilterPredicate | undefined {
  if (params.length > MAX_FILTER_PARAMETERS) throw new InputError(`At most ${MAX_FILTER_PARAMETERS} filter parameters are allowed`);
  refuseNulCharacters(params, "filter");
  const alternatives: FilterPredicate[] = [];
  for (const param of params) {
    const conditions = new Map<string, Primitive[] | "exists">();
    for (const statement of param.split(",")) {
      const trimmed = statement.trim();
      if (!trimmed) continue;
      const index = trimmed.indexOf("=");
      const key = (index < 0 ? trimmed : trimmed.slice(0, index)).trim();
      if (!key) throw new InputError(`Invalid filter, '${statement}' is not a valid statement (expected a string on the form a=b or a= or a)`);
      if (index < 0) {
        conditions.set(key, "exists");
        continue;
      }
      const value = trimmed.slice(index + 1).trim();
      const current = conditions.get(key);
      if (current === "exists") continue;
      conditions.set(key, [...(current ?? []), value]);
    }
    if (conditions.size === 0) continue;
    const parts: FilterPredicate[] = [...conditions].map(([key, values]) => (values === "exists" ? { [key]: { $exists: true } } : { [key]: values.length === 1 ? values[0] : { $in: values } }));
    alternatives.push(parts.length === 1 ? parts[0] : { $all: parts });
  }
  if (alternatives.length === 0) return undefined;
  return alternatives.length === 1 ? alternatives[0] : { $any: alternatives };
}

/** Checks a predicate from a request body; throws InputError naming what is wrong. */
export function parsePredicate(value: unknown): FilterPredicate {
  if (containsNul(value)) throw new InputError("values and field names must not contain NUL characters");
  let nodes = 0;
  const visit = (node: unknown, depth: number): FilterPredicate => {
    if (++nodes > MAX_PREDICATE_NODES) throw new InputError(`Query is too large, at most ${MAX_PREDICATE_NODES} conditions are allowed`);
    if (depth > MAX_PREDICATE_DEPTH) throw new InputError(`Query is nested too deeply, at most ${MAX_PREDICATE_DEPTH} levels are allowed`);
    if (typeof node !== "object" || node === null || Array.isArray(node)) throw new InputError("Query must be an object");
    const entries = Object.entries(node);
    if (entries.length === 0) throw new InputError("Query must not be empty");
    if ("$all" in node || "$any" in node) {
      const [operator, operands] = entries[0];
      if (entries.length !== 1 || !Array.isArray(operands)) throw new InputError(`${operator} must be the only key and take an array`);
      return { [operator]: operands.map((operand) => visit(operand, depth + 1)) } as FilterPredicate;
    }
    if ("$not" in node) {
      if (entries.length !== 1) throw new InputError("$not must be the only key");
      return { $not: visit((node as { $not: unknown }).$not, depth + 1) };
    }
    const fields: Record<string, FieldCondition> = {};
    for (const [field, condition] of entries) {
      if (field.startsWith("$")) throw new InputError(`Unknown operator ${field}`);
      fields[field] = parseCondition(field, condition);
    }
    return fields;
  };
  return visit(value, 0);
}

function parseCondition(field: string, condition: unknown): FieldCondition {
  if (isPrimitive(condition)) return condition;
  if (typeof condition !== "object" || condition === null || Array.isArray(condition)) {
    throw new InputError(`Invalid condition for '${field}'`);
  }
  const entries = Object.entries(condition);
  if (entries.length !== 1) throw new InputError(`Condition for '${field}' must have exactly one operator`);
  const [operator, operand] = entries[0];
  switch (operator) {
    case "$exists":
      if (typeof operand !== "boolean") throw new InputError(`$exists for '${field}' must be true or false`);
      return { $exists: operand };
    case "$in":
      if (!Array.isArray(operand) || !operand.every(isPrimitive)) throw new InputError(`$in for '${field}' must be an array of strings, numbers or booleans`);
      return { $in: operand };
    case "$hasPrefix":
      if (typeof operand !== "string") throw new InputError(`$hasPrefix for '${field}' must be a string`);
      return { $hasPrefix: operand };
    case "$contains":
      if (!isPrimitive(operand)) throw new InputError(`$contains for '${field}' must be a string, number or boolean`);
      return { $contains: operand };
    default:
      throw new InputError(`Unknown operator ${operator} for '${field}'`);
  }
}

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** Both filters must hold. */
export function andPredicates(...predicates: Array<FilterPredicate | undefined>): FilterPredicate | undefined {
  const present = predicates.filter((predicate): predicate is FilterPredicate => predicate !== undefined);
  if (present.length <= 1) return present[0];
  return { $all: present };
}
