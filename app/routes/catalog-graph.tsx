import { data } from "react-router";
import type { Route } from "./+types/catalog-graph";
import { GraphFilters } from "~/components/catalog/graph/graph-filters";
import { GraphView } from "~/components/catalog/graph/graph-view";
import { useTranslation } from "~/components/ui/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { loadCatalogGraph } from "~/lib/catalog/graph/catalog-graph.server";
import { parseGraphQuery } from "~/lib/catalog/graph/graph-query";
import { MAX_NODES } from "~/lib/catalog/graph/graph-walk";
import { getRequestContext } from "~/lib/context.server";
import type { MessageKey } from "~/lib/i18n/i18n";

// /catalog-graph: the relations around one or more root entities, its whole
// state in the URL with Backstage's parameters (graph-query.ts), so Backstage
// deep links open the same graph. Rendered on the server as a nested list;
// the drawing loads after hydration (decision 016).

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  const { query, problems } = parseGraphQuery(new URL(request.url).searchParams);
  const graph = await loadCatalogGraph(app.catalog, query, credentials);
  const page = { query, graph, problems, maxNodes: MAX_NODES };
  // What could be read is still shown; the answer says the link was not quite right.
  return data(page, { status: problems.length > 0 ? 400 : 200 });
}

export default function CatalogGraphPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { query, graph, problems, maxNodes } = loaderData;
  const root = graph.nodes.find((node) => node.depth === 0);
  return (
    <main id="main">
      <Header theme="tool" title={t("catalogGraph.title")} subtitle={t("catalogGraph.subtitle")} />
      <Content>
        <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
          <GraphFilters query={query} values={{ rootEntityRefs: query.rootEntityRefs }} />
          <section aria-labelledby="graph-title" className="min-w-0 space-y-3 rounded bg-white p-4 shadow dark:bg-slate-900">
            <h2 id="graph-title" className="text-lg font-semibold">
              {root ? root.title : t("catalogGraph.listTitle")}
            </h2>
            {problems.length > 0 ? (
              <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                <p className="font-semibold">{t("catalogGraph.errors.title")}</p>
                <ul className="mt-1 list-disc pl-5">
                  {problems.map((problem, index) => (
                    <li key={index}>{t(problem.key as MessageKey, problem.values)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {graph.truncated ? (
              <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                {t("catalogGraph.truncated", { max: maxNodes })}
              </p>
            ) : null}
            {query.rootEntityRefs.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">{t("catalogGraph.noRoot")}</p>
            ) : (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("catalogGraph.legend", { count: graph.nodes.length, edges: graph.edges.length })}</p>
                <GraphView graph={graph} direction={query.direction} label={root ? root.title : ""} height="70vh" />
              </>
            )}
          </section>
        </div>
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "catalogGraph.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
