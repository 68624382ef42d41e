import { Form } from "react-router";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { Route } from "./+types/tasks";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { TaskStatusBadge } from "~/components/scaffolder/pages/task-status";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { entityRoute } from "~/lib/catalog/entity-route";
import { getRequestContext } from "~/lib/context.server";
import { parseTaskListQuery, TASKS_PAGE_SIZE, taskListHref, templateRouteOf, templateTitleOf } from "~/lib/scaffolder/task-pages";

// The task list (Backstage's ListTasksPage): Task ID, Template, Created,
// Owner, Status, newest first, paged. The owner filter is a GET form:
// Owned lists the tasks the caller created (their identity from the
// request), All every task the permission policy lets them read.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const query = parseTaskListQuery(new URL(request.url).searchParams);
  const { tasks, totalTasks } = await app.scaffolder.listTasks(
    {
      createdBy: query.owner === "owned" ? identity.userEntityRef : undefined,
      limit: TASKS_PAGE_SIZE,
      offset: (query.page - 1) * TASKS_PAGE_SIZE,
      order: [{ order: "desc", field: "createdAt" }],
    },
    { credentials: pageCredentials(identity) },
  );
  return {
    query,
    total: totalTasks,
    rows: tasks.map((task) => ({
      id: task.id,
      template: templateTitleOf(task.spec),
      templatePath: templateRouteOf(task.spec),
      createdAt: task.createdAt,
      createdBy: task.createdBy,
      status: task.status,
    })),
  };
}

export default function TaskList({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { query, rows, total } = loaderData;
  const pages = Math.max(1, Math.ceil(total / TASKS_PAGE_SIZE));
  const from = total === 0 ? 0 : (query.page - 1) * TASKS_PAGE_SIZE + 1;
  const to = Math.min(total, query.page * TASKS_PAGE_SIZE);
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.tasks.title")} subtitle={t("scaffolderPages.tasks.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        <div className="flex flex-col gap-6 md:flex-row">
          <Form method="get" className="flex shrink-0 flex-col gap-3 md:w-60" aria-label={t("scaffolderPages.tasks.ownerFilter")}>
            <fieldset className="rounded bg-white p-4 shadow dark:bg-slate-900">
              <legend className="px-1 font-semibold">{t("scaffolderPages.tasks.ownerFilter")}</legend>
              {(["owned", "all"] as const).map((owner) => (
                <label key={owner} className="flex items-center gap-2 py-1">
                  <input type="radio" name="owner" value={owner} defaultChecked={query.owner === owner} />
                  {t(`scaffolderPages.tasks.${owner}`)}
                </label>
              ))}
              <button type="submit" className="mt-2 rounded bg-brand-600 px-4 py-1 font-semibold text-white hover:bg-brand-700">
                {t("scaffolderPages.tasks.apply")}
              </button>
            </fieldset>
          </Form>
          <section aria-labelledby="tasks-title" className="min-w-0 flex-1 rounded bg-white p-4 shadow dark:bg-slate-900">
            <h2 id="tasks-title" className="mb-3 text-xl font-semibold">
              {t("scaffolderPages.tasks.heading")}
            </h2>
            <ScrollRegion labelledBy="tasks-title">
              <table className="w-full text-left text-sm" data-testid="tasks-table">
                <thead className="border-b border-slate-200 dark:border-slate-700">
                  <tr>
                    {(["id", "template", "created", "owner", "status"] as const).map((column) => (
                      <th key={column} scope="col" className="px-2 py-2 font-semibold">
                        {t(`scaffolderPages.tasks.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="px-2 py-6 text-center text-slate-600 dark:text-slate-400">
                        {t("scaffolderPages.tasks.empty")}
                      </td>
                    </tr>
                  ) : (
                    rows.map((row) => (
                      <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800" data-testid={`task-row-${row.id}`}>
                        <td className="px-2 py-2 font-mono">
                          <Link to={`/create/tasks/${row.id}`} className="text-brand-700 hover:underline dark:text-brand-300">
                            {row.id}
                          </Link>
                        </td>
                        <td className="px-2 py-2">
                          {row.templatePath ? (
                            <Link to={row.templatePath} className="hover:underline">
                              {row.template}
                            </Link>
                          ) : (
                            row.template
                          )}
                        </td>
                        <td className="px-2 py-2 whitespace-nowrap">
                          <time dateTime={row.createdAt}>{displayTime(row.createdAt)}</time>
                        </td>
                        <td className="px-2 py-2">
                          {row.createdBy ? (
                            <Link to={entityRoute(row.createdBy)} className="hover:underline">
                              {row.createdBy}
                            </Link>
                          ) : null}
                        </td>
                        <td className="px-2 py-2">
                          <TaskStatusBadge status={row.status} />
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </ScrollRegion>
            <Pagination
              label={t("scaffolderPages.tasks.pagesLabel")}
              links={{
                first: query.page > 1 ? taskListHref(query, 1) : undefined,
                previous: query.page > 1 ? taskListHref(query, query.page - 1) : undefined,
                next: query.page < pages ? taskListHref(query, query.page + 1) : undefined,
                last: query.page < pages ? taskListHref(query, pages) : undefined,
              }}
            >
              <span>{t("scaffolderPages.tasks.summary", { from, to, total })}</span>
            </Pagination>
          </section>
        </div>
      </Content>
    </main>
  );
}

/** A time the same on the server and in the browser (no time zone of either): UTC, to the minute. */
export function displayTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.tasks.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
