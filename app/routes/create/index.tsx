import { Link, useLocation } from "react-router";
import type { Route } from "./+types/index";
import { TemplateFilterForm, TemplateGroups } from "~/components/scaffolder/wizard/template-cards";
import { EmptyState } from "~/components/ui/empty-state";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { loadTemplateList } from "~/lib/scaffolder/wizard/template-list.server";

// /create: the templates the visitor may read, grouped by type and filtered
// by tag and owner with a GET form (?tags=…&owners=…), as Backstage's
// template list with its tag and owner pickers. Choosing one opens its wizard.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  return loadTemplateList(app, pageCredentials(identity), new URL(request.url).searchParams);
}

export default function CreateIndex({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { search } = useLocation();
  const { filters, facets, groups, total, shown } = loaderData;
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderWizard.title")} subtitle={t("scaffolderWizard.subtitle")}>
        <Link to="/catalog-import" className="rounded border border-white/70 px-4 py-2 font-semibold text-white hover:bg-white/10">
          {t("catalogImport.registerExisting")}
        </Link>
      </Header>
      <Content>
        {total === 0 ? (
          <EmptyState title={t("scaffolderWizard.list.empty")} missing="data" />
        ) : (
          <div className="flex flex-col gap-6 md:flex-row">
            {/* Keyed by the query: after a navigation the boxes show that view's filters. */}
            <TemplateFilterForm key={search} filters={filters} facets={facets} />
            <div className="min-w-0 flex-1">
              <p className="mb-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
                {t("scaffolderWizard.list.count", { count: shown })}
              </p>
              {shown === 0 ? <p>{t("scaffolderWizard.list.emptyFiltered")}</p> : <TemplateGroups groups={groups} />}
            </div>
          </div>
        )}
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderWizard.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
