import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, useMigratedDatabase, type TestDatabaseConfig } from "../../../../tests/support/databases";
import { openDatabase, type AtriumDatabase } from "../../db/client.server";
import { migrateToLatest } from "../../db/migrate.server";
import { InputError } from "../../errors";
import { safeRelativePath, stripTopFolder } from "./directory";
import { checkDirectory, createTemplateEditorStore, MAX_RESULTS_PER_USER, parseYamlMapping, type DryRunResult } from "./template-editor.server";
import { zipArchive } from "./zip.server";

describe("template directory paths", () => {
  it("keeps relative paths inside the directory and refuses the rest", () => {
    expect(safeRelativePath("skeleton/catalog-info.yaml")).toBe("skeleton/catalog-info.yaml");
    for (const bad of ["../evil", "a/../../b", "/etc/passwd", "C:/x", "a\\b", "a//b", "./a", "a/./b", "", "a\0b"]) expect(safeRelativePath(bad)).toBeUndefined();
  });

  it("names a folder input's files from inside the folder", () => {
    expect(stripTopFolder(["my-template/template.yaml", "my-template/skeleton/README.md"])).toEqual(["template.yaml", "skeleton/README.md"]);
    expect(stripTopFolder(["template.yaml", "skeleton/README.md"])).toEqual(["template.yaml", "skeleton/README.md"]);
  });

  it("refuses a zip-slip name, a duplicate and a directory past the limits", () => {
    expect(() => checkDirectory([{ path: "../../.bashrc", base64Content: "" }])).toThrow(InputError);
    expect(() => checkDirectory([{ path: "../../.bashrc", base64Content: "" }])).toThrow("The file path '../../.bashrc' is not allowed");
    expect(() =>
      checkDirectory([
        { path: "a", base64Content: "" },
        { path: "a", base64Content: "" },
      ]),
    ).toThrow("appears twice");
    expect(() => checkDirectory(Array.from({ length: 501 }, (_, index) => ({ path: `f${index}`, base64Content: "" })))).toThrow("at most 500 files");
  });
});

