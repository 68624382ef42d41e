// What the task pages (app/routes/create/tasks.tsx, task.tsx) read from the
// URL and from a task's spec. Isomorphic: no node: imports.

export const TASKS_PAGE_SIZE = 20;
const MAX_PAGE = 10_000;

export type TaskListQuery = { owner: "owned" | "all"; page: number };

/** ?owner=owned|all (Owned by default, as Backstage's list) and ?page=N; anything else falls back. */
export function parseTaskListQuery(params: URLSearchParams): TaskListQuery {
  const owner = params.get("owner") === "all" ? "all" : "owned";
  const page = Number(params.get("page") ?? "1");
  return { owner, page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1 };
}

export function taskListHref(query: TaskListQuery, page: number): string {
  const params = new URLSearchParams({ owner: query.owner });
  if (page > 1) params.set("page", String(page));
  return `/create/tasks?${params}`;
}

type SpecLike = { templateInfo?: { entityRef?: string; entity?: { metadata?: Record<string, unknown> } }; parameters?: unknown };

/** The template's title, else its name, else its ref. */
export function templateTitleOf(spec: SpecLike): string {
  const metadata = spec.templateInfo?.entity?.metadata;
  const title = typeof metadata?.title === "string" ? metadata.title : typeof metadata?.name === "string" ? metadata.name : undefined;
  return title ?? spec.templateInfo?.entityRef ?? "";
}

/** The wizard of the task's template (/create/templates/:namespace/:name), when its ref names a template. */
export function templateRouteOf(spec: SpecLike): string | undefined {
  const match = /^template:([^/]+)\/(.+)$/i.exec(spec.templateInfo?.entityRef ?? "");
  return match ? `/create/templates/${encodeURIComponent(match[1])}/${encodeURIComponent(match[2])}` : undefined;
}

/** Start Over: the template's wizard with the task's values, as Backstage passes them (?formData=JSON). */
export function startOverPathOf(spec: SpecLike): string | undefined {
  const route = templateRouteOf(spec);
  return route ? `${route}?${new URLSearchParams({ formData: JSON.stringify(spec.parameters ?? {}) })}` : undefined;
}
