import { Form } from "react-router";
import { stringify as stringifyYaml } from "yaml";
import type { Route } from "./+types/custom-fields";
import { FormPreview } from "~/components/scaffolder/pages/form-preview";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { fieldExtensions } from "~/components/scaffolder/fields";
import { CodeBlock } from "~/components/ui/code-block";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { highlightCode } from "~/lib/highlight/highlight-code.server";
import { createTranslator } from "~/lib/i18n/i18n";
import { previewSteps } from "~/lib/scaffolder/editor/form-preview.server";
import { parseYamlMapping } from "~/lib/scaffolder/editor/template-editor.server";
import { readPreferences } from "~/lib/settings/preferences";

// The custom field explorer (Backstage's CustomFieldExplorer): choose an
// installed field extension, give it ui:options as YAML, and see the field
// as the wizard renders it, with the parameter to paste into a template.
// The choice and the options are a GET form, so a preview is a URL.

/** Extensions whose value is a list; every other one holds a string. */
const ARRAY_FIELDS = new Set(["MultiEntityPicker", "EntityTagsPicker"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const url = new URL(request.url);
  const names = Object.keys(fieldExtensions).sort();
  const field = url.searchParams.get("field") ?? names[0] ?? "";
  const optionsText = (url.searchParams.get("options") ?? "").slice(0, 64 * 1024);
  let problem: string | undefined;
  let options: Record<string, unknown> = {};
  if (field && !names.includes(field)) problem = t("scaffolderPages.fields.unknown", { name: field });
  else {
    try {
      options = parseYamlMapping(optionsText, "ui:options") ?? {};
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  if (!field || problem) return { names, field, optionsText, problem, steps: [], parameter: undefined };
  const property = { title: field, type: ARRAY_FIELDS.has(field) ? "array" : "string", ...(ARRAY_FIELDS.has(field) ? { items: { type: "string" } } : {}), "ui:field": field, "ui:options": options };
  const parameters = [{ title: field, properties: { [fieldKey(field)]: property } }];
  const steps = await previewSteps({ app, identity, credentials: pageCredentials(identity), url }, parameters);
  const parameter = await highlightCode(stringifyYaml({ [fieldKey(field)]: property }), "yaml");
  return { names, field, optionsText, problem, steps, parameter };
}

/** The preview's parameter name: the extension's name in camel case (entityPicker). */
function fieldKey(field: string): string {
  return field.charAt(0).toLowerCase() + field.slice(1);
}

export default function CustomFieldExplorer({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { names, field, optionsText, problem, steps, parameter } = loaderData;
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.fields.title")} subtitle={t("scaffolderPages.fields.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        {names.length === 0 ? (
          <p>{t("scaffolderPages.fields.none")}</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Form method="get" className="flex flex-col gap-4 rounded bg-white p-4 shadow dark:bg-slate-900" aria-label={t("scaffolderPages.fields.title")}>
              <label className="flex flex-col">
                <span className="font-semibold">{t("scaffolderPages.fields.choose")}</span>
                <select name="field" defaultValue={field} key={field} className="mt-1 rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-950">
                  {names.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col">
                <span className="font-semibold">{t("scaffolderPages.fields.options")}</span>
                <textarea
                  name="options"
                  defaultValue={optionsText}
                  key={optionsText}
                  rows={10}
                  spellCheck={false}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? "custom-field-problem" : "custom-field-options-hint"}
                  className="mt-1 block w-full rounded border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
                />
                <span id="custom-field-options-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {t("scaffolderPages.fields.optionsHint")}
                </span>
              </label>
              {problem ? (
                <p id="custom-field-problem" role="alert" className="text-sm text-red-700 dark:text-red-300">
                  {problem}
                </p>
              ) : null}
              <button type="submit" className="self-start rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
                {t("scaffolderPages.fields.apply")}
              </button>
              {parameter ? (
                <div>
                  <h2 className="mb-1 font-semibold">{t("scaffolderPages.fields.schema")}</h2>
                  <CodeBlock html={parameter.html} language="yaml" label={t("scaffolderPages.fields.schema")} />
                </div>
              ) : null}
            </Form>
            <div className="min-w-0 rounded bg-white p-4 shadow dark:bg-slate-900">
              <h2 className="mb-3 text-lg font-semibold">{t("scaffolderPages.fields.preview")}</h2>
              <FormPreview steps={steps} label={t("scaffolderPages.fields.preview")} />
            </div>
          </div>
        )}
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.fields.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
