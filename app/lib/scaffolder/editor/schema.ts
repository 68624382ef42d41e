import { z } from "zod";

// The forms of the scaffolder's editor pages (app/routes/create/): their
// zod schemas, shared by the actions that parse the posts and the pages that
// render the fields. Messages are keys of the message catalogue.

const yamlText = z
  .string()
  .max(256 * 1024)
  .optional()
  .default("");

export const dryRunFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("dry-run"),
    template: z.string({ error: "scaffolderPages.editor.templateRequired" }).max(256 * 1024),
    values: yamlText,
    secrets: yamlText,
    /** The directory's files as JSON ([{path, base64Content}]), filled in by the page's script from a folder. */
    directory: z.string().optional(),
    /** "1": keep the files loaded earlier (the folder is not posted again). */
    keepFiles: z.string().optional(),
  }),
  z.object({ intent: z.literal("clear-files") }),
  z.object({ intent: z.literal("delete"), resultId: z.string().uuid() }),
]);

export const templateFormPreviewSchema = z.object({
  yaml: z.string({ error: "scaffolderPages.form.yaml" }).max(256 * 1024),
});

export const fieldPreviewSchema = z.object({
  field: z.string().min(1).max(100),
  options: yamlText,
});

export const EDITOR_TABS = ["files", "log", "output"] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];
export function editorTabOf(value: string | null): EditorTab {
  return (EDITOR_TABS as readonly string[]).includes(value ?? "") ? (value as EditorTab) : "files";
}
