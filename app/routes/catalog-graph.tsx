import { data } from "react-router";
import type { Route } from "./+types/catalog-graph";
import { GraphFilters } from "~/components/catalog/graph/graph-filters";
import { GraphPicker, GraphStartNote } from "~/components/catalog/graph/graph-picker";
import { GraphView } from "~/components/catalog/graph/graph-view";
import { useTranslation } from "~/components/ui/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { loadCatalogGraph } from "~/lib/catalog/graph/catalog-graph.server";
import { graphStart } from "~/lib/catalog/graph/graph-start.server";
import { PAGE_DEFAULTS, parseGraphQuery } from "~/lib/catalog/graph/graph-query";
import { MAX_NODES } from "~/lib/catalog/graph/graph-walk";
import { getRequestContext } from "~/lib/context.server";
import type { MessageKey } from "~/lib/i18n/i18n";

// /catalog-graph: the relations around one or more root entities, its whole
// state in the URL with Backstage's parameters (graph-query.ts), so Backstage
// deep links open the same graph. Rendered on the server as a nested list;
// the drawing loads after hydration (decision 016). Without a root in the
// URL it starts from what the visitor owns, or else starred, one relation
// deep (graph-start.server.ts); its entity picker is a GET form.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  const params = new URL(request.url).searchParams;
  const parsed = parseGraphQuery(params);
  // The visitor's owned and starred entities: the start without a root, and the picker's suggestions.
  const start = await graphStart(app, identity);
  // No root named: the visitor's own entities, one relation deep unless the URL says otherwise.
  const fromStart = parsed.query.rootEntityRefs.length === 0 && parsed.problems.length === 0;
  const { query, problems } = fromStart ? parseGraphQuery(params, { ...PAGE_DEFAULTS, maxDepth: 1 }) : parsed;
  if (fromStart) query.rootEntityRefs = start.roots;
  const graph = await loadCatalogGraph(app.catalog, query, credentials);
  const page = { query, graph, problems, maxNodes: MAX_NODES, start: { ...start, used: fromStart } };
  // What could be read is still shown; the answer says the link was not quite right.
  return data(page, { status: problems.length > 0 ? 400 : 200 });
}

export default function CatalogGraphPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { query, graph, problems, maxNodes, start } = loaderData;
  // One root names the graph; the visitor's own entities are several.
  const root = start.used ? undefined : graph.nodes.find((node) => node.depth === 0);
  const title = root ? root.title : start.used && start.source !== "none" ? t(`catalogGraph.start.title.${start.source}`) : t("catalogGraph.listTitle");
  return (
    <main id="main">
      <Header theme="tool" title={t("catalogGraph.title")} subtitle={t("catalogGraph.subtitle")} />
      <Content>
        <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
          <div className="min-w-0 space-y-4">
            <GraphPicker choices={start.choices} />
            <GraphFilters query={query} values={{ rootEntityRefs: start.used ? [] : query.rootEntityRefs }} />
          </div>
          <section aria-labelledby="graph-title" className="min-w-0 space-y-3 rounded bg-white p-4 shadow dark:bg-slate-900">
            <h2 id="graph-title" className="text-lg font-semibold">
              {title}
            </h2>
            {start.used ? <GraphStartNote source={start.source} count={query.rootEntityRefs.length} ownedTotal={start.ownedTotal} /> : null}
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
              start.used ? null : (
                <p className="text-slate-600 dark:text-slate-400">{t("catalogGraph.noRoot")}</p>
              )
            ) : (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("catalogGraph.legend", { count: graph.nodes.length, edges: graph.edges.length })}</p>
                <GraphView graph={graph} direction={query.direction} label={title} height="70vh" />
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
