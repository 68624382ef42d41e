import type { Route } from "./+types/templating-extensions";
import { SchemaTable } from "~/components/scaffolder/pages/schema-table";
import { QuerySearch } from "~/components/scaffolder/pages/query-search";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { CodeBlock } from "~/components/ui/code-block";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { highlightCode } from "~/lib/highlight/highlight-code.server";
import { templatingExtensions, type FilterMetadata, type GlobalFunctionMetadata } from "~/lib/scaffolder/templating/extensions";
import { schemaRows, schemaType } from "~/lib/scaffolder/schema-rows";

// Templating extensions (Backstage's TemplatingExtensionsPage): the
// filters, global functions and global values a template's ${{ }} may use,
// as GET /api/scaffolder/v2/templating-extensions serves them, in three
// sections and filtered by a search box (a GET form).

type Row = {
  name: string;
  description?: string;
  input: ReturnType<typeof schemaRows>;
  inputType?: { type: string; description?: string };
  arguments: string[];
  output?: string;
  examples: Array<{ description?: string; notes?: string; code: { html: string } }>;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireIdentity(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200).toLocaleLowerCase("en-US");
  const extensions = templatingExtensions;
  const matches = (name: string, description?: string) => !q || name.toLocaleLowerCase("en-US").includes(q) || (description ?? "").toLocaleLowerCase("en-US").includes(q);
  const rows = async (docs: Record<string, FilterMetadata | GlobalFunctionMetadata>): Promise<Row[]> =>
    Promise.all(
      Object.entries(docs)
        .filter(([name, doc]) => matches(name, doc.description))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(async ([name, doc]) => ({
          name,
          description: doc.description,
          input: schemaRows(inputOf(doc)),
          inputType: plainSchema(inputOf(doc)),
          arguments: (doc.schema?.arguments ?? []).map((argument) => (argument && typeof argument === "object" ? schemaType(argument as Record<string, unknown>) : String(argument))),
          output: doc.schema?.output && typeof doc.schema.output === "object" ? schemaType(doc.schema.output as Record<string, unknown>) : undefined,
          examples: await Promise.all((doc.examples ?? []).map(async (example) => ({ description: example.description, notes: example.notes, code: await highlightCode(example.example, "yaml") }))),
        })),
    );
  const values = await Promise.all(
    Object.entries(extensions.globals.values)
      .filter(([name, doc]) => matches(name, doc.description))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(async ([name, doc]) => ({ name, description: doc.description, value: await highlightCode(JSON.stringify(doc.value, null, 2) ?? "undefined", "json") })),
  );
  return { q, filters: await rows(extensions.filters), functions: await rows(extensions.globals.functions), values };
}

function inputOf(doc: FilterMetadata | GlobalFunctionMetadata): unknown {
  return doc.schema && "input" in doc.schema ? doc.schema.input : undefined;
}

/** A schema without properties (a filter's piped string): its type and description in a line. */
function plainSchema(schema: unknown): { type: string; description?: string } | undefined {
  if (!schema || typeof schema !== "object" || "properties" in schema) return undefined;
  const record = schema as Record<string, unknown>;
  return { type: schemaType(record), description: typeof record.description === "string" ? record.description : undefined };
}

