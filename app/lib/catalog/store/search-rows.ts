import type { Entity } from "../entity";

// What filters, facets and ordering see of an entity, built as Backstage's
// buildEntitySearch does: every leaf under its lower-cased dot path (arrays
// give one row per item, and string items also `<path>.<item> = true`), and
// metadata.name, namespace and uid always. Values are lower-cased for
// matching; facets show them as written. The store keeps relations in their
// own table; in-memory matching passes an entity's relations here as
// `relations.<type>` rows.

export type SearchRow = { key: string; value: string | null; original_value: string | null };

export const MAX_SEARCH_KEY_LENGTH = 200;
/** A longer value still says the key exists, but it cannot be matched or faceted. */
export const MAX_SEARCH_VALUE_LENGTH = 200;

/**
 * Fields kept in the trigram index for full-text search: the short, naming
 * fields people search by (the catalog's search box uses name, title and
 * display name). Others, descriptions included, are searched by scanning
 * their rows: correct, but slower on a large catalog.
 */
export const FULL_TEXT_FIELDS = ["metadata.name", "metadata.title", "metadata.tags", "spec.owner", "spec.profile.displayname"] as const;

const SKIPPED_PATHS = new Set(["attachments", "relations", "status", "metadata.name", "metadata.namespace", "metadata.uid", "metadata.etag"]);

export function buildSearchRows(entity: Entity, relations: Array<{ type: string; targetKey: string; targetDisplay: string }>): SearchRow[] {
  const rows: SearchRow[] = [];
  const add = (key: string, raw: unknown) => {
    if (key.length > MAX_SEARCH_KEY_LENGTH) return;
    if (raw === null || raw === undefined) {
      rows.push({ key, value: null, original_value: null });
      return;
    }
    const text = String(raw);
    if (text.length > MAX_SEARCH_VALUE_LENGTH) rows.push({ key, value: null, original_value: null });
    else rows.push({ key, value: text.toLocaleLowerCase("en-US"), original_value: text });
  };
  const visit = (value: unknown, path: string) => {
    if (SKIPPED_PATHS.has(path)) return;
    if (Array.isArray(value)) {
      for (const item of value) {
        visit(item, path);
        if (typeof item === "string") add(`${path}.${item.toLocaleLowerCase("en-US")}`, true);
      }
      return;
    }
    if (value !== null && typeof value === "object") {
      for (const [child, childValue] of Object.entries(value)) {
        visit(childValue, path ? `${path}.${child.toLocaleLowerCase("en-US")}` : child.toLocaleLowerCase("en-US"));
      }
      return;
    }
    add(path, value);
  };
  visit(entity, "");
  add("metadata.name", entity.metadata.name);
  add("metadata.namespace", entity.metadata.namespace ?? "default");
  add("metadata.uid", entity.metadata.uid);
  for (const relation of relations) add(`relations.${relation.type.toLocaleLowerCase("en-US")}`, relation.targetKey);
  return dedupe(rows);
}

function dedupe(rows: SearchRow[]): SearchRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const id = `${row.key}\u0000${row.value}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
