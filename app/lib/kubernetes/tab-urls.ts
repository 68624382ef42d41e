// The Kubernetes tab keeps all of its state in the URL, so every view of it
// is a link and works without JavaScript: which object's drawer is open
// (`drawer=<kind>:<cluster>/<namespace>/<name>`), whether the drawer shows
// YAML and managed fields, which container's logs or the events it shows,
// and the Error Reporting table's page (`errors.page`, the UI kit's
// `{table id}.page` convention of app/components/ui/table-state.ts).

export const TAB_PARAMS = {
  drawer: "drawer",
  yaml: "yaml",
  managedFields: "managedFields",
  logs: "logs",
  previous: "previous",
  events: "events",
  terminal: "terminal",
  errorsPage: "errors.page",
} as const;

/** Parameters that belong to one open drawer: they go when the drawer closes or another opens. */
const DRAWER_SCOPED = [TAB_PARAMS.drawer, TAB_PARAMS.yaml, TAB_PARAMS.managedFields, TAB_PARAMS.logs, TAB_PARAMS.previous, TAB_PARAMS.events, TAB_PARAMS.terminal];

export type DrawerTarget = { kind: string; cluster: string; namespace: string; name: string };

/** `pod:demo-cluster/shop/web-1`; the kind in lower case, so links do not depend on how an API server spells it. */
export function drawerKey(target: DrawerTarget): string {
  return `${target.kind.toLocaleLowerCase("en-US")}:${target.cluster}/${target.namespace}/${target.name}`;
}

/**
 * The drawer a `drawer` parameter names, or undefined for anything else.
 * Names and namespaces cannot hold '/', so the cluster is whatever lies
 * before the last two segments (a cluster name may hold '/').
 */
export function parseDrawerKey(value: string | null | undefined): DrawerTarget | undefined {
  if (!value || value.length > 1000) return undefined;
  const colon = value.indexOf(":");
  if (colon <= 0) return undefined;
  const kind = value.slice(0, colon).toLocaleLowerCase("en-US");
  const segments = value.slice(colon + 1).split("/");
  if (segments.length < 3) return undefined;
  const name = segments.pop() ?? "";
  const namespace = segments.pop() ?? "";
  const cluster = segments.join("/");
  if (!cluster || !name) return undefined;
  return { kind, cluster, namespace, name };
}

function href(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The tab's URL with `changes` applied (undefined removes a parameter); the tab's other parameters stay. */
export function tabHref(pathname: string, current: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return href(pathname, next);
}

/** The link that opens an object's drawer, dropping what belonged to a drawer open before. */
export function openDrawerHref(pathname: string, current: URLSearchParams, key: string): string {
  const next = new URLSearchParams([...current].filter(([name]) => !DRAWER_SCOPED.includes(name as (typeof DRAWER_SCOPED)[number])));
  next.set(TAB_PARAMS.drawer, key);
  return href(pathname, next);
}

/** The tab without its drawer: what closing the drawer goes to. */
export function closeDrawerHref(pathname: string, current: URLSearchParams): string {
  const next = new URLSearchParams([...current].filter(([name]) => !DRAWER_SCOPED.includes(name as (typeof DRAWER_SCOPED)[number])));
  return href(pathname, next);
}

/** Whether a flag parameter is on (`1` or `true`). */
export function flagOn(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value === "1" || value === "true";
}

/** How often an open tab asks for its objects again (Backstage's `useKubernetesObjects` interval). */
export const KUBERNETES_REFRESH_MS = 10_000;

/** The URL parameter prefix of the pod table under an object's row: `pods.<drawer key>.` (its page is `pods.<key>.page`). */
export function podTablePrefix(ownerKey: string): string {
  return `pods.${ownerKey}.`;
}

/** The owners whose pod tables the URL pages: their rows, and the cards around them, open so the page shows. */
export function pagedPodTableOwners(params: URLSearchParams): DrawerTarget[] {
  return [...params.keys()].flatMap((key) => {
    const match = /^pods\.(.+)\.page$/.exec(key);
    const target = match ? parseDrawerKey(match[1]) : undefined;
    return target ? [target] : [];
  });
}