export default function TemplatingExtensions({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { q, filters, functions, values } = loaderData;
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.extensions.title")} subtitle={t("scaffolderPages.extensions.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        <QuerySearch q={q} label={t("scaffolderPages.extensions.search")} button={t("scaffolderPages.extensions.searchButton")} />
        <nav aria-label={t("scaffolderPages.extensions.title")} className="mb-6 flex gap-4 font-semibold">
          <a href="#filters" className="text-brand-700 hover:underline dark:text-brand-300">
            {t("scaffolderPages.extensions.filters")}
          </a>
          <a href="#functions" className="text-brand-700 hover:underline dark:text-brand-300">
            {t("scaffolderPages.extensions.functions")}
          </a>
          <a href="#values" className="text-brand-700 hover:underline dark:text-brand-300">
            {t("scaffolderPages.extensions.values")}
          </a>
        </nav>
        <ExtensionSection id="filters" title={t("scaffolderPages.extensions.filters")} rows={filters} />
        <ExtensionSection id="functions" title={t("scaffolderPages.extensions.functions")} rows={functions} />
        <section id="values" aria-labelledby="values-title" className="mb-8">
          <h2 id="values-title" className="mb-3 text-2xl font-semibold">
            {t("scaffolderPages.extensions.values")}
          </h2>
          {values.length === 0 ? <p className="text-slate-600 dark:text-slate-400">{t("scaffolderPages.extensions.none")}</p> : null}
          <div className="flex flex-col gap-4">
            {values.map((value) => (
              <article key={value.name} aria-labelledby={`value-${value.name}`} data-testid={`value-${value.name}`} className="rounded bg-white p-4 shadow dark:bg-slate-900">
                <h3 id={`value-${value.name}`} className="font-mono text-lg font-semibold">
                  {value.name}
                </h3>
                {value.description ? <p className="mt-1">{value.description}</p> : null}
                <CodeBlock html={value.value.html} language="json" label={`${value.name} ${t("scaffolderPages.extensions.value")}`} className="mt-2" />
              </article>
            ))}
          </div>
        </section>
      </Content>
    </main>
  );
}

function ExtensionSection({ id, title, rows }: { id: string; title: string; rows: Row[] }) {
  const t = useTranslation();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mb-8">
      <h2 id={`${id}-title`} className="mb-3 text-2xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? <p className="text-slate-600 dark:text-slate-400">{t("scaffolderPages.extensions.none")}</p> : null}
      <div className="flex flex-col gap-4">
        {rows.map((row) => (
          <article key={row.name} aria-labelledby={`${id}-${row.name}`} data-testid={`${id}-${row.name}`} className="rounded bg-white p-4 shadow dark:bg-slate-900">
            <h3 id={`${id}-${row.name}`} className="font-mono text-lg font-semibold">
              {row.name}
            </h3>
            {row.description ? <p className="mt-1">{row.description}</p> : null}
            {row.inputType ? (
              <p className="mt-3 text-sm">
                <span className="font-semibold">{t("scaffolderPages.extensions.input")}:</span> <span className="font-mono">{row.inputType.type}</span>
                {row.inputType.description ? ` — ${row.inputType.description}` : null}
              </p>
            ) : null}
            {row.input.length ? (
              <>
                <h4 className="mt-3 font-semibold">{t("scaffolderPages.extensions.input")}</h4>
                <SchemaTable rows={row.input} caption={`${row.name} ${t("scaffolderPages.extensions.input")}`} empty={t("scaffolderPages.extensions.none")} />
              </>
            ) : null}
            {row.arguments.length ? (
              <>
                <h4 className="mt-3 font-semibold">{t("scaffolderPages.extensions.arguments")}</h4>
                <ol className="list-decimal pl-6 font-mono text-sm">
                  {row.arguments.map((argument, index) => (
                    <li key={index}>{argument}</li>
                  ))}
                </ol>
              </>
            ) : null}
            {row.output ? (
              <p className="mt-3 text-sm">
                <span className="font-semibold">{t("scaffolderPages.extensions.output")}:</span> <span className="font-mono">{row.output}</span>
              </p>
            ) : null}
            {row.examples.length ? (
              <details className="mt-3">
                <summary className="cursor-pointer font-semibold">{t("scaffolderPages.extensions.examples")}</summary>
                {row.examples.map((example, index) => (
                  <div key={index} className="mt-2">
                    {example.description ? <p className="mb-1 text-sm">{example.description}</p> : null}
                    <CodeBlock html={example.code.html} language="yaml" label={`${row.name} ${t("scaffolderPages.extensions.examples")} ${index + 1}`} />
                    {example.notes ? <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{example.notes}</p> : null}
                  </div>
                ))}
              </details>
            ) : null}
          </article>
        ))}
      </div>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.extensions.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
