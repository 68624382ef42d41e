import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { statusOf } from "../../errors";
import type { Logger } from "../../logger.server";
import type { PluginScheduler } from "../../scheduler/scheduler.server";
import type { EntityStatusItem } from "../entity";
import { finishLocation, LeaseLostError, processingError, writeTargetOutput, type WriteSummary } from "../store/entity-writer.server";
import { stitchPending } from "../store/stitch.server";
import { processLocationTargets, type ProcessingContext } from "./process-location.server";

// Catalog processing: Location entities that are due are claimed with a
// lease (an UPDATE that only succeeds when nobody holds one), processed and
// written. Replicas sharing PostgreSQL therefore never process the same
// location at once. The lease is short and renewed while the location is
// processed, so one held by a process that died (kill -9 mid-ingestion) is
// free again within LEASE_MS. A process that stalls past its lease (a paused
// machine) and comes back finds it gone at its next write, which renews the
// lease in the write's own transaction or fails (entity-writer), and stops:
// the location is the new holder's. Nothing here runs on its own: the scheduler
// runs `drain` as the catalog's processing task (catalog.server.ts), and
// `processSoon` asks that task to run now.

/** A location lease nobody renewed for this long is free again. */
export const LEASE_MS = 30_000;
/** How often the processing replica renews the leases of the locations it is processing. */
export const LEASE_RENEW_MS = 10_000;
const RETRY_AFTER_FAILURE_MS = 60_000;
/** The scheduler task (plugin 'catalog') that processes due locations. */
export const PROCESSING_TASK_ID = "catalog-processing";

export type ProcessingEngine = {
  /** Processes Location entities that are due; resolves with how many were processed. */
  processDue(limit?: number, signal?: AbortSignal): Promise<number>;
  /** Processes one Location entity now, waiting for a lease another replica holds. */
  processNow(entityRef: string): Promise<WriteSummary | undefined>;
  /** Marks a Location entity due now and triggers the processing task, which processes it; never throws (failures are logged). */
  processSoon(entityRef: string): Promise<void>;
  /** Processes until nothing is due or the signal aborts (the processing task, tests, benchmarks), then stitches what is left unstitched. */
  drain(signal?: AbortSignal): Promise<void>;
};

export function createProcessingEngine(options: {
  db: Kysely<Database>;
  context: ProcessingContext;
  logger: Logger;
  /** Milliseconds until a processed location is due again; false never refreshes. */
  refreshInterval: () => number | false;
  /** The catalog's scheduler, which runs the processing task. */
  scheduler: PluginScheduler;
  concurrency?: number;
  now?: () => number;
}): ProcessingEngine {
  const { db, logger } = options;
  const owner = randomUUID();
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? 2;

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

  /** Keeps our lease on a location alive while it is processed; a dead process stops renewing and the lease lapses. */
  function renewLease(entityId: string): () => void {
    const timer = setInterval(() => {
      db.updateTable("catalog_entities")
        .set({ lease_until: now() + LEASE_MS })
        .where("entity_id", "=", entityId)
        .where("lease_owner", "=", owner)
        .execute()
        .catch((error) => logger.warn({ err: error, entityId }, "Could not renew a location's processing lease; retrying"));
    }, LEASE_RENEW_MS);
    return () => clearInterval(timer);
  }

  async function processClaimed(row: { entity_id: string; entity_ref: string; body: string }): Promise<WriteSummary | undefined> {
    const stopRenewing = renewLease(row.entity_id);
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
        const at = now();
        const lease = { owner, until: at + LEASE_MS };
        const written = await writeTargetOutput(db, { parentKey: row.entity_ref, lease, scopeKey: target.scopeKey, emitted, keptWithErrors: target.keptWithErrors, now: at });
        errors.push(...written.errors);
        for (const key of ["inserted", "updated", "orphaned", "conflicts"] as const) total[key] += written.summary[key];
      }
      const at = now();
      const interval = options.refreshInterval();
      total.orphaned += await finishLocation(db, {
        parentKey: row.entity_ref,
        lease: { owner, until: at + LEASE_MS },
        targetKeys,
        errors,
        now: at,
        nextRefreshAt: interval === false ? Number.MAX_SAFE_INTEGER : at + interval,
      });
      if (total.inserted || total.updated || total.orphaned || errors.length) {
        logger.info({ location: row.entity_ref, ...total, errors: errors.length }, "Processed location");
      }
      return total;
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn({ location: row.entity_ref }, "Stopped processing a location whose lease lapsed; another process holds it now");
        return undefined;
      }
      logger.error({ err: error, location: row.entity_ref }, "Processing a location failed; retrying later");
      await db
        .updateTable("catalog_entities")
        .set({ lease_owner: null, lease_until: null, next_refresh_at: now() + RETRY_AFTER_FAILURE_MS })
        .where("entity_id", "=", row.entity_id)
        .where("lease_owner", "=", owner)
        .execute()
        .catch((releaseError) => logger.error({ err: releaseError, location: row.entity_ref }, `Could not release a location's lease; it lapses after ${LEASE_MS / 1000} s`));
      return undefined;
    } finally {
      stopRenewing();
    }
  }

  async function processDue(limit = concurrency * 4, signal?: AbortSignal): Promise<number> {
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
        for (let row = queue.shift(); row && !signal?.aborted; row = queue.shift()) {
          if (!(await claim(row.entity_id))) continue;
          await processClaimed(row);
          processed++;
        }
      }),
    );
    return processed;
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
    async processSoon(entityRef) {
      try {
        await db.updateTable("catalog_entities").set({ next_refresh_at: now() }).where("entity_ref", "=", entityRef).execute();
        await options.scheduler.triggerTask(PROCESSING_TASK_ID);
      } catch (error) {
        // Running already (it drains what is due, this location included) or not registered yet
        // (it runs once the scheduler starts): nothing is lost.
        if (statusOf(error) === 409 || statusOf(error) === 404) return;
        logger.error({ err: error, task: PROCESSING_TASK_ID, location: entityRef }, "Could not ask for the location to be processed now; it is processed when it is next due");
      }
    },
    async drain(signal) {
      while (!signal?.aborted && (await processDue(undefined, signal)) > 0);
      // Entities left without their final text (store/stitch.server.ts): those that only gained or lost relations.
      while (!signal?.aborted && (await stitchPending(db)) > 0);
    },
  };
}
