import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, useFetcher } from "react-router";
import type { Route } from "./+types/template-form";
import { FormPreview } from "~/components/scaffolder/pages/form-preview";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { CatalogLoader } from "~/components/scaffolder/pages/template-editor-view";
import { FieldError } from "~/components/ui/field-error";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { withoutKey } from "~/lib/forms/controls";
import { parseForm } from "~/lib/forms/submission";
import { formReplyOf } from "~/lib/forms/reply";
import { catalogTemplates, templateYamlOf } from "~/lib/scaffolder/editor/editor-view.server";
import { parametersOf, previewSteps } from "~/lib/scaffolder/editor/form-preview.server";
import { templateFormPreviewSchema } from "~/lib/scaffolder/editor/schema";
import { data } from "react-router";

// The template form editor (Backstage's CustomFieldsPage's sibling,
// TemplateFormPage): a template's parameters as YAML on one side and the
// form they make on the other, rendered by the wizard's own renderer. A
// post refreshes the preview without JavaScript; with it the preview
// follows the typing (the same post, debounced).

/** Parameters to start from when the user has none yet: one step of each kind of field. */
const STARTER = `parameters:
  - title: Fill in some steps
    required: [name]
    properties:
      name:
        title: Name
        type: string
        description: Unique name of the component
        ui:autofocus: true
      owner:
        title: Owner
        type: string
        ui:field: OwnerPicker
        ui:options:
          catalogFilter:
            kind: Group
  - title: Choose a location
    properties:
      description:
        title: Description
        type: string
        ui:widget: textarea
`;

/** How long the page waits after the last keystroke before it asks for a new preview. */
export const PREVIEW_DEBOUNCE_MS = 500;

async function preview(args: Route.LoaderArgs | Route.ActionArgs, yaml: string) {
  const app = getRequestContext(args.context);
  const identity = requireIdentity(args.context);
  const call = { app, identity, credentials: pageCredentials(identity), url: new URL(args.request.url) };
  try {
    return { steps: await previewSteps(call, parametersOf(yaml)), error: undefined };
  } catch (error) {
    return { steps: [], error: error instanceof Error ? error.message : String(error) };
  }
}

export async function loader(args: Route.LoaderArgs) {
  const app = getRequestContext(args.context);
  const identity = requireIdentity(args.context);
  const credentials = pageCredentials(identity);
  const chosen = new URL(args.request.url).searchParams.get("template");
  const loaded = chosen ? await templateYamlOf(app, chosen, credentials) : undefined;
  const yaml = loaded ?? ((await app.templateEditor.draft(settingsOwnerOf(identity))).template || STARTER);
  return { templates: await catalogTemplates(app, credentials), chosen: chosen ?? "", yaml, ...(await preview(args, yaml)) };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseForm(await args.request.formData(), templateFormPreviewSchema);
  if (submission.status !== "success") return data({ reply: submission.reply(), steps: [], error: undefined }, { status: 400 });
  const result = await preview(args, submission.value.yaml);
  if (result.error) return data({ reply: submission.reply({ fieldErrors: { yaml: [result.error] } }), ...result }, { status: 400 });
  return { reply: submission.reply(), ...result };
}

export default function TemplateFormEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const latest = fetcher.data ?? actionData;
  const reply = formReplyOf(latest?.reply);
  const [form, fields] = useForm<{ yaml: string }>({ id: "template-form", lastResult: reply, defaultValue: { yaml: loaderData.yaml } });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const steps = latest ? latest.steps : loaderData.steps;
  const previewError = latest ? latest.error : loaderData.error;

  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.form.title")} subtitle={t("scaffolderPages.form.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-4">
            <CatalogLoader templates={loaderData.templates} chosen={loaderData.chosen} open={Boolean(loaderData.chosen)} action="/create/template-form" />
            <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3 rounded bg-white p-4 shadow dark:bg-slate-900" aria-label={t("scaffolderPages.form.title")}>
              <label htmlFor={fields.yaml.id} className="font-semibold">
                {t("scaffolderPages.form.yaml")}
              </label>
              <textarea
                {...withoutKey(getTextareaProps(fields.yaml, { ariaDescribedBy: fields.yaml.descriptionId }))}
                key={`${loaderData.chosen}-${fields.yaml.key ?? ""}`}
                rows={28}
                spellCheck={false}
                className="block w-full rounded border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
                onChange={(event) => {
                  // With JavaScript the preview follows the typing: the same post as the button, debounced.
                  const yaml = event.currentTarget.value;
                  clearTimeout(timer.current);
                  timer.current = setTimeout(() => void fetcher.submit({ yaml }, { method: "post" }), PREVIEW_DEBOUNCE_MS);
                }}
              />
              <p id={fields.yaml.descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
                {t("scaffolderPages.form.yamlHint")}
              </p>
              <FieldError id={fields.yaml.errorId} errors={fields.yaml.errors} />
              {hydrated ? null : (
                <button type="submit" className="self-start rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
                  {t("scaffolderPages.form.refresh")}
                </button>
              )}
            </Form>
          </div>
          <div className="min-w-0 rounded bg-white p-4 shadow dark:bg-slate-900">
            <h2 className="mb-3 text-lg font-semibold">{t("scaffolderPages.form.preview")}</h2>
            {previewError && !reply ? (
              <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
                {previewError}
              </p>
            ) : null}
            <FormPreview steps={steps} label={t("scaffolderPages.form.preview")} />
          </div>
        </div>
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.form.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
