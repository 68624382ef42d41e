import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { parse as parseYaml } from "yaml";
import type { Database } from "../../db/schema";
import { InputError } from "../../errors";
import { MAX_DIRECTORY_BYTES, MAX_DIRECTORY_FILES, safeRelativePath, type DirectoryFile } from "./directory";

// The template editor's state on the server, per user: the template and
// values last posted, the template directory's files and the dry-run
// results. Keeping it here (not in the browser, as Backstage does) lets the
// editor work as plain form posts: a dry-run redirects to its result, the
// tabs and the download are links, and the user's YAML is still there.
// It lives in the database (migration 0013_scaffolder_editor), so that the
// next request finds it whichever worker process or replica takes it
// (docs/decisions/048-workers.md); it is still a scratch pad, not a record:
// bounded and short-lived (docs/decisions/035). The secrets a dry-run is
// given are never part of it.

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

/** A result as the editor lists it; `result()` reads the rest. */
export type DryRunSummary = Pick<DryRunResult, "id" | "n" | "createdAt" | "templateTitle" | "status">;

export type EditorDraft = { template: string; values: string; files: DirectoryFile[]; results: DryRunSummary[] };

export const MAX_TEMPLATE_CHARS = 256 * 1024;
export const MAX_RESULTS_PER_USER = 10;
/** A draft (and its results) nobody touched for half a day is forgotten. */
export const DRAFT_TTL_MS = 12 * 60 * 60 * 1000;
/**
 * Reading a draft counts as using it, as it did in memory, but a read
 * rewrites its time at most this often: opening the editor is not a write
 * every time, and the 12 hours are exact to within these 10 minutes.
 */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

type ResultBody = Pick<DryRunResult, "error" | "log" | "files" | "output">;

/**
 * In memory the editor was also bounded to 500 users, against a process's
 * memory filling up. In the database a draft costs disk, not memory, and
 * only a post writes one, each post sweeping first every draft (and its
 * results) left alone for 12 hours: the tables hold at most what users
 * posted in the last 12 hours, each user at most one draft and
 * MAX_RESULTS_PER_USER results, so the TTL is the bound and no user's
 * live draft is dropped for others'. Reads ignore what is past the TTL but
 * not yet swept.
 */