describe("pasted YAML", () => {
  it("is a mapping, or blank", () => {
    expect(parseYamlMapping("name: x\n", "Values")).toEqual({ name: "x" });
    expect(parseYamlMapping("  \n", "Values")).toBeUndefined();
    expect(() => parseYamlMapping("- a\n- b\n", "Values")).toThrow("Values must be a YAML mapping");
    expect(() => parseYamlMapping("a: [\n", "Template")).toThrow(/^Template: /);
  });

  it("refuses a billion-laughs document instead of expanding it", () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 10; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`);
    }
    expect(() => parseYamlMapping(lines.join("\n"), "Template")).toThrow(InputError);
  });
});

describe.each(TEST_ENGINES)("the editor's store on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  const RESULT: Omit<DryRunResult, "id" | "n" | "createdAt"> = { templateTitle: "T", status: "completed", log: [], files: [], output: {} };

  it("keeps each user's draft and results apart, newest first, bounded", async () => {
    const store = createTemplateEditorStore(database.db);
    await store.save("user:default/ada", { template: "kind: Template" });
    expect((await store.draft("user:default/ada")).template).toBe("kind: Template");
    expect((await store.draft("user:default/bob")).template).toBe("");
    const results = [];
    for (let run = 0; run < MAX_RESULTS_PER_USER + 2; run++) results.push(await store.addResult("user:default/ada", RESULT));
    const kept = (await store.draft("user:default/ada")).results;
    expect(kept).toHaveLength(MAX_RESULTS_PER_USER);
    expect(kept[0].n).toBe(MAX_RESULTS_PER_USER + 2);
    expect(await store.result("user:default/bob", results.at(-1)!.id)).toBeUndefined();
    expect(await store.deleteResult("user:default/bob", results.at(-1)!.id)).toBe(false);
    expect(await store.deleteResult("user:default/ada", results.at(-1)!.id)).toBe(true);
    expect(await store.result("user:default/ada", results.at(-1)!.id)).toBeUndefined();
    // The draft's text survived the runs, and the oldest results are gone from the table, not only from the list.
    expect((await store.draft("user:default/ada")).template).toBe("kind: Template");
    expect(await store.result("user:default/ada", results[0].id)).toBeUndefined();
    const rows = await database.db.selectFrom("scaffolder_editor_results").select("n").orderBy("n").execute();
    expect(rows.map((row) => Number(row.n))).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("gives back a result whole: its log, files and output", async () => {
    const store = createTemplateEditorStore(database.db);
    const files = [
      { path: "README.md", base64Content: Buffer.from("# Hi\n").toString("base64") },
      { path: "run.sh", base64Content: "", executable: true },
    ];
    const stored = await store.addResult("user:default/ada", {
      templateTitle: "Try Me",
      status: "failed",
      error: "Boom",
      log: [{ at: "2026-11-28T10:00:00.000Z", stepId: "greet", status: "failed", message: "Boom" }],
      files,
      output: { greeting: "Hello" },
    });
    expect(await store.result("user:default/ada", stored.id)).toEqual(stored);
    expect(stored).toMatchObject({ n: 1, templateTitle: "Try Me", status: "failed", error: "Boom", files, output: { greeting: "Hello" } });
    expect((await store.draft("user:default/ada")).results).toEqual([{ id: stored.id, n: 1, createdAt: stored.createdAt, templateTitle: "Try Me", status: "failed" }]);
  });

  it("forgets a draft left alone for half a day, and its results", async () => {
    let now = 1_800_000_000_000;
    const store = createTemplateEditorStore(database.db, { now: () => now });
    await store.save("user:default/ada", { template: "x", files: [{ path: "a", base64Content: "" }] });
    const result = await store.addResult("user:default/ada", RESULT);
    now += 13 * 60 * 60 * 1000;
    expect(await store.draft("user:default/ada")).toEqual({ template: "", values: "", files: [], results: [] });
    expect(await store.result("user:default/ada", result.id)).toBeUndefined();
    // The next write, anyone's, sweeps them from the tables; Ada starts again at run 1.
    await store.save("user:default/bob", { template: "y" });
    expect(await database.db.selectFrom("scaffolder_editor_drafts").select("user_ref").execute()).toEqual([{ user_ref: "user:default/bob" }]);
    expect(await database.db.selectFrom("scaffolder_editor_results").select("id").execute()).toEqual([]);
    expect((await store.addResult("user:default/ada", RESULT)).n).toBe(1);
  });

  it("counts reading the editor as using it", async () => {
    let now = 1_800_000_000_000;
    const store = createTemplateEditorStore(database.db, { now: () => now });
    await store.save("user:default/ada", { template: "x" });
    now += 11 * 60 * 60 * 1000;
    expect((await store.draft("user:default/ada")).template).toBe("x");
    now += 11 * 60 * 60 * 1000;
    expect((await store.draft("user:default/ada")).template).toBe("x");
  });

  it("numbers two dry-runs posted at once 1 and 2", async () => {
    const store = createTemplateEditorStore(database.db);
    const both = await Promise.all([store.addResult("user:default/ada", RESULT), store.addResult("user:default/ada", RESULT)]);
    expect(both.map((result) => result.n).sort()).toEqual([1, 2]);
  });
});

describe.each(TEST_ENGINES)("two app instances on one %s database (what two worker processes are)", (engine) => {
  let config: TestDatabaseConfig;
  let first: AtriumDatabase;
  let second: AtriumDatabase;

  beforeEach(async () => {
    // A file, not ':memory:', for SQLite: each instance opens its own connections to it, as each worker does.
    config = engine === "sqlite" ? { client: "better-sqlite3", connection: { filename: path.join(mkdtempSync(path.join(tmpdir(), "atrium-editor-")), "atrium.sqlite") } } : testDatabaseConfig("pg");
    first = await openDatabase(config as never, process.cwd());
    await migrateToLatest(first);
    second = await openDatabase(config as never, process.cwd());
  });
  afterEach(async () => {
    await first?.destroy();
    await second?.destroy();
    await dropTestDatabase(config);
  });

  it("reads through one the draft and the dry-run result saved through the other", async () => {
    const one = createTemplateEditorStore(first.db);
    const other = createTemplateEditorStore(second.db);
    const files = [{ path: "README.md", base64Content: Buffer.from("# Read me\n").toString("base64") }];
    await one.save("user:default/ada", { template: "kind: Template", values: "name: ada", files });
    const stored = await one.addResult("user:default/ada", { templateTitle: "Try Me", status: "completed", log: [{ at: "", message: "Hello ada" }], files, output: { greeting: "Hello ada" } });

    const draft = await other.draft("user:default/ada");
    expect(draft).toMatchObject({ template: "kind: Template", values: "name: ada", files, results: [{ id: stored.id, n: 1, templateTitle: "Try Me" }] });
    expect(await other.result("user:default/ada", stored.id)).toEqual(stored);
    // And the other way: a run through the second instance is the user's run 2; deleting it through the first is seen by the second.
    const next = await other.addResult("user:default/ada", { templateTitle: "Try Me", status: "completed", log: [], files: [], output: {} });
    expect(next.n).toBe(2);
    expect(await one.deleteResult("user:default/ada", next.id)).toBe(true);
    expect((await other.draft("user:default/ada")).results.map((result) => result.n)).toEqual([1]);
  });
});

describe("zipArchive", () => {
  it("writes an archive unzip reads back, file modes included", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-zip-"));
    const big = "hello zip\n".repeat(1000);
    writeFileSync(
      path.join(dir, "result.zip"),
      zipArchive([
        { path: "README.md", content: Buffer.from(big) },
        { path: "skeleton/run.sh", content: Buffer.from("#!/bin/sh\necho hi\n"), executable: true },
        { path: "données/ü.txt", content: Buffer.from("x") },
      ]),
    );
    execFileSync("unzip", ["-q", "result.zip", "-d", "out"], { cwd: dir });
    expect(readFileSync(path.join(dir, "out/README.md"), "utf8")).toBe(big);
    expect(readFileSync(path.join(dir, "out/skeleton/run.sh"), "utf8")).toBe("#!/bin/sh\necho hi\n");
    expect(statSync(path.join(dir, "out/skeleton/run.sh")).mode & 0o111).not.toBe(0);
    expect(readFileSync(path.join(dir, "out/données/ü.txt"), "utf8")).toBe("x");
  });

  it("refuses a name that would climb out of the folder it is unpacked in", () => {
    expect(() => zipArchive([{ path: "../outside", content: Buffer.from("x") }])).toThrow("Refusing to zip the path '../outside'");
  });
});
