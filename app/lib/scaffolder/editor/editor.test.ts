import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../errors";
import { safeRelativePath, stripTopFolder } from "./directory";
import { checkDirectory, createTemplateEditorStore, MAX_RESULTS_PER_USER, parseYamlMapping } from "./template-editor.server";
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

describe("the editor's store", () => {
  it("keeps each user's draft and results apart, newest first, bounded", () => {
    const store = createTemplateEditorStore();
    store.save("user:default/ada", { template: "kind: Template" });
    expect(store.draft("user:default/ada").template).toBe("kind: Template");
    expect(store.draft("user:default/bob").template).toBe("");
    const results = Array.from({ length: MAX_RESULTS_PER_USER + 2 }, () => store.addResult("user:default/ada", { templateTitle: "T", status: "completed", log: [], files: [], output: {} }));
    const kept = store.draft("user:default/ada").results;
    expect(kept).toHaveLength(MAX_RESULTS_PER_USER);
    expect(kept[0].n).toBe(MAX_RESULTS_PER_USER + 2);
    expect(store.result("user:default/bob", results.at(-1)!.id)).toBeUndefined();
    expect(store.deleteResult("user:default/ada", results.at(-1)!.id)).toBe(true);
    expect(store.result("user:default/ada", results.at(-1)!.id)).toBeUndefined();
  });

  it("forgets a draft left alone for half a day", () => {
    let now = 0;
    const store = createTemplateEditorStore({ now: () => now });
    store.save("user:default/ada", { template: "x" });
    now += 13 * 60 * 60 * 1000;
    store.draft("user:default/bob");
    expect(store.draft("user:default/ada").template).toBe("");
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