export function createTemplateEditorStore(db: Kysely<Database>, { now = () => Date.now() }: { now?: () => number } = {}) {
  const cutoff = () => now() - DRAFT_TTL_MS;

  /** Every write starts here, inside its transaction: a write first, so SQLite takes the write lock at once. */
  async function sweep(trx: Transaction<Database>) {
    const expired = trx.selectFrom("scaffolder_editor_drafts").select("user_ref").where("updated_at", "<=", cutoff());
    await trx.deleteFrom("scaffolder_editor_results").where("user_ref", "in", expired).execute();
    await trx.deleteFrom("scaffolder_editor_drafts").where("updated_at", "<=", cutoff()).execute();
  }

  /** The user's draft, created empty when there is none; `runs` counted up when `run` is set. Answers the draft's runs. */
  async function upsert(trx: Transaction<Database>, owner: string, changes: Partial<Pick<EditorDraft, "template" | "values" | "files">>, run = false): Promise<number> {
    const at = now();
    const set = {
      ...(changes.template !== undefined ? { template_yaml: changes.template } : {}),
      ...(changes.values !== undefined ? { values_yaml: changes.values } : {}),
      ...(changes.files !== undefined ? { files_json: JSON.stringify(changes.files) } : {}),
    };
    const row = await trx
      .insertInto("scaffolder_editor_drafts")
      .values({ user_ref: owner, template_yaml: "", values_yaml: "", files_json: "[]", runs: run ? 1 : 0, ...set, updated_at: at })
      .onConflict((conflict) => conflict.column("user_ref").doUpdateSet((eb) => ({ ...set, updated_at: at, ...(run ? { runs: eb(eb.ref("scaffolder_editor_drafts.runs"), "+", 1) } : {}) })))
      .returning("runs")
      .executeTakeFirstOrThrow();
    return Number(row.runs);
  }

  const write = <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await sweep(trx);
      return fn(trx);
    });

  return {
    /** The user's editor as they left it (empty for a newcomer), its results newest first. */
    async draft(owner: string): Promise<EditorDraft> {
      const row = await db
        .selectFrom("scaffolder_editor_drafts")
        .select(["template_yaml", "values_yaml", "files_json", "updated_at"])
        .where("user_ref", "=", owner)
        .where("updated_at", ">", cutoff())
        .executeTakeFirst();
      if (!row) return { template: "", values: "", files: [], results: [] };
      const results = await db.selectFrom("scaffolder_editor_results").select(["id", "n", "created_at", "template_title", "status"]).where("user_ref", "=", owner).orderBy("n", "desc").execute();
      if (Number(row.updated_at) <= now() - TOUCH_EVERY_MS) {
        await db.updateTable("scaffolder_editor_drafts").set({ updated_at: now() }).where("user_ref", "=", owner).where("updated_at", "=", row.updated_at).execute();
      }
      return {
        template: row.template_yaml,
        values: row.values_yaml,
        files: JSON.parse(row.files_json) as DirectoryFile[],
        results: results.map((result) => ({
          id: result.id,
          n: Number(result.n),
          createdAt: new Date(Number(result.created_at)).toISOString(),
          templateTitle: result.template_title,
          status: result.status as DryRunResult["status"],
        })),
      };
    },

    async save(owner: string, changes: Partial<Pick<EditorDraft, "template" | "values" | "files">>): Promise<void> {
      await write((trx) => upsert(trx, owner, changes));
    },

    /** Keeps a dry-run's result (and drops the user's oldest past MAX_RESULTS_PER_USER). */
    async addResult(owner: string, result: Omit<DryRunResult, "id" | "n" | "createdAt">): Promise<DryRunResult> {
      const at = now();
      const stored: DryRunResult = { ...result, id: randomUUID(), n: 0, createdAt: new Date(at).toISOString() };
      const body: ResultBody = { error: result.error, log: result.log, files: result.files, output: result.output };
      return write(async (trx) => {
        stored.n = await upsert(trx, owner, {}, true);
        await trx
          .insertInto("scaffolder_editor_results")
          .values({ id: stored.id, user_ref: owner, n: stored.n, created_at: at, template_title: result.templateTitle, status: result.status, body_json: JSON.stringify(body) })
          .execute();
        const newest = trx.selectFrom("scaffolder_editor_results").select("id").where("user_ref", "=", owner).orderBy("n", "desc").limit(MAX_RESULTS_PER_USER);
        await trx.deleteFrom("scaffolder_editor_results").where("user_ref", "=", owner).where("id", "not in", newest).execute();
        return stored;
      });
    },

    /** One of the user's results, whole; undefined when it is not theirs, was deleted or was forgotten. */
    async result(owner: string, id: string): Promise<DryRunResult | undefined> {
      const row = await db
        .selectFrom("scaffolder_editor_results as result")
        .innerJoin("scaffolder_editor_drafts as draft", "draft.user_ref", "result.user_ref")
        .select(["result.id", "result.n", "result.created_at", "result.template_title", "result.status", "result.body_json"])
        .where("result.id", "=", id)
        .where("result.user_ref", "=", owner)
        .where("draft.updated_at", ">", cutoff())
        .executeTakeFirst();
      if (!row) return undefined;
      const body = JSON.parse(row.body_json) as ResultBody;
      return {
        id: row.id,
        n: Number(row.n),
        createdAt: new Date(Number(row.created_at)).toISOString(),
        templateTitle: row.template_title,
        status: row.status as DryRunResult["status"],
        ...(body.error !== undefined ? { error: body.error } : {}),
        log: body.log,
        files: body.files,
        output: body.output,
      };
    },

    /** True when the user had that result. */
    async deleteResult(owner: string, id: string): Promise<boolean> {
      return write(async (trx) => {
        const deleted = await trx.deleteFrom("scaffolder_editor_results").where("id", "=", id).where("user_ref", "=", owner).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await trx.updateTable("scaffolder_editor_drafts").set({ updated_at: now() }).where("user_ref", "=", owner).execute();
        return true;
      });
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
