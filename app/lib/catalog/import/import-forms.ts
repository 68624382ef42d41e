import { z } from "zod";

// The import page's forms (app/routes/catalog-import.tsx), parsed with
// conform on the server (app/lib/forms/submission.ts). Messages are keys of
// the message catalogue (app/lib/i18n/messages/catalog-import.en.ts).

export const analyzeSchema = z.object({
  url: z
    .string({ error: "catalogImport.analyze.urlInvalid" })
    .trim()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { error: "catalogImport.analyze.urlInvalid" }),
});

export const importSchema = z.object({
  url: z.string().optional(),
  targets: z.array(z.string().min(1), { error: "catalogImport.locations.noneChosen" }).min(1, { error: "catalogImport.locations.noneChosen" }),
});

const required = z.string({ error: "catalogImport.pullRequest.required" }).trim().min(1, { error: "catalogImport.pullRequest.required" });

/** A branch name git accepts (git check-ref-format, in short): no spaces, control characters, `..`, `~^:?*[\\`, leading `-` or `/`, trailing `/`, `.` or `.lock`. */
export function isValidBranchName(name: string): boolean {
  const control = [...name].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
  return !control && name !== "@" && !/[\s~^:?*[\\]|\.\.|@\{|\/\/|^[-/.]|\/\.|[/.]$|\.lock$/.test(name);
}

export const pullRequestSchema = z.object({
  // Said by the button pressed: Enter in a field presses the first, Update preview.
  intent: z.enum(["preview", "create"], { error: "catalogImport.pullRequest.required" }),
  title: required,
  body: required,
  branchName: required.refine(isValidBranchName, { error: "catalogImport.pullRequest.branchInvalid" }),
  componentName: required,
  owner: required,
});

export type PullRequestFields = Omit<z.output<typeof pullRequestSchema>, "intent">;
