import { data, redirect } from "react-router";
import type { Route } from "./+types/template-editor";
import { TemplateEditorView } from "~/components/scaffolder/pages/template-editor-view";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext, type RequestContext } from "~/lib/context.server";
import { InputError, statusOf } from "~/lib/errors";
import { parseForm } from "~/lib/forms/submission";
import { highlightCode } from "~/lib/highlight/highlight-code.server";
import { createTranslator } from "~/lib/i18n/i18n";
import { stripTopFolder, type DirectoryFile } from "~/lib/scaffolder/editor/directory";
import { editorTabOf, dryRunFormSchema } from "~/lib/scaffolder/editor/schema";
import { checkDirectory, parseYamlMapping, type DryRunResult } from "~/lib/scaffolder/editor/template-editor.server";
import { catalogTemplates, templateYamlOf, viewOfFile } from "~/lib/scaffolder/editor/editor-view.server";
import { runDryRun } from "~/lib/scaffolder/editor/dry-run.server";
import { readPreferences } from "~/lib/settings/preferences";
import type { Credentials } from "~/lib/auth/credentials";

// The template editor (Backstage's TemplateEditorPage): a template pasted,
// loaded from the catalog or (with JavaScript) from a folder on the user's
// computer, tried out with a dry-run through the scaffolder's dryRun (what
// POST /api/scaffolder/v2/dry-run runs). Results are kept per user in the
// database, so the tabs, the download and delete are links and forms, whichever
// worker process takes the next request.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  const url = new URL(request.url);
  const owner = settingsOwnerOf(identity);
  const draft = await app.templateEditor.draft(owner);
  const templates = await catalogTemplates(app, credentials);
  const chosen = url.searchParams.get("template");
  // A template chosen from the catalog fills the editor (a GET form: nothing is saved until a dry-run).
  const loadedYaml = chosen ? await templateYamlOf(app, chosen, credentials) : undefined;
  const shown = draft.results.find((candidate) => candidate.id === url.searchParams.get("result")) ?? draft.results[0];
  const result = shown && (await app.templateEditor.result(owner, shown.id));
  const tab = editorTabOf(url.searchParams.get("tab"));
  const templateText = loadedYaml ?? draft.template;
  return {
    templates,
    chosen: chosen ?? "",
    template: templateText,
    values: draft.values,
    files: draft.files.map((file) => file.path),
    results: draft.results.map((entry) => ({ id: entry.id, n: entry.n, templateTitle: entry.templateTitle, status: entry.status, createdAt: entry.createdAt })),
    selected: result ? await selectedResult(result, tab, url.searchParams.get("file")) : undefined,
    tab,
    publish: url.searchParams.has("publish") ? { yaml: await highlightCode(templateText || "# …", "yaml") } : undefined,
    loadFromCatalog: url.searchParams.get("load") === "catalog" || chosen !== null,
  };
}

