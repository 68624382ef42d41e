import { redirect } from "react-router";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { Route } from "./+types/repository";
import { CodeBlock } from "~/components/ui/code-block";
import { CopyTextButton } from "~/components/ui/copy-text-button";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { Markdown } from "~/components/ui/markdown";
import { Content, Header, documentTitle } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { createTranslator } from "~/lib/i18n/i18n";
import { loadRepositoryView, repositoryPath, type RepositoryView } from "~/lib/scaffolder/actions/git/browse.server";
import { repoOfCloneSegment } from "~/lib/scaffolder/actions/git/http-backend.server";

// /git/:owner/:repo, /git/:owner/:repo/tree/{ref}/{path} and
// /git/:owner/:repo/blob/{ref}/{path}: a repository of the portal's own git
// host (publish:git) as source hosts show one, GitHub's URL shapes, so
// publish:git's repoContentsUrl ({repo}/blob/{branch}) plus a file path is a
// page here and a URL the catalog reads. Server-rendered; links only.

export async function loader({ params, context }: Route.LoaderArgs) {
  requireIdentity(context);
  const app = getRequestContext(context);
  // The clone URL (publish:git's remoteUrl, a template's "Repository" link) opens the repository, as on GitHub.
  const cloneName = repoOfCloneSegment(params.repo);
  if (cloneName && !params["*"]) throw redirect(repositoryPath(params.owner, cloneName));
  return loadRepositoryView(app.localGit, { owner: params.owner, repo: params.repo, splat: params["*"] ?? "" });
}

export default function RepositoryPage({ loaderData: view }: Route.ComponentProps) {
  const t = useTranslation();
  return (
    <main id="main">
      <Header theme="tool" title={`${view.owner}/${view.repo}`} subtitle={view.description} />
      <Content>
        <div className="space-y-4">
          <CloneBox remoteUrl={view.remoteUrl} />
          <nav aria-label={t("localGit.breadcrumb")} className="flex flex-wrap items-center gap-1 text-sm">
            <Link to="/git" className="text-sky-700 underline dark:text-sky-400">
              {view.owner}
            </Link>
            <span aria-hidden="true">/</span>
            <Link to={view.rootTo} className="text-sky-700 underline dark:text-sky-400" aria-current={view.path ? undefined : "page"}>
              {view.repo}
            </Link>
            {view.crumbs.map((crumb, index) => (
              <span key={crumb.to} className="flex items-center gap-1">
                <span aria-hidden="true">/</span>
                {index === view.crumbs.length - 1 ? (
                  <span aria-current="page" className="font-semibold">
                    {crumb.name}
                  </span>
                ) : (
                  <Link to={crumb.to} className="text-sky-700 underline dark:text-sky-400">
                    {crumb.name}
                  </Link>
                )}
              </span>
            ))}
            <span className="ml-auto rounded bg-slate-200 px-2 py-0.5 font-mono text-xs dark:bg-slate-800">{t("localGit.branch", { ref: view.ref })}</span>
          </nav>
          <RepositoryBody view={view} />
        </div>
      </Content>
    </main>
  );
}

function CloneBox({ remoteUrl }: { remoteUrl: string }) {
  const t = useTranslation();
  const command = `git clone ${remoteUrl}`;
  return (
    <section aria-labelledby="clone-title" className="rounded bg-white p-4 shadow dark:bg-slate-900">
      <h2 id="clone-title" className="text-sm font-semibold">
        {t("localGit.cloneLabel")}
      </h2>
      <div className="mt-2 flex items-center gap-2">
        <ScrollRegion label={t("localGit.cloneLabel")} className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
          <code data-testid="clone-command" className="font-mono text-sm whitespace-nowrap">
            {command}
          </code>
        </ScrollRegion>
        <CopyTextButton text={command} label={t("localGit.cloneLabel")} />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("localGit.cloneHint")}</p>
    </section>
  );
}

function RepositoryBody({ view }: { view: RepositoryView }) {
  const t = useTranslation();
  if (view.kind === "empty") {
    return <p className="rounded bg-white p-4 shadow dark:bg-slate-900">{t("localGit.emptyRepository")}</p>;
  }
  const commit = (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="last-commit">
      <span className="font-semibold">{t("localGit.lastCommit")}:</span> <span className="font-mono">{view.commit.shortHash}</span>{" "}
      {t("localGit.commitBy", { subject: view.commit.subject, author: view.commit.authorName, date: view.commit.date.slice(0, 10) })}
    </p>
  );
  if (view.kind === "blob") {
    const label = t("localGit.fileLabel", { path: view.path });
    return (
      <section aria-label={label} className="space-y-2 rounded bg-white p-4 shadow dark:bg-slate-900">
        {commit}
        {view.html !== undefined ? <CodeBlock html={view.html} language={view.language} label={label} /> : <p>{view.binary ? t("localGit.binary") : t("localGit.tooLarge", { size: view.size })}</p>}
      </section>
    );
  }
  const folder = view.path || "/";
  return (
    <>
      <section aria-labelledby="files-title" className="space-y-2 rounded bg-white p-4 shadow dark:bg-slate-900">
        <h2 id="files-title" className="sr-only">
          {t("localGit.files", { path: folder })}
        </h2>
        {commit}
        {view.entries.length === 0 ? (
          <p>{t("localGit.emptyFolder")}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{t("localGit.files", { path: folder })}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left dark:border-slate-800">
                <th scope="col" className="py-1">
                  {t("localGit.name")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("localGit.size")}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((entry) => (
                <tr key={entry.name} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="py-1">
                    <span className="sr-only">{t(entry.type === "tree" ? "localGit.folder" : entry.type === "commit" ? "localGit.submodule" : "localGit.file")}: </span>
                    <span aria-hidden="true" className="mr-2">
                      {entry.type === "tree" ? "📁" : "📄"}
                    </span>
                    {entry.to ? (
                      <Link to={entry.to} className="text-sky-700 underline dark:text-sky-400">
                        {entry.name}
                      </Link>
                    ) : (
                      entry.name
                    )}
                  </td>
                  <td className="py-1 text-right font-mono text-xs">{entry.size ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {view.readme ? (
        <section aria-labelledby="readme-title" className="rounded bg-white p-4 shadow dark:bg-slate-900">
          <h2 id="readme-title" className="mb-2 font-mono text-sm font-semibold">
            {view.readme.name}
          </h2>
          <Markdown html={view.readme.html} />
        </section>
      ) : null}
    </>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string }; preferences?: { language?: string } } | undefined;
  const t = createTranslator(root?.preferences?.language);
  const title = loaderData ? `${loaderData.path ? `${loaderData.path} · ` : ""}${loaderData.owner}/${loaderData.repo}` : t("localGit.notFound");
  return [{ title: documentTitle(title, root?.config?.title) }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
