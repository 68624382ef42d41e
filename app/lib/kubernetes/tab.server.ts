import type { Credentials } from "../auth/credentials";
import type { RequestContext } from "../context.server";
import type { Entity } from "../catalog/entity";
import { kubernetesDrawerView, type KubernetesDrawerView } from "./drawer-view";
import { eventRows, type EventRow, type KubernetesEvent } from "./events-view";
import { kubernetesClustersReadPermission, kubernetesResourcesReadPermission } from "./permission/permissions";
import { sessionAuthOf } from "./request-auth.server";
import { flagOn, parseDrawerKey, TAB_PARAMS } from "./tab-urls";
import { hasKubernetesAnnotation, kubernetesTabView, type KubernetesTabInput, type KubernetesTabView } from "./tab-view";
import type { KubernetesRequestAuth, ObjectsByEntityResponse } from "./types";

// The entity page's Kubernetes tab, loaded on the server: the notice when the
// entity names no workloads, the permission gate, else the entity's objects
// on every cluster (the same fan-out as POST /api/kubernetes/services), the
// drawer the URL opens, and the logs or events it asks for, read through the
// proxy with the visitor's own credentials (so kubernetes.proxy applies).

export type KubernetesCard =
  | { kind: "missing-annotation"; entityKind: string }
  | { kind: "permission-required" }
  | {
      kind: "content";
      view: KubernetesTabView;
      drawer?: KubernetesDrawerView;
      extras?: {
        logs?: { container: string; previous: boolean; text?: string; error?: string };
        events?: { rows: EventRow[]; error?: string };
      };
    };

export async function loadKubernetesCard(app: RequestContext, entity: Entity, page: { search: URLSearchParams; credentials: Credentials; cookie: string | null }): Promise<KubernetesCard> {
  if (!hasKubernetesAnnotation(entity)) return { kind: "missing-annotation", entityKind: entity.kind };
  const { credentials } = page;
  const allowed = (permission: typeof kubernetesClustersReadPermission) => app.permissions.decide(credentials, permission).result === "ALLOW";
  if (!allowed(kubernetesClustersReadPermission) || !allowed(kubernetesResourcesReadPermission)) return { kind: "permission-required" };

  const { kubernetes } = app;
  const sessionAuth = await sessionAuthOf(app, page.cookie);
  const [response, loadError, clusters] = await kubernetes.objectsByEntity(credentials, { entity, auth: sessionAuth }).then(
    async (objects) => [objects, undefined, await kubernetes.clusterAuthProviders()] as const,
    (error: unknown) => [{ items: [] } satisfies ObjectsByEntityResponse, error instanceof Error ? error.message : String(error), [] as Array<{ name: string; authProvider: string }>] as const,
  );
  const input: KubernetesTabInput = {
    entity,
    response,
    now: new Date(),
    loadError,
    options: {
      podDeleteEnabled: kubernetes.config.frontend.podDelete.enabled,
      terminalEnabled: kubernetes.config.frontend.podExecTerminal.enabled,
      clusters,
      appOrigin: new URL(app.config.config.app.baseUrl).origin,
    },
  };
  const view = kubernetesTabView(input);
  const drawer = kubernetesDrawerView(input, page.search);
  if (!drawer) return { kind: "content", view };
  return { kind: "content", view, drawer, extras: await drawerExtras(app, page, sessionAuth, input.now) };
}

/** A pod's logs (`logs=<container>`, `previous=1`) or an object's events (`events=1`), through the proxy as Backstage's frontend reads them. */
async function drawerExtras(app: RequestContext, page: { search: URLSearchParams; credentials: Credentials }, sessionAuth: KubernetesRequestAuth, now: Date) {
  const target = parseDrawerKey(page.search.get(TAB_PARAMS.drawer));
  if (!target) return undefined;
  const namespace = encodeURIComponent(target.namespace || "default");
  const get = async (path: string, search: string) => {
    const response = await app.kubernetes.proxy(page.credentials, {
      method: "GET",
      path,
      search,
      headers: new Headers({ "Backstage-Kubernetes-Cluster": target.cluster }),
      body: null,
      sessionAuth,
      url: `/api/kubernetes/proxy${path}`,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Proxy request failed with ${response.status} ${response.statusText}, ${text}`);
    return text;
  };
  const container = page.search.get(TAB_PARAMS.logs);
  if (target.kind === "pod" && container) {
    const previous = flagOn(page.search, TAB_PARAMS.previous);
    const search = `?${new URLSearchParams({ container, ...(previous ? { previous: "" } : {}) })}`;
    const logs = await get(`/api/v1/namespaces/${namespace}/pods/${encodeURIComponent(target.name)}/log`, search).then(
      (text) => ({ container, previous, text }),
      (error: unknown) => ({ container, previous, error: error instanceof Error ? error.message : String(error) }),
    );
    return { logs };
  }
  if (flagOn(page.search, TAB_PARAMS.events)) {
    const search = `?${new URLSearchParams({ fieldSelector: `involvedObject.name=${target.name}` })}`;
    const events = await get(`/api/v1/namespaces/${namespace}/events`, search).then(
      (text) => ({ rows: eventRows(((JSON.parse(text) as { items?: KubernetesEvent[] }).items ?? []) as KubernetesEvent[], now) }),
      (error: unknown) => ({ rows: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return { events };
  }
  return undefined;
}