async function selectedResult(result: DryRunResult, tab: ReturnType<typeof editorTabOf>, file: string | null) {
  const base = { id: result.id, n: result.n, templateTitle: result.templateTitle, status: result.status, error: result.error, files: result.files.map((entry) => entry.path) };
  if (tab === "log") return { ...base, log: result.log.map((line) => `${line.at} ${line.stepId ? `[${line.stepId}] ` : ""}${line.message}`).join("\n") };
  if (tab === "output") return { ...base, output: result.output === undefined ? undefined : await highlightCode(JSON.stringify(result.output, null, 2), "json") };
  const shown = result.files.find((entry) => entry.path === file) ?? result.files[0];
  return { ...base, file: shown ? { path: shown.path, ...(await viewOfFile(shown)) } : undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const owner = settingsOwnerOf(identity);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const formData = await request.formData();
  const submission = parseForm(formData, dryRunFormSchema);
  // Secrets never travel back to the page, not even in a refusal.
  const refuse = (fieldErrors: Record<string, string[]>, status = 400) => data(submission.reply({ fieldErrors, hideFields: ["secrets"] }), { status });
  if (submission.status !== "success") return refuse({});
  const form = submission.value;

  if (form.intent === "clear-files") {
    await app.templateEditor.save(owner, { files: [] });
    throw redirect("/create/template", 303);
  }
  if (form.intent === "delete") {
    if (!(await app.templateEditor.deleteResult(owner, form.resultId))) throw data(t("scaffolderPages.errors.resultNotFound"), { status: 404 });
    throw redirect("/create/template", {
      status: 303,
      headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message: t("scaffolderPages.editor.deleted"), severity: "success", display: "transient" }) },
    });
  }

  let files: DirectoryFile[];
  let template: Record<string, unknown> | undefined;
  let values: Record<string, unknown>;
  let secrets: Record<string, string>;
  try {
    files = checkDirectory(await postedDirectory(formData, form.directory, form.keepFiles === "1" ? (await app.templateEditor.draft(owner)).files : []));
  } catch (error) {
    return refuse({ directory: [messageOf(error)] }, statusOf(error));
  }
  // A folder with a template.yaml and an empty editor: the folder's template is the one to run.
  const templateText = form.template.trim() ? form.template : decodeTemplateFile(files);
  await app.templateEditor.save(owner, { template: templateText, values: form.values, files });
  try {
    template = parseYamlMapping(templateText, "Template");
    if (!template) return refuse({ template: ["scaffolderPages.editor.templateRequired"] });
    if (template.apiVersion !== "scaffolder.backstage.io/v1beta3" || template.kind !== "Template") return refuse({ template: ["scaffolderPages.editor.notATemplate"] });
  } catch (error) {
    return refuse({ template: [messageOf(error)] });
  }
  try {
    values = parseYamlMapping(form.values, "Values") ?? {};
  } catch (error) {
    return refuse({ values: [messageOf(error)] });
  }
  try {
    secrets = stringMapping(parseYamlMapping(form.secrets, "Secrets") ?? {});
  } catch (error) {
    return refuse({ secrets: [messageOf(error)] });
  }

  const outcome = await dryRun(app, pageCredentials(identity), { template, values, secrets, directoryContents: files });
  if ("refusal" in outcome) return refuse({ template: [outcome.refusal] }, outcome.status);
  const stored = await app.templateEditor.addResult(owner, outcome);
  throw redirect(`/create/template?result=${stored.id}`, 303);
}

async function dryRun(app: RequestContext, credentials: Credentials, input: Parameters<typeof runDryRun>[2]) {
  try {
    return await runDryRun(app, credentials, input);
  } catch (error) {
    const status = statusOf(error);
    // Bad input (a template the scaffolder refuses) is the user's to fix; anything else is ours.
    if (status >= 400 && status < 500) return { refusal: messageOf(error), status };
    throw error;
  }
}

/** The files of the post: the script's JSON, a folder input's files (without JavaScript), or the ones kept from before. */
async function postedDirectory(formData: FormData, json: string | undefined, kept: readonly DirectoryFile[]): Promise<DirectoryFile[]> {
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new InputError("The template directory could not be read");
    }
    if (!Array.isArray(parsed) || !parsed.every((entry) => entry && typeof entry.path === "string" && typeof entry.base64Content === "string")) {
      throw new InputError("The template directory could not be read");
    }
    return parsed as DirectoryFile[];
  }
  const uploads = formData.getAll("files").filter((entry): entry is File => typeof entry === "object" && entry !== null && "arrayBuffer" in entry && entry.name !== "");
  if (uploads.length === 0) return [...kept];
  const paths = stripTopFolder(uploads.map((file) => file.name));
  return Promise.all(uploads.map(async (file, index) => ({ path: paths[index], base64Content: Buffer.from(await file.arrayBuffer()).toString("base64") })));
}

function decodeTemplateFile(files: readonly DirectoryFile[]): string {
  const file = files.find((entry) => entry.path === "template.yaml" || entry.path === "template.yml");
  return file ? Buffer.from(file.base64Content, "base64").toString("utf8") : "";
}

function stringMapping(value: Record<string, unknown>): Record<string, string> {
  for (const [key, entry] of Object.entries(value)) if (typeof entry !== "string") throw new InputError(`Secrets: '${key}' must be a string`);
  return value as Record<string, string>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export default function TemplateEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <TemplateEditorView data={loaderData} lastResult={actionData} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.editor.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
