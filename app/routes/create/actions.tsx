import type { Route } from "./+types/actions";
import { SchemaTable } from "~/components/scaffolder/pages/schema-table";
import { QuerySearch } from "~/components/scaffolder/pages/query-search";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { CodeBlock } from "~/components/ui/code-block";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { highlightCode } from "~/lib/highlight/highlight-code.server";
import { schemaRows } from "~/lib/scaffolder/schema-rows";

// Installed actions (Backstage's ActionsPage): every action the registry
// holds, filtered by a search box (a GET form), each with its Input and
// Output schemas as tables and its Examples as highlighted YAML.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  requireIdentity(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const needle = q.toLocaleLowerCase("en-US");
  const all = app.scaffolderActions.describe();
  const matching = all.filter((action) => !needle || action.id.toLocaleLowerCase("en-US").includes(needle) || (action.description ?? "").toLocaleLowerCase("en-US").includes(needle));
  const actions = await Promise.all(
    matching.map(async (action) => ({
      id: action.id,
      description: action.description,
      input: schemaRows(action.schema?.input),
      output: schemaRows(action.schema?.output),
      examples: await Promise.all((action.examples ?? []).map(async (example) => ({ description: example.description, code: await highlightCode(example.example, "yaml") }))),
    })),
  );
  return { q, total: all.length, actions };
}

export default function InstalledActions({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { q, actions, total } = loaderData;
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.actions.title")} subtitle={t("scaffolderPages.actions.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        <QuerySearch q={q} label={t("scaffolderPages.actions.search")} button={t("scaffolderPages.actions.searchButton")} />
        {actions.length === 0 ? <p className="text-slate-600 dark:text-slate-400">{total === 0 ? t("scaffolderPages.actions.none") : t("scaffolderPages.actions.empty", { query: q })}</p> : null}
        <div className="flex flex-col gap-6">
          {actions.map((action) => (
            <section key={action.id} aria-labelledby={`action-${action.id}`} data-testid={`action-${action.id}`} className="rounded bg-white p-5 shadow dark:bg-slate-900">
              <h2 id={`action-${action.id}`} className="font-mono text-xl font-semibold">
                {action.id}
              </h2>
              {action.description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{action.description}</p> : null}
              <h3 className="mt-4 mb-2 text-lg font-semibold">{t("scaffolderPages.actions.input")}</h3>
              <SchemaTable rows={action.input} caption={`${action.id} ${t("scaffolderPages.actions.input")}`} empty={t("scaffolderPages.actions.noInput")} />
              <h3 className="mt-4 mb-2 text-lg font-semibold">{t("scaffolderPages.actions.output")}</h3>
              <SchemaTable rows={action.output} caption={`${action.id} ${t("scaffolderPages.actions.output")}`} empty={t("scaffolderPages.actions.noOutput")} />
              {action.examples.length ? (
                <details className="mt-4">
                  <summary className="cursor-pointer text-lg font-semibold">{t("scaffolderPages.actions.examples")}</summary>
                  {action.examples.map((example, index) => (
                    <div key={index} className="mt-3">
                      <p className="mb-1 text-sm">{example.description}</p>
                      <CodeBlock html={example.code.html} language="yaml" label={t("scaffolderPages.actions.example", { n: index + 1 })} />
                    </div>
                  ))}
                </details>
              ) : null}
            </section>
          ))}
        </div>
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.actions.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
