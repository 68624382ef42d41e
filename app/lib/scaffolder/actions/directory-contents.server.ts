import { chmod, lstat, mkdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { InputError } from "../../errors";
import { walkTree } from "./fetch/source.server";
import { assertRealPathWithin, isWithin, realPathCache, resolveSafeChildPath } from "./workspace.server";

// A directory as a list of files, in the shape of Backstage's
// serializeDirectoryContents / deserializeDirectoryContents
// (@backstage/plugin-scaffolder-node): what the template editor sends as a
// dry run's `directoryContents` and gets back as its result. The list comes
// from the browser, so writing it out is where zip-slip would happen: every
// path must land inside the target directory, and a link may only point
// inside it too.

export type SerializedFile = { path: string; base64Content: string; executable?: boolean; symlink?: boolean };

export const MAX_DIRECTORY_FILES = 10_000;

/** Writes the files below `targetDir`, refusing (before writing anything) a path or link that would leave it. */
export async function deserializeDirectoryContents(targetDir: string, files: SerializedFile[]): Promise<void> {
  if (!Array.isArray(files)) throw new InputError("directoryContents must be an array");
  if (files.length > MAX_DIRECTORY_FILES) throw new InputError(`directoryContents has more than ${MAX_DIRECTORY_FILES} files`);
  const planned = files.map((file) => {
    if (!file || typeof file.path !== "string" || typeof file.base64Content !== "string") throw new InputError("Each file of directoryContents needs a path and a base64Content");
    const target = resolveSafeChildPath(targetDir, file.path, "the target directory");
    if (target === path.resolve(targetDir)) throw new InputError(`Path '${file.path}' names the target directory itself`);
    const content = Buffer.from(file.base64Content, "base64");
    if (file.symlink) {
      const linkTarget = content.toString("utf8");
      if (path.isAbsolute(linkTarget) || !isWithin(path.resolve(targetDir), path.resolve(path.dirname(target), linkTarget))) {
        throw new InputError(`The symbolic link '${file.path}' points outside the target directory`);
      }
    }
    return { file, target, content };
  });
  const cache = realPathCache();
  for (const { file, target, content } of planned) {
    await assertRealPathWithin(targetDir, path.dirname(target), file.path, { cache, place: "the target directory" });
    if (
      await lstat(target).then(
        (info) => info.isSymbolicLink(),
        () => false,
      )
    )
      throw new InputError(`Path '${file.path}' is already a symbolic link`);
    await mkdir(path.dirname(target), { recursive: true });
    if (file.symlink) {
      await symlink(content.toString("utf8"), target);
    } else {
      await writeFile(target, content);
      if (file.executable) await chmod(target, 0o755);
    }
  }
}

/** Every file and link below `dir`, as the dry run answers them; a link out of `dir` is refused, naming it. */
export async function serializeDirectoryContents(dir: string): Promise<SerializedFile[]> {
  const result: SerializedFile[] = [];
  for (const entry of await walkTree(dir)) {
    const absolute = path.join(dir, entry.path);
    if (entry.type === "file") {
      const executable = (entry.mode & 0o111) !== 0;
      result.push({ path: entry.path, base64Content: (await readFile(absolute)).toString("base64"), ...(executable ? { executable } : {}) });
    } else if (entry.type === "symlink") {
      result.push({ path: entry.path, base64Content: Buffer.from(await readlink(absolute)).toString("base64"), symlink: true });
    }
  }
  return result;
}
