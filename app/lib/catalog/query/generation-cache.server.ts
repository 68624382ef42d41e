import type { Kysely } from "kysely";
import { detachedFromRequest } from "../../db/query-signal.server";
import type { Database } from "../../db/schema";

// Counts and facets over a large catalog cost a scan of an index; between
// two changes of the catalog they cannot change. Results are kept per
// catalog generation (store/entity-writer.server.ts bumps it after every
// write, on any replica), so a cached answer is never stale, and concurrent
// identical requests share one computation.

const DEFAULT_MAX_ENTRIES = 500;

export type GenerationCache = {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
};

export function createGenerationCache(db: Kysely<Database>, maxEntries = DEFAULT_MAX_ENTRIES): GenerationCache {
  const entries = new Map<string, { generation: number; value: Promise<unknown> }>();

  async function generation(): Promise<number> {
    const row = await db.selectFrom("catalog_generation").select("generation").where("id", "=", 1).executeTakeFirst();
    return Number(row?.generation ?? 0);
  }

  return {
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const current = await generation();
      const hit = entries.get(key);
      if (hit && hit.generation === current) {
        entries.delete(key);
        entries.set(key, hit); // most recently used last
        return hit.value as Promise<T>;
      }
      // Shared by identical requests: computed apart from this one's signal, so its client leaving cancels nothing.
      const value = detachedFromRequest(compute);
      entries.set(key, { generation: current, value });
      value.catch(() => entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
