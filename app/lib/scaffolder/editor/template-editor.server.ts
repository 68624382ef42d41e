import { randomUUID } from "node:crypto";
import { parse as parseYaml } from "yaml";
import { InputError } from "../../errors";
import { MAX_DIRECTORY_BYTES, MAX_DIRECTORY_FILES, safeRelativePath, type DirectoryFile } from "./directory";

// The template editor's state on the server, per user: the template and
// values last posted, the template directory's files and the dry-run
// results. Keeping it here (not in the browser, as Backstage does) lets the
// editor work as plain form posts: a dry-run redirects to its result, the
// tabs and the download are links, and the user's YAML is still there.
// It lives in this process's memory, bounded and short-lived: a dry-run
// result is a scratch pad, not a record (docs/decisions/035).

export type DryRunLogLine = { at: string; stepId?: string; status?: string; message: string };

export type DryRunResult = {
  id: string;
  /** 1, 2, 3 ... in the order the user ran them. */
  n: number;
  createdAt: string;
  templateTitle: string;
  status: "completed" | "failed";
  error?: string;
  log: DryRunLogLine[];
  files: DirectoryFile[];
  output: unknown;
};

export type EditorDraft = { template: string; values: string; files: DirectoryFile[]; results: DryRunResult[]; runs: number; touchedAt: number };

export const MAX_TEMPLATE_CHARS = 256 * 1024;
export const MAX_RESULTS_PER_USER = 10;
const MAX_USERS = 500;
const DRAFT_TTL_MS = 12 * 60 * 60 * 1000;

export function createTemplateEditorStore({ now = () => Date.now() }: { now?: () => number } = {}) {
  const drafts = new Map<string, EditorDraft>();

  function prune() {
    const cutoff = now() - DRAFT_TTL_MS;
    for (const [owner, draft] of drafts) if (draft.touchedAt < cutoff) drafts.delete(owner);
    // Least recently used first (a Map keeps insertion order, and a touch re-inserts).
    while (drafts.size > MAX_USERS) drafts.delete(drafts.keys().next().value!);
  }

  function draftOf(owner: string): EditorDraft {
    prune();
    const draft = drafts.get(owner) ?? { template: "", values: "", files: [], results: [], runs: 0, touchedAt: now() };
    drafts.delete(owner);
    draft.touchedAt = now();
    drafts.set(owner, draft);
    return draft;
  }

  return {
    /** The user's editor as they left it (empty for a newcomer). */
    draft(owner: string): Readonly<EditorDraft> {
      return draftOf(owner);
    },
    save(owner: string, changes: Partial<Pick<EditorDraft, "template" | "values" | "files">>) {
      Object.assign(draftOf(owner), changes);
    },
    addResult(owner: string, result: Omit<DryRunResult, "id" | "n" | "createdAt">): DryRunResult {
      const draft = draftOf(owner);
      draft.runs += 1;
      const stored: DryRunResult = { ...result, id: randomUUID(), n: draft.runs, createdAt: new Date(now()).toISOString() };
      draft.results = [stored, ...draft.results].slice(0, MAX_RESULTS_PER_USER);
      return stored;
    },
    result(owner: string, id: string): DryRunResult | undefined {
      return drafts.get(owner)?.results.find((result) => result.id === id);
    },
    deleteResult(owner: string, id: string): boolean {
      const draft = draftOf(owner);
      const before = draft.results.length;
      draft.results = draft.results.filter((result) => result.id !== id);
      return draft.results.length !== before;
    },
  };
}

export type TemplateEditorStore = ReturnType<typeof createTemplateEditorStore>;

/**
 * YAML a user pasted, as a mapping (or undefined when blank). Aliases are
 * capped, so a "billion laughs" document is refused rather than expanded;
 * the message names the field and what is wrong.
 */
export function parseYamlMapping(text: string, field: string): Record<string, unknown> | undefined {
  if (!text.trim()) return undefined;
  if (text.length > MAX_TEMPLATE_CHARS) throw new InputError(`${field} is longer than ${MAX_TEMPLATE_CHARS} characters`);
  let parsed: unknown;
  try {
    parsed = parseYaml(text, { maxAliasCount: 100, prettyErrors: true });
  } catch (error) {
    throw new InputError(`${field}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  if (parsed === null || parsed === undefined) return undefined;
  if (typeof parsed !== "object" || Array.isArray(parsed)) throw new InputError(`${field} must be a YAML mapping`);
  return parsed as Record<string, unknown>;
}

/** A template directory posted by the browser: safe relative paths, within the limits; the first problem is an InputError. */
export function checkDirectory(files: readonly DirectoryFile[]): DirectoryFile[] {
  if (files.length > MAX_DIRECTORY_FILES) throw new InputError(`A template directory may hold at most ${MAX_DIRECTORY_FILES} files`);
  let bytes = 0;
  const seen = new Set<string>();
  return files.map((file) => {
    const path = safeRelativePath(file.path);
    if (!path) throw new InputError(`The file path '${file.path}' is not allowed`);
    if (seen.has(path)) throw new InputError(`The file path '${path}' appears twice`);
    seen.add(path);
    bytes += Math.floor((file.base64Content.length * 3) / 4);
    if (bytes > MAX_DIRECTORY_BYTES) throw new InputError(`A template directory may hold at most ${MAX_DIRECTORY_BYTES} bytes`);
    return { path, base64Content: file.base64Content, ...(file.executable ? { executable: true } : {}) };
  });
}
