import { entityRefKey } from "../entity-ref";
import type { Entity } from "../entity";
import { PRESENTATION_FIELDS, presentEntity, presentRef, type EntityPresentation } from "../presentation";

// Entity presentation in the browser, as Backstage's DefaultEntityPresentationApi
// batches it: refs asked for within 50 ms go out together, at most
// 100 per POST /api/catalog/entities/by-refs, and answers are kept for 10 s.
//
// Pages resolve their refs on the server (presentRefs, one batched read per
// page), so nothing on the entity page needs this yet. It is meant for refs
// that only appear after hydration: the live-updating parts to come (the
// catalog graph's nodes, task logs naming entities, client-side pickers).

export const PRESENTATION_BATCH_SIZE = 100;
export const PRESENTATION_BATCH_DELAY_MS = 50;
export const PRESENTATION_CACHE_TTL_MS = 10_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export type PresentationLoaderOptions = {
  /** Where the catalog API lives, e.g. `${basePath}/api/catalog`. */
  catalogBaseUrl: string;
  fetch?: Fetch;
  now?: () => number;
  batchSize?: number;
  delayMs?: number;
  ttlMs?: number;
};

export type PresentationLoader = { load(ref: string): Promise<EntityPresentation> };

export function createPresentationLoader(options: PresentationLoaderOptions): PresentationLoader {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? PRESENTATION_BATCH_SIZE;
  const delayMs = options.delayMs ?? PRESENTATION_BATCH_DELAY_MS;
  const ttlMs = options.ttlMs ?? PRESENTATION_CACHE_TTL_MS;

  const cache = new Map<string, { at: number; value: Promise<EntityPresentation> }>();
  let pending = new Map<string, { ref: string; resolve: (value: EntityPresentation) => void }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush() {
    const batch = [...pending.values()];
    pending = new Map();
    timer = undefined;
    for (let start = 0; start < batch.length; start += batchSize) {
      const chunk = batch.slice(start, start + batchSize);
      const keys = chunk.map((item) => entityRefKey(item.ref));
      let items: Array<Partial<Entity> | null> = [];
      try {
        const response = await doFetch(`${options.catalogBaseUrl}/entities/by-refs`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ entityRefs: keys, fields: PRESENTATION_FIELDS }),
        });
        if (response.ok) items = ((await response.json()) as { items: Array<Partial<Entity> | null> }).items;
      } catch {
        // A failed read leaves the refs as they are written; the next load after the TTL tries again.
      }
      chunk.forEach((item, index) => {
        const entity = items[index];
        item.resolve(entity?.kind && entity.metadata ? presentEntity(entity as Entity) : presentRef(item.ref));
      });
    }
  }

  return {
    load(ref) {
      let key: string;
      try {
        key = entityRefKey(ref);
      } catch {
        return Promise.resolve(presentRef(ref));
      }
      const cached = cache.get(key);
      if (cached && now() - cached.at < ttlMs) return cached.value;
      const value = new Promise<EntityPresentation>((resolve) => {
        const waiting = pending.get(key);
        if (waiting) {
          const previous = waiting.resolve;
          waiting.resolve = (presentation) => {
            previous(presentation);
            resolve(presentation);
          };
        } else pending.set(key, { ref, resolve });
      });
      cache.set(key, { at: now(), value });
      timer ??= setTimeout(() => void flush(), delayMs);
      return value;
    },
  };
}
