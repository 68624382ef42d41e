import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

// Entity uids are UUIDs of version 7: time-ordered, so new entities append to
// the end of every index keyed by uid instead of landing at random pages,
// which keeps bulk ingestion of a large catalog fast. Clients only ever see
// an opaque string, as with Backstage's version 4 uids.
//
// On SQLite the full-text index relies on more (store/full-text.server.ts):
// an entity inserted later sorts after every uid already in the catalog, so
// that rowid order is uid order. Another process, or a clock set back, could
// otherwise hand out a smaller one; each inserting transaction therefore
// moves this process's clock past the catalog's largest uid first.

let lastMs = 0;
let sequence = 0;

export function newEntityUid(now = Date.now()): string {
  // Within one millisecond a 12-bit counter keeps uids ordered; when it runs
  // out, the timestamp moves on by a millisecond.
  if (now <= lastMs) {
    now = lastMs;
    if (++sequence > 0x0fff) {
      now = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = randomBytes(2).readUInt16BE() & 0x07ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Makes every uid this process hands out next sort after `uid`. */
export function sortNewUidsAfter(uid: string): void {
  const hex = uid.replaceAll("-", "");
  if (!/^[0-9a-f]{16}/.test(hex)) return;
  const ms = Number.parseInt(hex.slice(0, 12), 16);
  const counter = Number.parseInt(hex.slice(13, 16), 16);
  // A version 4 uid may carry any "time"; from one beyond six bytes there is no after.
  if (ms >= 2 ** 48 - 1) return;
  if (ms > lastMs || (ms === lastMs && counter > sequence)) {
    lastMs = ms;
    sequence = counter;
  }
}

/** Run in an inserting transaction (on SQLite it holds the write lock) before its entities get uids. */
export async function ensureNewUidsSortLast(trx: Kysely<Database> | Transaction<Database>): Promise<void> {
  const latest = await trx.selectFrom("catalog_entities").select("entity_id").orderBy("entity_id", "desc").limit(1).executeTakeFirst();
  if (latest) sortNewUidsAfter(latest.entity_id);
}
