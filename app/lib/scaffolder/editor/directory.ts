// A template directory's files as the editor holds them and posts them to a
// dry-run (Backstage's directoryContents: path and base64Content). Paths are
// relative and stay inside the directory: no absolute path, no drive letter,
// no `..`, no empty or `.` segment, no backslash, no NUL. Shared by the
// browser (reading a folder) and the server (accepting and zipping one).

export type DirectoryFile = { path: string; base64Content: string; executable?: boolean };

/** How much of a folder the editor accepts: enough for a template's skeleton, not a whole repository. */
export const MAX_DIRECTORY_FILES = 500;
export const MAX_DIRECTORY_BYTES = 10 * 1024 * 1024;

/** `path` normalised to forward slashes if it is a safe relative path, else undefined. */
export function safeRelativePath(path: string): string | undefined {
  if (typeof path !== "string" || path.length === 0 || path.length > 1024) return undefined;
  if (path.includes("\0") || path.includes("\\")) return undefined;
  if (path.startsWith("/") || /^[a-zA-Z]:/.test(path)) return undefined;
  const segments = path.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return undefined;
  return segments.join("/");
}

/**
 * The files of a folder picked in the browser, named relative to it: a
 * folder input names each file "<folder>/<path>", and the folder itself is
 * not part of the template's paths.
 */
export function stripTopFolder(paths: readonly string[]): string[] {
  const tops = new Set(paths.map((path) => path.split("/")[0]));
  if (tops.size !== 1 || paths.some((path) => !path.includes("/"))) return [...paths];
  return paths.map((path) => path.slice(path.indexOf("/") + 1));
}
