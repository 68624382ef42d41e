import { data, useLocation } from "react-router";
import type { Route } from "./+types/search";
import { SearchForm } from "~/components/search/search-form";
import { SearchResultItem } from "~/components/search/search-result-item";
import { EmptyState } from "~/components/ui/empty-state";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Header, pageMeta } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { catalogKindNames } from "~/lib/catalog/kind-names.server";
import { getRequestContext } from "~/lib/context.server";
import { DEFAULT_PAGE_LIMIT, MAX_COUNTED_RESULTS, SEARCH_TYPES, decodePageCursor, parseSearchParams, searchParamsOf, type SearchRequest } from "~/lib/search/query";

// /search: the one index over the catalog and the docs. The query lives in
// the URL with Backstage's parameter names (term, types[0], filters[kind],
// filters[lifecycle], pageCursor), so the GET form works without JavaScript
// and every result page is a link.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const parsed = parseSearchParams(new URL(request.url).searchParams);
  if ("problem" in parsed) return data({ request: { term: "" } as SearchRequest, problem: parsed.problem, resultSet: null }, { status: 400 });
  const asked = parsed.term.trim() !== "" || Boolean(parsed.types?.length) || Object.keys(parsed.filters ?? {}).length > 0;
  if (!asked) return data({ request: parsed, problem: undefined, resultSet: null });
  const credentials = pageCredentials(identity);
  // What was searched, said beside the results: the kinds of "every kind" are named.
  const searchesCatalog = !parsed.types?.length || parsed.types.includes("software-catalog");
  const [resultSet, everyKind] = await Promise.all([
    app.search.query(parsed, { credentials }),
    searchesCatalog && !parsed.filters?.kind ? catalogKindNames(app, credentials) : Promise.resolve(undefined),
  ]);
  return data({ request: parsed, problem: undefined, resultSet, everyKind });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { search } = useLocation();
  const { request, problem, resultSet } = loaderData;
  const everyKind = "everyKind" in loaderData ? loaderData.everyKind : undefined;
  const pageLimit = request.pageLimit ?? DEFAULT_PAGE_LIMIT;
  const page = decodePageCursor(request.pageCursor) ?? 0;
  const linkTo = (pageCursor: string | undefined) => (pageCursor === undefined ? undefined : `/search?${searchParamsOf({ ...request, pageCursor }).toString()}`);
  const count = resultSet?.numberOfResults;
  const from = page * pageLimit + 1;
  const summary = !resultSet ? "" : count !== undefined ? t("search.results.count", { count }) : t("search.results.many", { count: MAX_COUNTED_RESULTS.toLocaleString("en-US") });
  return (
    <main id="main">
      <Header theme="home" title={t("search.title")} subtitle={t("search.subtitle")} />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-6 py-6">
        {/* Keyed by the URL: the fields show each search's own values after back and forward. */}
        <SearchForm key={search} request={request} />
        {problem ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
            {t("search.problem", { message: problem })}
          </p>
        ) : null}
        <section aria-labelledby="search-results-title" className="flex flex-col gap-3">
          <h2 id="search-results-title" className="text-xl font-semibold">
            {t("search.results.title")}
          </h2>
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {summary}
            {resultSet && resultSet.results.length > 0 && (page > 0 || resultSet.nextPageCursor) ? ` · ${t("search.results.range", { from, to: from + resultSet.results.length - 1 })}` : ""}
          </p>
          {resultSet ? <SearchScope request={request} everyKind={everyKind} /> : null}
          {!resultSet ? (
            problem ? null : (
              <EmptyState title={t("search.empty.startTitle")} description={t("search.empty.startText")} />
            )
          ) : resultSet.results.length === 0 ? (
            <EmptyState title={t("search.empty.noneTitle")} description={t("search.empty.noneText")} />
          ) : (
            <ol className="flex flex-col gap-3" start={from}>
              {resultSet.results.map((result) => (
                <SearchResultItem key={`${result.type} ${String(result.document.location)}`} result={result} />
              ))}
            </ol>
          )}
          {resultSet && (resultSet.previousPageCursor || resultSet.nextPageCursor) ? (
            <Pagination label={t("search.results.paging")} links={{ previous: linkTo(resultSet.previousPageCursor), next: linkTo(resultSet.nextPageCursor) }} />
          ) : null}
        </section>
      </div>
    </main>
  );
}

/** Which types and kinds were searched: a kind filter's kinds, else every kind, named. */
function SearchScope({ request, everyKind }: { request: SearchRequest; everyKind: string[] | undefined }) {
  const t = useTranslation();
  const types = (request.types?.length ? request.types : SEARCH_TYPES).map((type) => t(`search.types.${type}`)).join(t("search.scope.and"));
  const filtered = request.filters?.kind;
  const kinds = filtered ? [filtered].flat().join(", ") : everyKind?.join(", ");
  const searchesCatalog = !request.types?.length || request.types.includes("software-catalog");
  const text = !searchesCatalog
    ? t("search.scope.types", { types })
    : filtered
      ? t("search.scope.kinds", { types, kinds: kinds ?? "" })
      : kinds
        ? t("search.scope.everyKind", { types, kinds })
        : t("search.scope.types", { types });
  return (
    <p data-testid="search-scope" className="text-sm text-slate-600 dark:text-slate-400">
      {text}
    </p>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "search.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
