import { mkdir, mkdtemp, readdir, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTaskWorkspaces, resolveSafeChildPath, resolveSafePath } from "./workspace.server";

describe("task workspaces", () => {
  let workingDirectory: string;
  beforeEach(async () => {
    workingDirectory = await mkdtemp(path.join(tmpdir(), "atrium-workspaces-"));
  });

  it("gives each task its own directory with temporary directories beside it, and removes them all after the task", async () => {
    const workspaces = createTaskWorkspaces({ workingDirectory });
    const one = await workspaces.open("task-a");
    const two = await workspaces.open("task-b");
    expect(one.path).not.toBe(two.path);
    expect(one.path.startsWith(workspaces.root)).toBe(true);
    const tmp = await one.createTemporaryDirectory();
    expect(path.relative(path.dirname(one.path), tmp).startsWith("..")).toBe(false);
    await writeFile(path.join(one.path, "file.txt"), "x");
    await writeFile(path.join(tmp, "scratch"), "y");
    // A retry opens the same workspace with what the earlier steps left.
    expect(await readdir((await workspaces.open("task-a")).path)).toEqual(["file.txt"]);
    await one.remove();
    expect(await readdir(workspaces.root)).toEqual(["task-b"]);
    await workspaces.remove("task-b");
    expect(await readdir(workspaces.root)).toEqual([]);
  });

  it("refuses a task id that could name another directory", async () => {
    const workspaces = createTaskWorkspaces({ workingDirectory });
    for (const id of ["../escape", "a/b", "", ".", ".."]) await expect(workspaces.open(id)).rejects.toThrow(/Invalid task id/);
    expect((await stat(workingDirectory)).isDirectory()).toBe(true);
  });
});

describe("safe paths", () => {
  let base: string;
  let outside: string;
  beforeEach(async () => {
    const root = await mkdtemp(path.join(tmpdir(), "atrium-safe-path-"));
    base = path.join(root, "workspace");
    outside = path.join(root, "outside");
    await mkdir(base);
    await mkdir(outside);
  });
  afterEach(() => undefined);

  it("resolves paths inside the workspace, `..` that stays inside included", async () => {
    expect(resolveSafeChildPath(base, "a/b.txt")).toBe(path.join(base, "a/b.txt"));
    expect(resolveSafeChildPath(base, "./")).toBe(base);
    expect(resolveSafeChildPath(base, "a/../b")).toBe(path.join(base, "b"));
    expect(resolveSafeChildPath(base, "..hidden")).toBe(path.join(base, "..hidden"));
    expect(await resolveSafePath(base, "new/dir/file")).toBe(path.join(base, "new/dir/file"));
  });

  it("refuses `..` out of the workspace, absolute paths and NUL bytes, naming the path", () => {
    expect(() => resolveSafeChildPath(base, "../outside/x")).toThrow("Path '../outside/x' is outside the workspace");
    expect(() => resolveSafeChildPath(base, "a/../../x")).toThrow("Path 'a/../../x' is outside the workspace");
    expect(() => resolveSafeChildPath(base, "..\\..\\x")).toThrow(/outside the workspace/);
    expect(() => resolveSafeChildPath(base, "/etc/passwd")).toThrow("Path '/etc/passwd' is absolute; give a path relative to the workspace");
    expect(() => resolveSafeChildPath(base, "C:\\Windows")).toThrow(/is absolute/);
    expect(() => resolveSafeChildPath(base, "a\0b")).toThrow(/NUL/);
    try {
      resolveSafeChildPath(base, "../x");
    } catch (error) {
      expect((error as Error).name).toBe("InputError");
    }
  });

  it("refuses a path that leaves through a symbolic link, to a directory or a file, or a dangling one", async () => {
    await symlink(outside, path.join(base, "link-dir"));
    await writeFile(path.join(outside, "secret"), "s");
    await symlink(path.join(outside, "secret"), path.join(base, "link-file"));
    await symlink(path.join(outside, "missing"), path.join(base, "dangling"));
    await expect(resolveSafePath(base, "link-dir/new.txt")).rejects.toThrow("Path 'link-dir/new.txt' leads outside the workspace through a symbolic link");
    await expect(resolveSafePath(base, "link-dir/deeper/new.txt")).rejects.toThrow(/through a symbolic link/);
    await expect(resolveSafePath(base, "link-file")).rejects.toThrow(/through a symbolic link/);
    await expect(resolveSafePath(base, "dangling")).rejects.toThrow(/through a symbolic link/);
  });

  it("accepts a symbolic link that stays inside", async () => {
    await mkdir(path.join(base, "real"));
    await symlink("real", path.join(base, "alias"));
    expect(await resolveSafePath(base, "alias/file")).toBe(path.join(base, "alias/file"));
  });
});
