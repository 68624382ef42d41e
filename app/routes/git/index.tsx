import type { Route } from "./+types/index";
import { EmptyState } from "~/components/ui/empty-state";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { listRepositories } from "~/lib/scaffolder/actions/git/browse.server";

// /git: the repositories of the portal's own git host, which publish:git
// creates for templates run on the embedded default.

export async function loader({ context }: Route.LoaderArgs) {
  requireIdentity(context);
  const app = getRequestContext(context);
  return { repositories: await listRepositories(app.localGit) };
}

export default function RepositoriesPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  return (
    <main id="main">
      <Header theme="tool" title={t("localGit.title")} subtitle={t("localGit.subtitle")} />
      <Content>
        {loaderData.repositories.length === 0 ? (
          <EmptyState title={t("localGit.empty")} description={t("localGit.emptyDescription")} />
        ) : (
          <table className="w-full rounded bg-white text-sm shadow dark:bg-slate-900">
            <caption className="sr-only">{t("localGit.listLabel")}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left dark:border-slate-800">
                <th scope="col" className="px-4 py-2">
                  {t("localGit.repository")}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t("localGit.description")}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.repositories.map((repository) => (
                <tr key={repository.to} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="px-4 py-2">
                    <Link to={repository.to} className="text-sky-700 underline dark:text-sky-400">
                      {repository.owner}/{repository.repo}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{repository.description ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "localGit.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
