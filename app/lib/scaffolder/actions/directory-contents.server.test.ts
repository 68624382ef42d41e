import { mkdir, mkdtemp, readdir, readFile, readlink, realpath, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { deserializeDirectoryContents, serializeDirectoryContents } from "./directory-contents.server";

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("directory contents", () => {
  let root: string;
  let target: string;
  beforeEach(async () => {
    root = await realpath(await mkdtemp(path.join(tmpdir(), "atrium-contents-")));
    target = path.join(root, "target");
    await mkdir(target);
  });

  it("writes files, executables and inner links, and reads them back the same", async () => {
    const files = [
      { path: "template.yaml", base64Content: b64("kind: Template") },
      { path: "skeleton/run.sh", base64Content: b64("#!/bin/sh"), executable: true },
      { path: "skeleton/alias.yaml", base64Content: b64("../template.yaml"), symlink: true },
    ];
    await deserializeDirectoryContents(target, files);
    expect(await readFile(path.join(target, "template.yaml"), "utf8")).toBe("kind: Template");
    expect((await stat(path.join(target, "skeleton/run.sh"))).mode & 0o111).not.toBe(0);
    expect(await readlink(path.join(target, "skeleton/alias.yaml"))).toBe("../template.yaml");
    expect(await serializeDirectoryContents(target)).toEqual([files[2], files[1], files[0]]);
  });

  it("refuses zip-slip paths and links out, writing nothing", async () => {
    for (const [name, file, message] of [
      ["dot-dot", { path: "../evil.txt", base64Content: b64("x") }, "Path '../evil.txt' is outside the target directory"],
      ["nested dot-dot", { path: "a/../../evil.txt", base64Content: b64("x") }, "is outside the target directory"],
      ["backslashes", { path: "a\\..\\..\\evil.txt", base64Content: b64("x") }, "is outside the target directory"],
      ["absolute", { path: path.join(root, "evil.txt"), base64Content: b64("x") }, "is absolute"],
      ["link out", { path: "link", base64Content: b64("../../etc"), symlink: true }, "The symbolic link 'link' points outside the target directory"],
      ["absolute link", { path: "link", base64Content: b64("/etc/passwd"), symlink: true }, "points outside the target directory"],
    ] as const) {
      await expect(deserializeDirectoryContents(target, [{ path: "ok.txt", base64Content: b64("fine") }, file]), name).rejects.toThrow(message);
    }
    expect(await readdir(target)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(["target"]);
  });

  it("refuses to write through a link already in the target directory", async () => {
    const outside = path.join(root, "outside");
    await mkdir(outside);
    await symlink(outside, path.join(target, "out"));
    await expect(deserializeDirectoryContents(target, [{ path: "out/evil.txt", base64Content: b64("x") }])).rejects.toThrow(/through a symbolic link/);
    await writeFile(path.join(outside, "file"), "keep");
    await symlink(path.join(outside, "file"), path.join(target, "f"));
    await expect(deserializeDirectoryContents(target, [{ path: "f", base64Content: b64("x") }])).rejects.toThrow(/through a symbolic link|already a symbolic link/);
    expect(await readFile(path.join(outside, "file"), "utf8")).toBe("keep");
    expect(await readdir(outside)).toEqual(["file"]);
  });
});
