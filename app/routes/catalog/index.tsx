import { data, useLocation } from "react-router";
import type { Route } from "./+types/index";
import { EntityTable } from "~/components/catalog/index/entity-table";
import { FILTERS_FORM_ID, FilterSidebar } from "~/components/catalog/index/filter-sidebar";
import { Pagination } from "~/components/catalog/index/pagination";
import { QueryProblems } from "~/components/catalog/index/query-problems";
import { useTranslation } from "~/components/ui/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { Header, pageMeta } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { loadCatalogIndex } from "~/lib/catalog/catalog-index/index-page.server";
import { kindPlural } from "~/lib/catalog/catalog-index/index-query";
import { externalRoutePath } from "~/lib/catalog/entity-page/external-routes";
import { getRequestContext } from "~/lib/context.server";

// The catalog index: filters, search, ordering and cursor paging, all in the
// URL (Backstage's `filters[...]` parameters), so every view is a link one
// can share and the page works without JavaScript. Parameters that do not
// parse are named on the page, which answers 400 and shows the defaults.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const index = await loadCatalogIndex(app, identity, pageCredentials(identity), new URL(request.url).searchParams);
  // The create-component external route (app.routes.bindings); unbound, the page has no Create link.
  const createPath = externalRoutePath(app.config.config.app.routes, "createComponent");
  return data({ ...index, createPath }, { status: index.problems.length ? 400 : 200 });
}

export default function CatalogIndex({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  // The form's fields are uncontrolled: keyed by the URL, they show each view's own values after
  // a navigation (Clear all, back and forward), not what was last typed.
  const { search } = useLocation();
  const { query, problems, rows, totalItems, nextCursor, prevCursor, options, presentations, signedIn, createPath } = loaderData;
  const kindLabel = options.kind.find((option) => option.value.toLocaleLowerCase("en-US") === query.kind)?.value ?? query.kind;
  const titleKey = query.user === "owned" ? "catalogIndex.table.titleOwned" : query.user === "starred" ? "catalogIndex.table.titleStarred" : "catalogIndex.table.titleAll";
  return (
    <main id="main">
      {/* After "Skip to content": past the header's links and the filters, straight to the results. */}
      <a href="#catalog-results" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2 focus:text-black">
        {t("catalogIndex.skipToResults")}
      </a>
      <Header theme="home" title={t("catalogIndex.title")} subtitle={t("catalogIndex.subtitle")}>
        {createPath ? (
          <Link to={createPath} className="rounded border border-white/70 px-4 py-2 font-semibold text-white hover:bg-white/10">
            {t("catalogIndex.create")}
          </Link>
        ) : null}
        <Link to="/catalog-import" className="rounded border border-white/70 px-4 py-2 font-semibold text-white hover:bg-white/10">
          {t("catalogImport.registerExisting")}
        </Link>
      </Header>
      <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-6 py-6 2xl:flex-row">
        <FilterSidebar key={search} query={query} options={options} presentations={presentations} />
        <section id="catalog-results" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none" aria-labelledby="catalog-table-title">
          <QueryProblems problems={problems} />
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <h2 id="catalog-table-title" className="text-xl font-semibold">
              {t(titleKey, { kind: kindPlural(kindLabel), count: totalItems })}
            </h2>
            <label className="flex items-center gap-2">
              <span className="sr-only">{t("catalogIndex.table.search")}</span>
              <input
                key={search}
                type="search"
                name="filters[text]"
                form={FILTERS_FORM_ID}
                defaultValue={query.text}
                placeholder={t("catalogIndex.table.searchPlaceholder")}
                className="w-64 rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
          </div>
          <EntityTable query={query} rows={rows} presentations={presentations} signedIn={signedIn} />
          <Pagination key={search} query={query} rows={rows.length} totalItems={totalItems} nextCursor={nextCursor} prevCursor={prevCursor} />
        </section>
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "catalogIndex.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
