import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ConflictError } from "../errors";
import { taskSettings } from "../scheduler/schedule";
import { beatTask, persistTask, releaseTask, triggerStoredTask, tryClaimTask, type Claim } from "../scheduler/task-store.server";
import { HEARTBEAT_MS, LEASE_STALE_MS } from "../scheduler/scheduler.server";

// One build of an entity's docs at a time across replicas: a build holds a
// lease in the scheduler's table (scheduler_tasks, the leases every global
// task takes; app/lib/scheduler/), under a plugin id of its own so the
// scheduler's tasks API does not list them, one row per entity. The lease is
// beaten while the build runs; a replica that died mid-build loses it after
// LEASE_STALE_MS, as a task's holder does.

const LEASE_PLUGIN_ID = "techdocs.builds";

export type BuildLease = { release(error?: Error): Promise<void> };

export type BuildLeases = {
  /** The lease for the entity, or undefined when another replica holds it. */
  acquire(entityKey: string, timeoutMs: number): Promise<BuildLease | undefined>;
};

export function createBuildLeases(db: Kysely<Database>): BuildLeases {
  const holder = randomUUID();
  return {
    async acquire(entityKey, timeoutMs) {
      // Task ids are short and plain: the entity's key hashed.
      const key = { pluginId: LEASE_PLUGIN_ID, taskId: `build:${createHash("sha256").update(entityKey).digest("hex").slice(0, 40)}` };
      const settings = taskSettings({ frequency: { trigger: "manual" }, timeout: { milliseconds: timeoutMs } });
      const now = Date.now();
      await persistTask(db, { ...key, settings, now });
      try {
        await triggerStoredTask(db, { ...key, now, staleBefore: now - LEASE_STALE_MS });
      } catch (error) {
        if (error instanceof ConflictError) return undefined;
        throw error;
      }
      const claim: Claim | undefined = await tryClaimTask(db, { ...key, ticket: randomUUID(), holder, now, timeoutMs, staleBefore: now - LEASE_STALE_MS });
      if (!claim) return undefined;
      const heartbeat = setInterval(() => void beatTask(db, { ...key, ticket: claim.ticket, now: Date.now() }).catch(() => undefined), HEARTBEAT_MS);
      heartbeat.unref();
      return {
        async release(error) {
          clearInterval(heartbeat);
          await releaseTask(db, { ...key, claim, settings, now: Date.now(), error: error ? { name: error.name, message: error.message } : undefined });
        },
      };
    },
  };
}
