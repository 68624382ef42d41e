import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AtriumDatabase, type WalCheckpoints } from "./client.server";
import { startCheckpointer } from "./sqlite-checkpointer.server";

// Who copies the write-ahead log into the database file (./client.server.ts
// walCheckpoints): seen from outside, as the file on disk. A committed
// transaction lives in the log until a checkpoint copies it, and only then
// does the database file grow.

const ROWS = 2000;
const ROW_BYTES = 2000; // about 4 MB: beyond SQLite's automatic checkpoint of 1,000 pages

describe("SQLite checkpoints", () => {
  let dir: string;
  let database: AtriumDatabase | undefined;
  const file = () => path.join(dir, "atrium.sqlite");

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-checkpoints-"));
  });
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(walCheckpoints?: WalCheckpoints) {
    database = await openDatabase({ client: "better-sqlite3", connection: { directory: dir } } as never, dir, undefined, { walCheckpoints });
    await sql`CREATE TABLE filler (id integer primary key, body text not null)`.execute(database.db);
    return database;
  }

  async function commitFiller(db: AtriumDatabase) {
    await db.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ROWS; i++) await sql`INSERT INTO filler (body) VALUES (${"x".repeat(ROW_BYTES)})`.execute(trx);
    });
  }

  it("copies a commit into the file on the committing connection by default", async () => {
    const db = await open();
    await commitFiller(db);
    expect(statSync(file()).size).toBeGreaterThan(ROWS * ROW_BYTES);
  });

  it("with a checkpoint thread, the thread copies a commit without another commit", async () => {
    const db = await open("thread");
    await commitFiller(db);
    await expect.poll(() => statSync(file()).size, { timeout: 5000 }).toBeGreaterThan(ROWS * ROW_BYTES);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(db.readDb);
    expect(Number(rows[0].n)).toBe(ROWS);
  });

  it("leaves the copy to another connection's thread when told to (the HTTP workers beside the background worker), and that thread copies it", async () => {
    const db = await open("elsewhere");
    await commitFiller(db);
    await sleep(600);
    expect(statSync(file()).size).toBeLessThan(ROWS * ROW_BYTES);

    // As the background worker's open of the database: its thread copies what this connection committed.
    const other = await openDatabase({ client: "better-sqlite3", connection: { directory: dir } } as never, dir, undefined, { walCheckpoints: "thread" });
    try {
      await expect.poll(() => statSync(file()).size, { timeout: 5000 }).toBeGreaterThan(ROWS * ROW_BYTES);
    } finally {
      await other.destroy();
    }
  });

  it("stops its thread on destroy, and the database opens again whole", async () => {
    const db = await open("thread");
    await commitFiller(db);
    await db.destroy();
    database = undefined;
    const reopened = new DatabaseSync(file());
    try {
      expect(reopened.prepare("SELECT count(*) AS n FROM filler").get()).toEqual({ n: ROWS });
      expect(reopened.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    } finally {
      reopened.close();
    }
  });

  it("starts the log over once it holds the restart size, holding back a writer that would begin again at once", async () => {
    const writer = new DatabaseSync(file());
    writer.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; PRAGMA busy_timeout = 10000");
    writer.exec("CREATE TABLE filler (id integer primary key, body text not null)");
    const restartBytes = 8 * 1024 * 1024;
    const checkpointer = startCheckpointer(file(), (message) => expect.fail(message), restartBytes);
    try {
      // About 4 MB a transaction, one right after the other, until the log has started over twice.
      const insert = writer.prepare("INSERT INTO filler (body) VALUES (?)");
      const firstRestarts = walRestarts(file());
      let transactions = 0;
      // Within the test's own time limit (vitest.config.ts), so that a log that never starts over fails here, by the assertion below.
      const deadline = Date.now() + 15_000;
      while (walRestarts(file()) < firstRestarts + 2 && Date.now() < deadline) {
        // As the writing connection's dialect does (./sqlite-driver.server.ts lockWaitingDialect).
        await checkpointer.beforeTransaction();
        writer.exec("BEGIN IMMEDIATE");
        for (let i = 0; i < ROWS; i++) insert.run("y".repeat(ROW_BYTES));
        writer.exec("COMMIT");
        transactions++;
      }
      expect(walRestarts(file())).toBeGreaterThanOrEqual(firstRestarts + 2);
      // Without the restarts the log would hold every transaction.
      expect(statSync(`${file()}-wal`).size).toBeLessThan(transactions * ROWS * ROW_BYTES);
      expect(writer.prepare("SELECT count(*) AS n FROM filler").get()).toEqual({ n: transactions * ROWS });
    } finally {
      await checkpointer.stop();
      writer.close();
    }
  });
});

/** The log's checkpoint sequence number, which SQLite raises each time it writes the log from its start again (bytes 12-15 of its header). */
function walRestarts(databaseFile: string): number {
  const fd = openSync(`${databaseFile}-wal`, "r");
  try {
    const header = Buffer.alloc(16);
    readSync(fd, header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}
