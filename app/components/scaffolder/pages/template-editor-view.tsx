import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useRef, useState, type ReactNode } from "react";
import { Form, useLocation, useNavigate, useSearchParams } from "react-router";
import { CodeBlock } from "~/components/ui/code-block";
import { UrlDialog } from "~/components/ui/dialog";
import { FieldError, FormErrors } from "~/components/ui/field-error";
import { Link } from "~/components/ui/link";
import { Content, Header } from "~/components/ui/page";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import { useHydrated } from "~/components/ui/use-hydrated";
import { withoutKey } from "~/lib/forms/controls";
import { formReplyOf } from "~/lib/forms/reply";
import { EDITOR_TABS, type EditorTab } from "~/lib/scaffolder/editor/schema";
import { DirectoryLoader } from "./directory-loader";
import { ScaffolderNav } from "./scaffolder-nav";

type Highlighted = { html: string; language: string };

export type TemplateEditorData = {
  templates: Array<{ ref: string; title: string }>;
  chosen: string;
  template: string;
  values: string;
  files: string[];
  results: Array<{ id: string; n: number; templateTitle: string; status: "completed" | "failed"; createdAt: string }>;
  selected?: {
    id: string;
    n: number;
    templateTitle: string;
    status: "completed" | "failed";
    error?: string;
    files: string[];
    log?: string;
    output?: Highlighted;
    file?: { path: string; html?: string; binary?: boolean; tooLarge?: boolean };
  };
  tab: EditorTab;
  publish?: { yaml: Highlighted };
  loadFromCatalog: boolean;
};

const FIELD = "mt-1 block w-full rounded border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-950";
const BUTTON = "rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const SECONDARY = "rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
const HINT = "mt-1 text-sm text-slate-600 dark:text-slate-400";

export function TemplateEditorView({ data, lastResult }: { data: TemplateEditorData; lastResult: unknown }) {
  const t = useTranslation();
  const reply = formReplyOf(lastResult);
  const [form, fields] = useForm<{ template: string; values: string; secrets: string; directory: string }>({
    id: "template-editor",
    lastResult: reply,
    defaultValue: { template: data.template, values: data.values },
  });
  const [params] = useSearchParams();
  const templateRef = useRef<HTMLTextAreaElement>(null);
  const [loadedFiles, setLoadedFiles] = useState<number | undefined>(undefined);
  const withParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(name);
    else next.set(name, value);
    const query = next.toString();
    return `/create/template${query ? `?${query}` : ""}`;
  };

  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.editor.title")} subtitle={t("scaffolderPages.editor.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-4">
            <CatalogLoader templates={data.templates} chosen={data.chosen} open={data.loadFromCatalog} action="/create/template" />
            <Form
              method="post"
              encType="multipart/form-data"
              {...getFormProps(form)}
              className="flex flex-col gap-4 rounded bg-white p-4 shadow dark:bg-slate-900"
              aria-label={t("scaffolderPages.editor.title")}
            >
              <FormErrors id={form.errorId} errors={form.errors} />
              <div>
                <label htmlFor={fields.template.id} className="font-semibold">
                  {t("scaffolderPages.editor.template")}
                </label>
                <textarea
                  {...withoutKey(getTextareaProps(fields.template, { ariaDescribedBy: fields.template.descriptionId }))}
                  key={`${data.chosen}-${fields.template.key ?? ""}`}
                  ref={templateRef}
                  rows={22}
                  spellCheck={false}
                  className={FIELD}
                />
                <p id={fields.template.descriptionId} className={HINT}>
                  {t("scaffolderPages.editor.templateHint")}
                </p>
                <FieldError id={fields.template.errorId} errors={fields.template.errors} />
              </div>
              <div>
                <label htmlFor={fields.values.id} className="font-semibold">
                  {t("scaffolderPages.editor.values")}
                </label>
                <textarea {...withoutKey(getTextareaProps(fields.values, { ariaDescribedBy: fields.values.descriptionId }))} rows={6} spellCheck={false} className={FIELD} />
                <p id={fields.values.descriptionId} className={HINT}>
                  {t("scaffolderPages.editor.valuesHint")}
                </p>
                <FieldError id={fields.values.errorId} errors={fields.values.errors} />
              </div>
              <div>
                <label htmlFor={fields.secrets.id} className="font-semibold">
                  {t("scaffolderPages.editor.secrets")}
                </label>
                <textarea {...withoutKey(getTextareaProps(fields.secrets, { ariaDescribedBy: fields.secrets.descriptionId }))} rows={3} spellCheck={false} autoComplete="off" className={FIELD} />
                <p id={fields.secrets.descriptionId} className={HINT}>
                  {t("scaffolderPages.editor.secretsHint")}
                </p>
                <FieldError id={fields.secrets.errorId} errors={fields.secrets.errors} />
              </div>
              <fieldset aria-describedby={`${fields.directory.descriptionId} ${fields.directory.errorId}`}>
                <legend className="font-semibold">{t("scaffolderPages.editor.files")}</legend>
                <DirectoryLoader
                  name={fields.directory.name}
                  onLoaded={(count, template) => {
                    setLoadedFiles(count);
                    if (template !== undefined && templateRef.current) templateRef.current.value = template;
                  }}
                />
                {data.files.length && loadedFiles === undefined ? (
                  <>
                    <input type="hidden" name="keepFiles" value="1" />
                    <p className={HINT} data-testid="editor-files">
                      {t("scaffolderPages.editor.loadedFiles", { count: data.files.length })}
                    </p>
                  </>
                ) : null}
                {loadedFiles !== undefined ? (
                  <p className={HINT} data-testid="editor-files">
                    {t("scaffolderPages.editor.loadedFiles", { count: loadedFiles })}
                  </p>
                ) : null}
                <p id={fields.directory.descriptionId} className={HINT}>
                  {t("scaffolderPages.editor.filesHint")}
                </p>
                <FieldError id={fields.directory.errorId} errors={fields.directory.errors} />
              </fieldset>
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="dry-run" className={BUTTON}>
                  {t("scaffolderPages.editor.dryRun")}
                </button>
                {data.files.length ? (
                  <button type="submit" name="intent" value="clear-files" formNoValidate className={SECONDARY}>
                    {t("scaffolderPages.editor.clearFiles")}
                  </button>
                ) : null}
                <Link to={withParam("publish", "1")} className={SECONDARY}>
                  {t("scaffolderPages.editor.publish")}
                </Link>
              </div>
            </Form>
          </div>
          <DryRunResults data={data} />
        </div>
      </Content>
      {data.publish ? (
        <UrlDialog title={t("scaffolderPages.editor.publishTitle")} closeTo={withParam("publish", undefined)} testId="publish-dialog">
          <p>{t("scaffolderPages.editor.publishIntro")}</p>
          <ol className="my-3 list-decimal space-y-1 pl-5">
            <li>{t("scaffolderPages.editor.publishCopy")}</li>
            <li>{t("scaffolderPages.editor.publishRegister")}</li>
          </ol>
          <CodeBlock html={data.publish.yaml.html} language="yaml" label={t("scaffolderPages.editor.publishYaml")} />
        </UrlDialog>
      ) : null}
    </main>
  );
}

