import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { actionRun, type ActionRun } from "../action-context.test-support";
import { createDebugLogAction } from "./debug-log.server";
import { createWaitAction } from "./debug-wait.server";
import { createFilesystemDeleteAction } from "./fs-delete.server";
import { createFilesystemRenameAction } from "./fs-rename.server";

async function files(run: ActionRun, entries: Record<string, string>) {
  for (const [name, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(run.workspace.path, name)), { recursive: true });
    await writeFile(path.join(run.workspace.path, name), content);
  }
}
const list = async (run: ActionRun) => (await readdir(run.workspace.path, { recursive: true })).map((name) => name.split(path.sep).join("/")).sort();

describe("fs:delete", () => {
  let run: ActionRun;
  beforeEach(async () => {
    run = await actionRun();
  });

  it("deletes the files and directories named, and those a glob matches, dot files included", async () => {
    await files(run, { "a.txt": "", "b.txt": "", "dir/c.txt": "", "logs/x.log": "", "logs/deep/y.log": "", ".env.log": "", "keep.md": "" });
    await run.run(createFilesystemDeleteAction(), { files: ["a.txt", "dir", "**/*.log", "missing.txt"] });
    expect(await list(run)).toEqual(["b.txt", "keep.md", "logs", "logs/deep"]);
    expect(run.logs.map((line) => line.message)).toContain("File a.txt deleted successfully");
  });

  it("deletes nothing outside the workspace, and removes a link without touching what it points at", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "atrium-outside-"));
    await writeFile(path.join(outside, "precious"), "keep me");
    await symlink(outside, path.join(run.workspace.path, "link"));
    await expect(run.run(createFilesystemDeleteAction(), { files: ["../.."] })).rejects.toThrow("Path '../..' is outside the workspace");
    await expect(run.run(createFilesystemDeleteAction(), { files: [outside] })).rejects.toThrow(/is absolute/);
    await expect(run.run(createFilesystemDeleteAction(), { files: ["link/precious"] })).rejects.toThrow(/through a symbolic link/);
    await expect(run.run(createFilesystemDeleteAction(), { files: ["../**"] })).rejects.toThrow(/outside the workspace/);
    await run.run(createFilesystemDeleteAction(), { files: ["link"] });
    expect(await readFile(path.join(outside, "precious"), "utf8")).toBe("keep me");
    expect(await list(run)).toEqual([]);
    await expect(run.run(createFilesystemDeleteAction(), { files: "a.txt" } as never)).rejects.toThrow("files must be an Array");
  });
});

describe("fs:rename", () => {
  let run: ActionRun;
  beforeEach(async () => {
    run = await actionRun();
  });

  it("moves files and directories, refusing to overwrite unless told to", async () => {
    await files(run, { "a.txt": "A", "b.txt": "B", "assets/logo.svg": "<svg/>", "taken.txt": "T" });
    await run.run(createFilesystemRenameAction(), {
      files: [
        { from: "a.txt", to: "renamed/a.txt" },
        { from: "assets/", to: "static/" },
        { from: "b.txt", to: "taken.txt", overwrite: true },
      ],
    });
    expect(await list(run)).toEqual(["renamed", "renamed/a.txt", "static", "static/logo.svg", "taken.txt"]);
    expect(await readFile(path.join(run.workspace.path, "taken.txt"), "utf8")).toBe("B");
    await files(run, { "c.txt": "C" });
    await expect(run.run(createFilesystemRenameAction(), { files: [{ from: "c.txt", to: "taken.txt" }] })).rejects.toThrow("Failed to rename file c.txt to taken.txt: the destination already exists");
    await expect(run.run(createFilesystemRenameAction(), { files: [{ from: "nope.txt", to: "x.txt" }] })).rejects.toThrow(/the source does not exist/);
    await expect(run.run(createFilesystemRenameAction(), { files: [{ from: "c.txt" }] } as never)).rejects.toThrow("each file must have a from and to property");
  });

  it("moves nothing into or out of places outside the workspace", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "atrium-outside-"));
    await writeFile(path.join(outside, "secret"), "s");
    await files(run, { "a.txt": "A" });
    await symlink(outside, path.join(run.workspace.path, "out"));
    const rename = (from: string, to: string) => run.run(createFilesystemRenameAction(), { files: [{ from, to }] });
    await expect(rename("a.txt", "../a.txt")).rejects.toThrow("Path '../a.txt' is outside the workspace");
    await expect(rename("a.txt", path.join(outside, "a.txt"))).rejects.toThrow(/is absolute/);
    await expect(rename("a.txt", "out/a.txt")).rejects.toThrow(/through a symbolic link/);
    await expect(rename("out/secret", "stolen")).rejects.toThrow(/through a symbolic link/);
    expect((await readdir(outside)).sort()).toEqual(["secret"]);
  });
});

describe("debug:log", () => {
  it("logs the message, and the workspace's files with or without their contents", async () => {
    const run = await actionRun();
    await files(run, { "README.md": "# hi", "src/index.js": "x" });
    await run.run(createDebugLogAction(), { message: "Hello Backstage!", listWorkspace: true });
    await run.run(createDebugLogAction(), { listWorkspace: "with-contents" });
    expect(run.logs.map((line) => line.message)).toEqual(["Hello Backstage!", "Workspace:\n  - README.md\n  - src/index.js", "Workspace:\n  - README.md:\n\n  # hi\n  - src/index.js:\n\n  x"]);
  });
});

describe("debug:wait", () => {
  it("waits the time given", async () => {
    const run = await actionRun();
    const started = performance.now();
    await run.run(createWaitAction(), { milliseconds: 120 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("stops waiting as soon as the task is cancelled", async () => {
    const run = await actionRun();
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 50);
    await run.run(createWaitAction(), { minutes: 10 }, { signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses to wait longer than 30 minutes", async () => {
    const run = await actionRun();
    await expect(run.run(createWaitAction(), { minutes: 30, seconds: 1 })).rejects.toThrow("Waiting duration is longer than the maximum threshold of 0 hours, 30 minutes, 0 seconds, 0 milliseconds");
  });
});
