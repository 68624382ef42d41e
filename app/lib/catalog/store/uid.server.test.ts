import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../../tests/support/databases";
import { ensureNewUidsSortLast, newEntityUid, sortNewUidsAfter } from "./uid.server";

describe("newEntityUid", () => {
  it("makes version 7 UUIDs that sort in the order they were made, even within a millisecond", () => {
    const uids = Array.from({ length: 5000 }, () => newEntityUid(1_800_000_000_000));
    expect(uids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uids).size).toBe(uids.length);
    expect([...uids].sort()).toEqual(uids);
    expect(newEntityUid(1_800_000_000_001) > uids.at(-1)!).toBe(true);
  });

  it("sorts after a uid made elsewhere, with a later clock or a random version 4 one", () => {
    // Another process's uid, a day ahead of this one's clock.
    const later = newEntityUid(Date.now() + 86_400_000).replace(/^(.{14}).{4}/, "$1" + "7fff");
    sortNewUidsAfter(later);
    const next = newEntityUid();
    expect(next > later).toBe(true);
    expect(newEntityUid() > next).toBe(true);
    const random = "e1b2c3d4-aaaa-4bbb-8ccc-ddddeeeeffff";
    sortNewUidsAfter(random);
    expect(newEntityUid() > random).toBe(true);
  });
});

describe.each(TEST_ENGINES)("ensureNewUidsSortLast on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("moves the clock past the largest uid in the catalog", async () => {
    // Another process's, far ahead of this one's clock (further for the second engine: the clock stays moved).
    const theirs = `${engine === "sqlite" ? "f0" : "f8"}000000-0000-7000-8000-000000000000`;
    await sql`INSERT INTO catalog_entities (entity_id, entity_ref, kind, namespace, name, body, hash, etag, updated_at)
      VALUES (${theirs}, 'component:default/theirs', 'component', 'default', 'theirs', '{}', 'h', 'e', 0)`.execute(database.db);
    expect(newEntityUid() < theirs).toBe(true);
    await ensureNewUidsSortLast(database.db);
    expect(newEntityUid() > theirs).toBe(true);
  });
});
