import { stringify } from "yaml";
import type { Entity } from "../entity";

// The inspector's Raw JSON and Raw YAML tabs: the entity as the catalog holds
// it, with every object's keys sorted (deep), so two entities read alike and
// a diff of two copies shows only what differs. Rendered on the server, so
// the YAML library never ships to the browser.

/** A copy of `value` whose objects have their keys in sorted order, at every depth; arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}

export function entityAsJson(entity: Entity): string {
  return JSON.stringify(sortKeysDeep(entity), null, 2);
}

export function entityAsYaml(entity: Entity): string {
  // No anchors or aliases: a reader sees every value where it belongs.
  return stringify(sortKeysDeep(entity), { aliasDuplicateObjects: false, lineWidth: 0 });
}
