import { randomBytes } from "node:crypto";

// Entity uids are UUIDs of version 7: time-ordered, so new entities append to
// the end of every index keyed by uid instead of landing at random pages,
// which keeps bulk ingestion of a large catalog fast. Clients only ever see
// an opaque string, as with Backstage's version 4 uids.

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