/** Load a template from the catalog: a GET form, so the choice is a URL and works without JavaScript. */
export function CatalogLoader({ templates, chosen, open, action }: { templates: Array<{ ref: string; title: string }>; chosen: string; open: boolean; action: string }) {
  const t = useTranslation();
  return (
    <details open={open} className="rounded bg-white p-4 shadow dark:bg-slate-900" data-testid="catalog-loader">
      <summary className="cursor-pointer font-semibold">{t("scaffolderPages.editor.fromCatalog")}</summary>
      {templates.length === 0 ? (
        <p className={HINT}>{t("scaffolderPages.editor.noTemplates")}</p>
      ) : (
        <Form method="get" action={action} className="mt-3 flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col">
            <span className="text-sm font-semibold">{t("scaffolderPages.editor.catalogTemplate")}</span>
            <select name="template" defaultValue={chosen} required className="mt-1 rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-950">
              <option value="" disabled>
                {t("scaffolderPages.editor.chooseTemplate")}
              </option>
              {templates.map((template) => (
                <option key={template.ref} value={template.ref}>
                  {`${template.title} (${template.ref})`}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={SECONDARY}>
            {t("scaffolderPages.editor.load")}
          </button>
        </Form>
      )}
    </details>
  );
}

function DryRunResults({ data }: { data: TemplateEditorData }) {
  const t = useTranslation();
  const basePath = useBasePath();
  const { selected } = data;
  return (
    <section aria-labelledby="dry-run-results-title" className="flex min-w-0 flex-col gap-4 rounded bg-white p-4 shadow dark:bg-slate-900" data-testid="dry-run-results">
      <h2 id="dry-run-results-title" className="text-lg font-semibold">
        {t("scaffolderPages.editor.results")}
      </h2>
      {data.results.length === 0 ? <p className={HINT}>{t("scaffolderPages.editor.noResults")}</p> : null}
      <ul className="flex flex-col gap-1">
        {data.results.map((result) => (
          <li key={result.id} className={`flex items-center justify-between gap-2 rounded px-2 py-1 ${selected?.id === result.id ? "bg-slate-100 dark:bg-slate-800" : ""}`}>
            <Link to={`/create/template?result=${result.id}`} aria-current={selected?.id === result.id ? "true" : undefined} className="min-w-0 truncate hover:underline">
              <StatusBadge status={result.status === "completed" ? "ok" : "error"}>{t("scaffolderPages.editor.resultOf", { n: result.n, template: result.templateTitle })}</StatusBadge>
            </Link>
            <span className="flex shrink-0 items-center gap-2">
              <a href={`${basePath}/create/template/results/${result.id}/zip`} download className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                {t("scaffolderPages.editor.download")}
                <span className="sr-only"> ({t("scaffolderPages.editor.result", { n: result.n })})</span>
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="resultId" value={result.id} />
                <button type="submit" className="text-sm font-semibold text-red-700 hover:underline dark:text-red-300">
                  {t("scaffolderPages.editor.delete")}
                  <span className="sr-only"> ({t("scaffolderPages.editor.result", { n: result.n })})</span>
                </button>
              </Form>
            </span>
          </li>
        ))}
      </ul>
      {selected ? (
        <ResultTabs tab={data.tab} hrefOf={(tab) => `/create/template?result=${selected.id}&tab=${tab}`}>
          {{
            files: (
              <div className="flex flex-col gap-3 md:flex-row">
                {selected.files.length === 0 ? <p className={HINT}>{t("scaffolderPages.editor.noFiles")}</p> : null}
                <ul aria-label={t("scaffolderPages.editor.fileList")} className="flex shrink-0 flex-col text-sm md:w-56">
                  {selected.files.map((path) => (
                    <li key={path}>
                      <Link
                        to={`/create/template?result=${selected.id}&tab=files&file=${encodeURIComponent(path)}`}
                        aria-current={selected.file?.path === path ? "true" : undefined}
                        className={`block truncate rounded px-2 py-1 font-mono hover:bg-slate-100 dark:hover:bg-slate-800 ${selected.file?.path === path ? "font-semibold" : ""}`}
                      >
                        {path}
                      </Link>
                    </li>
                  ))}
                </ul>
                {selected.file ? (
                  <div className="min-w-0 flex-1" data-testid="dry-run-file">
                    {selected.file.html ? <CodeBlock html={selected.file.html} language="text" label={selected.file.path} /> : <p className={HINT}>{selected.file.path}</p>}
                  </div>
                ) : null}
              </div>
            ),
            log: (
              <pre data-testid="dry-run-log" className="rounded bg-slate-950 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-100">
                {selected.log}
              </pre>
            ),
            output: selected.output ? (
              <CodeBlock html={selected.output.html} language="json" label={t("scaffolderPages.editor.tabs.output")} />
            ) : (
              <p className={HINT}>{selected.error ?? t("scaffolderPages.editor.noOutput")}</p>
            ),
          }}
        </ResultTabs>
      ) : null}
      {selected?.error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200">
          {selected.error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The result's tabs Files, Log and Output. The selected tab is in the URL:
 * without JavaScript each tab is a link and the server renders its panel;
 * with it they are Headless UI tabs (arrow keys, roles), and choosing one
 * replaces the URL so the server renders that tab's content.
 */
function ResultTabs({ tab, hrefOf, children }: { tab: EditorTab; hrefOf: (tab: EditorTab) => string; children: Record<EditorTab, ReactNode> }) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabClass = (selected: boolean) =>
    `rounded-t border-b-2 px-4 py-2 font-semibold ${selected ? "border-brand-600 text-brand-700 dark:border-brand-300 dark:text-brand-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"}`;
  if (!hydrated) {
    return (
      <div data-testid="result-tabs">
        <nav aria-label={t("scaffolderPages.editor.results")} className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
          {EDITOR_TABS.map((name) => (
            <Link key={name} to={hrefOf(name)} aria-current={tab === name ? "page" : undefined} className={tabClass(tab === name)}>
              {t(`scaffolderPages.editor.tabs.${name}`)}
            </Link>
          ))}
        </nav>
        <div className="pt-3">{children[tab]}</div>
      </div>
    );
  }
  return (
    <TabGroup
      data-testid="result-tabs"
      data-pathname={pathname}
      selectedIndex={EDITOR_TABS.indexOf(tab)}
      onChange={(index) => void navigate(hrefOf(EDITOR_TABS[index]), { replace: true, preventScrollReset: true })}
    >
      <TabList className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {EDITOR_TABS.map((name) => (
          <Tab key={name} className={({ selected }) => tabClass(selected)}>
            {t(`scaffolderPages.editor.tabs.${name}`)}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-3">
        {EDITOR_TABS.map((name) => (
          <TabPanel key={name}>{name === tab ? children[name] : null}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
