import { data, redirect } from "react-router";
import type { Route } from "./+types/task";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { TaskPage, type TaskPageData } from "~/components/scaffolder/pages/task-page";
import { foldEvents, initialProgress, isTaskEnded } from "~/components/scaffolder/pages/task-progress";
import { TaskStatusBadge } from "~/components/scaffolder/pages/task-status";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, documentTitle, Header } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { entityRoute } from "~/lib/catalog/entity-route";
import { getRequestContext } from "~/lib/context.server";
import { NotFoundError } from "~/lib/errors";
import { createTranslator } from "~/lib/i18n/i18n";
import { isJavascriptUrl } from "~/lib/links";
import { renderMarkdown } from "~/lib/markdown/render-markdown.server";
import { startOverPathOf, templateTitleOf } from "~/lib/scaffolder/task-pages";
import { readPreferences } from "~/lib/settings/preferences";

// The ongoing task (Backstage's OngoingTask): its steps with status and
// duration, the log, Cancel, Retry, Start Over, Hide Logs / Show Logs, and
// the template's output links and text once it ends. The server renders the
// events it has; with JavaScript the page follows the event stream, and
// without it the page refreshes itself until the task ends.

async function readTask({ params, context, request }: Route.LoaderArgs | Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const call = { credentials: pageCredentials(identity) };
  const task = await app.scaffolder.getTask(params.taskId, call).catch((error: unknown) => {
    if (error instanceof NotFoundError) {
      const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
      throw data(t("scaffolderPages.task.notFound", { id: params.taskId }), { status: 404, statusText: "Not Found" });
    }
    throw error;
  });
  return { app, call, task };
}

export async function loader(args: Route.LoaderArgs) {
  const { app, call, task } = await readTask(args);
  const url = new URL(args.request.url);
  const events = await app.scaffolder.listEvents(task.id, {}, call);
  const ended = isTaskEnded(task.status);
  const progress = foldEvents(initialProgress(task.spec.steps), events as Parameters<typeof foldEvents>[1]);
  const logsHidden = url.searchParams.get("logs") === "hidden";
  const toggle = new URLSearchParams(url.searchParams);
  if (logsHidden) toggle.delete("logs");
  else toggle.set("logs", "hidden");
  const pageData: TaskPageData = {
    task: { id: task.id, status: task.status, createdAt: task.createdAt, createdBy: task.createdBy, templateTitle: templateTitleOf(task.spec), ended },
    // The output reaches the page rendered (links checked, Markdown made HTML), never raw.
    progress: { ...progress, output: undefined, completed: ended || progress.completed },
    output: outputOf(progress.output),
    logsHidden,
    startOverPath: startOverPathOf(task.spec),
    canCancel: !ended,
    canRetry: task.status === "failed" || task.status === "cancelled",
    toggleLogsPath: `/create/tasks/${task.id}${toggle.size ? `?${toggle}` : ""}`,
    renderedAt: Date.now(),
  };
  return pageData;
}

/** The template's output (links and text, Backstage's ScaffolderTaskOutput): entity refs become catalog links, text Markdown is rendered here. */
function outputOf(output: unknown): TaskPageData["output"] {
  const record = output && typeof output === "object" ? (output as Record<string, unknown>) : {};
  const links = Array.isArray(record.links) ? record.links : [];
  const text = Array.isArray(record.text) ? record.text : [];
  return {
    links: links.flatMap((link: Record<string, unknown>) => {
      const url = typeof link?.entityRef === "string" ? entityRoute(link.entityRef) : typeof link?.url === "string" ? link.url : undefined;
      if (!url || isJavascriptUrl(url)) return [];
      const title = typeof link.title === "string" ? link.title : url;
      return [{ title, url, internal: url.startsWith("/") }];
    }),
    text: text.flatMap((entry: Record<string, unknown>) =>
      typeof entry?.content === "string" ? [{ title: typeof entry.title === "string" ? entry.title : "", html: renderMarkdown(entry.content) }] : [],
    ),
  };
}

export async function action(args: Route.ActionArgs) {
  const { app, call, task } = await readTask(args);
  const intent = (await args.request.formData()).get("intent");
  if (intent === "cancel") await app.scaffolder.cancelTask(task.id, call);
  else if (intent === "retry") await app.scaffolder.retryTask(task.id, {}, call);
  else throw data("Unknown action", { status: 400 });
  throw redirect(`/create/tasks/${task.id}`, 303);
}

export default function OngoingTask({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { task } = loaderData;
  return (
    <main id="main">
      <Header
        theme="home"
        title={task.templateTitle ? t("scaffolderPages.task.title", { template: task.templateTitle }) : t("scaffolderPages.task.titleUnknown", { id: task.id })}
        subtitle={
          <span className="flex flex-wrap items-center gap-3">
            <span>{t("scaffolderPages.task.subtitle", { id: task.id })}</span>
            <span className="rounded bg-white px-2 py-0.5 text-slate-900" data-testid="task-status">
              <TaskStatusBadge status={task.status} />
            </span>
          </span>
        }
      >
        <ScaffolderNav />
      </Header>
      <Content>
        <TaskPage key={loaderData.renderedAt} data={loaderData} />
      </Content>
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string }; preferences?: { language?: string } } | undefined;
  const t = createTranslator(root?.preferences?.language);
  const title = loaderData?.task.templateTitle
    ? t("scaffolderPages.task.title", { template: loaderData.task.templateTitle })
    : t("scaffolderPages.task.titleUnknown", { id: loaderData?.task.id ?? "" });
  return [{ title: documentTitle(title, root?.config?.title) }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
