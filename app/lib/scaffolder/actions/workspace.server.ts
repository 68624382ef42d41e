import { randomUUID } from "node:crypto";
import { lstat, mkdir, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { InputError } from "../../errors";

// Where a task's files live, and the one way an action turns a path it was
// given into a path on disk. Every task gets a directory of its own under
// the working directory (backend.workingDirectory, else the system's temp
// directory, as Backstage's scaffolder does): its workspace, and the
// temporary directories its actions ask for; the runner removes it all when
// the task ends. Paths come from templates and users, so an action never
// joins them itself: resolveSafePath refuses absolute paths, paths that
// climb out with `..`, and paths that leave through a symbolic link (the
// real path of what exists is checked, not only the spelling).

const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const WORKSPACES_DIR = "atrium-scaffolder";

export type TaskWorkspace = {
  taskId: string;
  /** The task's working directory, a real path (no symbolic link in it). */
  path: string;
  /** A fresh directory beside the workspace, removed with it. */
  createTemporaryDirectory(): Promise<string>;
  /** Removes the workspace and every temporary directory of the task. */
  remove(): Promise<void>;
};

export type TaskWorkspaces = {
  /** The directory holding every task's directory. */
  root: string;
  /** Creates (or, on a retry, reuses) the task's workspace. */
  open(taskId: string): Promise<TaskWorkspace>;
  remove(taskId: string): Promise<void>;
};

export function createTaskWorkspaces(options: { workingDirectory: string }): TaskWorkspaces {
  const root = path.join(path.resolve(options.workingDirectory), WORKSPACES_DIR);
  const taskDir = (taskId: string) => {
    if (!TASK_ID.test(taskId)) throw new InputError(`Invalid task id '${taskId}'`);
    return path.join(root, taskId);
  };
  return {
    root,
    async open(taskId) {
      const dir = taskDir(taskId);
      await mkdir(path.join(dir, "workspace"), { recursive: true, mode: 0o700 });
      const workspacePath = await realpath(path.join(dir, "workspace"));
      const tmpRoot = path.join(path.dirname(workspacePath), "tmp");
      return {
        taskId,
        path: workspacePath,
        async createTemporaryDirectory() {
          const tmp = path.join(tmpRoot, randomUUID());
          await mkdir(tmp, { recursive: true, mode: 0o700 });
          return tmp;
        },
        remove: () => rm(dir, { recursive: true, force: true }),
      };
    },
    async remove(taskId) {
      await rm(taskDir(taskId), { recursive: true, force: true });
    },
  };
}

/**
 * `child` inside `base`, spelled out: absolute paths and paths that climb
 * above `base` are refused with an InputError naming the path. Symbolic
 * links are not looked at; resolveSafePath does that as well.
 */
export function resolveSafeChildPath(base: string, child: string, place = "the workspace"): string {
  if (typeof child !== "string") throw new InputError(`Path ${JSON.stringify(child)} must be a string`);
  if (child.includes("\0")) throw new InputError(`Path '${child.replaceAll("\0", "\\0")}' contains a NUL character`);
  if (path.isAbsolute(child) || path.win32.isAbsolute(child)) throw new InputError(`Path '${child}' is absolute; give a path relative to ${place}`);
  // Backslashes are separators to some tools that may read the result; treat them as such.
  const target = path.resolve(base, child.replaceAll("\\", "/"));
  if (!isWithin(base, target)) throw new InputError(`Path '${child}' is outside ${place}`);
  return target;
}

/**
 * `child` inside `base`, checked on disk too: the nearest part of the path
 * that exists (the target itself when it exists) must really be inside
 * `base` once symbolic links are followed, so that no link, placed by a
 * skeleton or an earlier step, leads a read or a write out of it.
 */
export async function resolveSafePath(base: string, child: string, options: { cache?: RealPathCache; place?: string } = {}): Promise<string> {
  const target = resolveSafeChildPath(base, child, options.place);
  await assertRealPathWithin(base, target, child, options);
  return target;
}

/** Directories already found to be inside their base, so that writing many files checks each directory once. */
export type RealPathCache = Set<string>;

export async function assertRealPathWithin(base: string, target: string, shownAs: string, options: { cache?: RealPathCache; place?: string } = {}): Promise<void> {
  const { cache, place = "the workspace" } = options;
  const realBase = await realpath(base);
  let probe = target;
  for (;;) {
    if (cache?.has(probe)) return;
    const info = await lstat(probe).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
      throw error;
    });
    if (info) {
      const real = await realpath(probe).catch(() => undefined);
      // A dangling link resolves nowhere; what it would create is unknown, so it is refused too.
      if (real === undefined || !isWithin(realBase, real)) {
        throw new InputError(`Path '${shownAs}' leads outside ${place} through a symbolic link`);
      }
      if (cache && info.isDirectory()) cache.add(probe);
      return;
    }
    const parent = path.dirname(probe);
    if (parent === probe || !isWithin(base, parent)) return;
    probe = parent;
  }
}

/** Whether `target` is `base` or below it (both absolute, normalised). */
export function isWithin(base: string, target: string): boolean {
  const relative = path.relative(base, target);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
