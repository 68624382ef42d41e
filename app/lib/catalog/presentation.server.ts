import type { Credentials } from "../auth/credentials";
import type { Catalog } from "./catalog.server";
import type { Entity } from "./entity";
import { entityRefKey } from "./entity-ref";
import { PRESENTATION_FIELDS, presentEntity, type Presentations } from "./presentation";

/** Backstage's by-refs batches hold at most this many refs. */
const BATCH_SIZE = 1000;

/**
 * Presentations of every ref a page shows, read in one batched by-refs query
 * (several only beyond a thousand refs), so a page with fifty relations costs
 * one round trip, not fifty. Refs that do not parse, are missing or that the
 * caller may not read are left out: the page shows them as humanized refs.
 */
export async function presentRefs(catalog: Catalog, refs: Iterable<string>, credentials: Credentials): Promise<Presentations> {
  const keys = [...new Set([...refs].flatMap((ref) => parsedKey(ref)))];
  const presentations: Presentations = {};
  for (let start = 0; start < keys.length; start += BATCH_SIZE) {
    const batch = keys.slice(start, start + BATCH_SIZE);
    const { items } = await catalog.entities.entitiesByRefs({ entityRefs: batch, fields: PRESENTATION_FIELDS }, { credentials });
    items.forEach((entity, index) => {
      if (entity) presentations[batch[index]] = presentEntity(entity as Entity);
    });
  }
  return presentations;
}

function parsedKey(ref: string): string[] {
  try {
    return [entityRefKey(ref)];
  } catch {
    return [];
  }
}
