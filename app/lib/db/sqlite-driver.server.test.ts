import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Kysely, sql, type Generated } from "kysely";
import { lockWaitingDialect, openSqlite } from "./sqlite-driver.server";

describe("openSqlite's statement cache", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("reuses a statement by its SQL and still reads what the other connection committed since", () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-sqlite-driver-"));
    const file = path.join(dir, "db.sqlite");
    const writer = openSqlite(file);
    const reader = openSqlite(file, { statementCache: 2 });
    writer.raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    writer.prepare("INSERT INTO t (v) VALUES (?)").run(["a"]);
    const select = "SELECT v FROM t WHERE id >= ? ORDER BY id";
    const first = reader.prepare(select);
    expect(first.all([1])).toEqual([{ v: "a" }]);
    writer.prepare("INSERT INTO t (v) VALUES (?)").run(["b"]);
    expect(reader.prepare(select)).toBe(first);
    expect(reader.prepare(select).all([1])).toEqual([{ v: "a" }, { v: "b" }]);
    // Beyond its size the least recently used statement is prepared afresh.
    reader.prepare("SELECT 1 AS one");
    reader.prepare("SELECT 2 AS two");
    expect(reader.prepare(select)).not.toBe(first);
    expect(reader.prepare(select).all([2])).toEqual([{ v: "b" }]);
    reader.close();
    writer.close();
  });

  it("begins the writer's transactions with the write lock, so one that reads first is never failed by another process's commit", () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-sqlite-driver-"));
    const file = path.join(dir, "db.sqlite");
    const writer = openSqlite(file, { writer: true });
    const otherProcess = openSqlite(file, { writer: true });
    writer.raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    writer.prepare("begin").run([]);
    expect(writer.prepare("SELECT count(*) AS n FROM t").all([])).toEqual([{ n: 0 }]);
    // A deferred transaction would let this commit and then fail the writer's insert below.
    expect(() => otherProcess.prepare("INSERT INTO t (v) VALUES (?)").run(["other"])).toThrow(/database is locked/);
    writer.prepare("INSERT INTO t (v) VALUES (?)").run(["mine"]);
    writer.prepare("commit").run([]);
    otherProcess.prepare("INSERT INTO t (v) VALUES (?)").run(["other"]);
    expect(writer.prepare("SELECT v FROM t ORDER BY id").all([])).toEqual([{ v: "mine" }, { v: "other" }]);
    otherProcess.close();
    writer.close();
  });

  it("waits for another process's write lock without holding the event loop, then writes", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-sqlite-driver-"));
    const file = path.join(dir, "db.sqlite");
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({ dialect: lockWaitingDialect(openSqlite(file, { writer: true })) });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(db);
    const otherProcess = openSqlite(file, { writer: true });
    otherProcess.prepare("begin").run([]);
    otherProcess.prepare("INSERT INTO t (v) VALUES (?)").run(["other"]);

    const started = performance.now();
    const insert = db.insertInto("t").values({ v: "mine" }).execute();
    const transaction = db.transaction().execute((trx) => trx.insertInto("t").values({ v: "in a transaction" }).execute());
    // Timers keep firing while both wait: the waiting is not SQLite's sleep on the thread.
    const ticks: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      ticks.push(performance.now() - before);
    }
    expect(Math.max(...ticks)).toBeLessThan(150);
    otherProcess.prepare("commit").run([]);
    await Promise.all([insert, transaction]);
    expect(performance.now() - started).toBeGreaterThan(200);
    expect((await db.selectFrom("t").select("v").orderBy("id").execute()).map((row) => row.v)).toEqual(["other", "mine", "in a transaction"]);
    otherProcess.close();
    await db.destroy();
  });
});
