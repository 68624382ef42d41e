import { useLocation } from "react-router";
import type { Route } from "./+types/index";
import { DocsFilters } from "~/components/techdocs/docs-filters";
import { DocsTable } from "~/components/techdocs/docs-table";
import { DocsCustomHome } from "~/components/techdocs/docs-custom-home";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { useRootData, useTranslation } from "~/components/ui/root-data";
import { Header, pageMeta } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { docsIndexHref, parseDocsIndexQuery } from "~/lib/techdocs/docs-index";
import { loadDocsIndex } from "~/lib/techdocs/docs-index.server";
import { loadCustomHome } from "~/lib/techdocs/custom-home.server";

// The docs index (Backstage's TechDocs home): the catalog's documented
// entities, with owned / starred / all, kind and owner filters in the URL.
// When techdocs.customHome is configured, its tabs and panels instead.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  const url = new URL(request.url);
  const customHome = app.config.config.techdocs.customHome;
  if (customHome) return { mode: "custom" as const, home: await loadCustomHome(app, identity, credentials, customHome, url.searchParams) };
  return { mode: "index" as const, index: await loadDocsIndex(app, identity, credentials, parseDocsIndexQuery(url.searchParams, true)) };
}

export default function DocsIndex({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const config = useRootData()?.config;
  const organization = config?.organizationName ?? config?.title ?? "";
  const { search } = useLocation();
  return (
    <main id="main">
      <Header theme="documentation" title={t("techdocs.index.title")} subtitle={t("techdocs.index.subtitle", { organization })} />
      {loaderData.mode === "custom" ? (
        <DocsCustomHome home={loaderData.home} />
      ) : (
        <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-6 py-6 md:flex-row">
          <DocsFilters
            key={search}
            query={loaderData.index.query}
            kinds={loaderData.index.kinds}
            owners={loaderData.index.owners}
            presentations={loaderData.index.presentations}
            signedIn={loaderData.index.signedIn}
          />
          <section className="min-w-0 flex-1" aria-labelledby="docs-table-title">
            <h2 id="docs-table-title" className="mb-3 text-xl font-semibold">
              {t(
                loaderData.index.query.user === "owned"
                  ? "techdocs.index.tableTitleOwned"
                  : loaderData.index.query.user === "starred"
                    ? "techdocs.index.tableTitleStarred"
                    : "techdocs.index.tableTitleAll",
                { count: loaderData.index.totalItems },
              )}
            </h2>
            <DocsTable rows={loaderData.index.rows} presentations={loaderData.index.presentations} />
            <nav aria-label={t("uiKit.pagination.label")} className="mt-3 flex justify-end gap-4">
              {loaderData.index.prevCursor ? (
                <Link to={docsIndexHref(loaderData.index.query, { cursor: loaderData.index.prevCursor })} className="docs-link">
                  {t("techdocs.reader.previous")}
                </Link>
              ) : null}
              {loaderData.index.nextCursor ? (
                <Link to={docsIndexHref(loaderData.index.query, { cursor: loaderData.index.nextCursor })} className="docs-link">
                  {t("techdocs.reader.next")}
                </Link>
              ) : null}
            </nav>
          </section>
        </div>
      )}
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "techdocs.index.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
