import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logger.server";
import type { EntityStatusItem } from "../entity";
import { finishLocation, processingError, writeTargetOutput, type WriteSummary } from "../store/entity-writer.server";
import { processLocationTargets, type ProcessingContext } from "./process-location.server";

// The processing loop: Location entities that are due are claimed with a
// lease (an UPDATE that only succeeds when nobody holds one), processed and
// written. Replicas sharing PostgreSQL therefore never process the same
// location at once, and a replica that dies mid-way loses its lease when it
// expires.

export const LEASE_MS = 10 * 60_000;
const IDLE_POLL_MS = 1000;
const RETRY_AFTER_FAILURE_MS = 60_000;

export type ProcessingEngine = {
  /** Processes Location entities that are due; resolves with how many were processed. */
  processDue(limit?: number): Promise<number>;
  /** Processes one Location entity now, waiting for a lease another replica holds. */
  processNow(entityRef: string): Promise<WriteSummary | undefined>;
  /** Processes until nothing is due (tests, benchmarks, first start). */
  drain(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

export function createProcessingEngine(options: {
  db: Kysely<Database>;
  context: ProcessingContext;
  logger: Logger;
  /** Milliseconds until a processed location is due again; false never refreshes. */
  refreshInterval: () => number | false;
  concurrency?: number;
  now?: () => number;
}): ProcessingEngine {
  const { db, logger } = options;
  const owner = randomUUID();
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? 2;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** Takes the lease if nobody holds one and, unless forced, if the location is still due. */
  async function claim(entityId: string, force = false): Promise<boolean> {
    const at = now();
    let update = db
      .updateTable("catalog_entities")
      .set({ lease_owner: owner, lease_until: at + LEASE_MS })
      .where("entity_id", "=", entityId)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]));
    if (!force) update = update.where("next_refresh_at", "<=", at);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function processClaimed(row: { entity_id: string; entity_ref: string; body: string }): Promise<WriteSummary | undefined> {
    try {
      const isKnown = async (key: string) =>
        Boolean(await db.selectFrom("catalog_entities").select("entity_id").where("entity_ref", "=", key).where("parent_ref", "=", row.entity_ref).executeTakeFirst());
      const total: WriteSummary = { inserted: 0, updated: 0, orphaned: 0, conflicts: 0 };
      const errors: EntityStatusItem[] = [];
      const targetKeys: string[] = [];
      const seen = new Set<string>();
      for await (const target of processLocationTargets(row, options.context, isKnown)) {
        errors.push(...target.errors);
        if (!target.scopeKey) continue;
        targetKeys.push(target.scopeKey);
        if (!target.read) continue;
        // The first of the Location's files to emit an entity keeps it.
        const emitted = target.emitted.filter((item) => {
          if (!seen.has(item.key)) return seen.add(item.key);
          errors.push(processingError("InputError", `Duplicate nested entity: ${item.key}`));
          return false;
        });
        const written = await writeTargetOutput(db, { parentKey: row.entity_ref, scopeKey: target.scopeKey, emitted, keptWithErrors: target.keptWithErrors, now: now() });
        errors.push(...written.errors);
        for (const key of ["inserted", "updated", "orphaned", "conflicts"] as const) total[key] += written.summary[key];
      }
      const at = now();
      const interval = options.refreshInterval();
      total.orphaned += await finishLocation(db, { parentKey: row.entity_ref, targetKeys, errors, now: at, nextRefreshAt: interval === false ? Number.MAX_SAFE_INTEGER : at + interval });
      if (total.inserted || total.updated || total.orphaned || errors.length) {
        logger.info({ location: row.entity_ref, ...total, errors: errors.length }, "Processed location");
      }
      return total;
    } catch (error) {
      logger.error({ err: error, location: row.entity_ref }, "Processing a location failed; retrying later");
      await db
        .updateTable("catalog_entities")
        .set({ lease_owner: null, lease_until: null, next_refresh_at: now() + RETRY_AFTER_FAILURE_MS })
        .where("entity_id", "=", row.entity_id)
        .execute()
        .catch(() => undefined);
      return undefined;
    }
  }

  async function processDue(limit = concurrency * 4): Promise<number> {
    const at = now();
    const due = await db
      .selectFrom("catalog_entities")
      .select(["entity_id", "entity_ref", "body"])
      .where("kind", "=", "location")
      .where("orphan", "=", 0)
      .where("next_refresh_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .orderBy("next_refresh_at")
      .limit(limit)
      .execute();
    let processed = 0;
    const queue = [...due];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          if (!(await claim(row.entity_id))) continue;
          await processClaimed(row);
          processed++;
        }
      }),
    );
    return processed;
  }

  async function tick() {
    if (stopped) return;
    let processed = 0;
    running = processDue()
      .then((count) => (processed = count))
      .catch((error) => logger.error({ err: error }, "Catalog processing loop failed"));
    await running;
    if (!stopped) timer = setTimeout(tick, processed > 0 ? 0 : IDLE_POLL_MS);
  }

  return {
    processDue,
    async processNow(entityRef) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const row = await db.selectFrom("catalog_entities").select(["entity_id", "entity_ref", "body"]).where("entity_ref", "=", entityRef).executeTakeFirst();
        if (!row) return undefined;
        if (await claim(row.entity_id, true)) return processClaimed(row);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return undefined;
    },
    async drain() {
      while ((await processDue()) > 0);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
