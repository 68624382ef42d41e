import { InputError } from "../errors";
import type { FieldCondition, FilterPredicate } from "./query/predicate";

// POST /locations/by-query: predicates over a location's id, type, target and
// entityRef, compared case-insensitively, paged by id. Registered locations
// are few (one per repository), so they are filtered in memory.

export type LocationRecord = { id: string; type: string; target: string; entityRef: string };

const KEYS = ["id", "type", "target", "entityref"] as const;
export const DEFAULT_LOCATIONS_PAGE_SIZE = 1000;

export function matchesLocation(location: LocationRecord, predicate: FilterPredicate): boolean {
  if ("$all" in predicate && Array.isArray(predicate.$all)) return predicate.$all.every((part) => matchesLocation(location, part));
  if ("$any" in predicate && Array.isArray(predicate.$any)) return predicate.$any.some((part) => matchesLocation(location, part));
  if ("$not" in predicate && typeof predicate.$not === "object") return !matchesLocation(location, predicate.$not as FilterPredicate);
  return Object.entries(predicate as Record<string, FieldCondition>).every(([key, condition]) => {
    const field = key.toLowerCase();
    if (!(KEYS as readonly string[]).includes(field)) {
      throw new InputError(`Invalid filter predicate, expected key to be 'id', 'type', 'target', or 'entityRef', got '${key}'`);
    }
    const value = (field === "entityref" ? location.entityRef : location[field as "id" | "type" | "target"]).toUpperCase();
    if (typeof condition !== "object") return value === String(condition).toUpperCase();
    if ("$in" in condition) return condition.$in.some((item) => value === String(item).toUpperCase());
    if ("$hasPrefix" in condition) return value.startsWith(condition.$hasPrefix.toUpperCase());
    if ("$exists" in condition) return condition.$exists;
    return false; // $contains never matches a location's scalar fields, as in Backstage
  });
}

export type LocationsCursor = { limit: number; afterId: string; query?: FilterPredicate };

export function encodeLocationsCursor(cursor: LocationsCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64");
}

export function decodeLocationsCursor(value: string): LocationsCursor {
  if (!value) throw new InputError("Cursor cannot be empty");
  let parsed: Partial<LocationsCursor>;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    throw new InputError("Malformed cursor, unknown encoding");
  }
  if (typeof parsed?.limit !== "number" || parsed.limit < 1 || typeof parsed.afterId !== "string") throw new InputError("Malformed cursor: unexpected content");
  return parsed as LocationsCursor;
}
