import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqlite } from "./sqlite-driver.server";

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
});
