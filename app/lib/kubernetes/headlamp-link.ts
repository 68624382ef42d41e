import type { ClusterAttributes } from "./types";

// Links into Headlamp, as Backstage's `HeadlampClusterLinksFormatter`
// (kubernetes-react `api/formatters/`) builds them: Headlamp's own route
// (`/c/{cluster}/{resources}/{namespace}/{name}`) travels in the `to` query
// parameter, either of the configured dashboard URL or, with
// `dashboardParameters.internal`, of Headlamp served inside the portal at
// `dashboardParameters.headlampRoute` (default '/headlamp').

export type HeadlampLinkOptions = {
  dashboardUrl?: URL;
  dashboardParameters?: ClusterAttributes["dashboardParameters"];
  object: { metadata?: { name?: string; namespace?: string } };
  kind: string;
  /** The portal's origin; needed only for the internal Headlamp. */
  appOrigin?: string;
};

const NAMESPACED_KINDS = new Set([
  "pod",
  "deployment",
  "replicaset",
  "statefulset",
  "daemonset",
  "job",
  "cronjob",
  "service",
  "ingress",
  "configmap",
  "secret",
  "serviceaccount",
  "role",
  "rolebinding",
  "networkpolicy",
  "horizontalpodautoscaler",
  "poddisruptionbudget",
  "persistentvolumeclaim",
]);

/** Headlamp's route segment per kind; a cluster-scoped kind's route has no namespace. */
const ROUTES: Record<string, { segment: string; clusterScoped?: true }> = {
  namespace: { segment: "namespaces", clusterScoped: true },
  node: { segment: "nodes", clusterScoped: true },
  persistentvolume: { segment: "storage/persistentvolumes", clusterScoped: true },
  persistentvolumeclaim: { segment: "storage/persistentvolumeclaims" },
  pod: { segment: "pods" },
  deployment: { segment: "deployments" },
  replicaset: { segment: "replicasets" },
  statefulset: { segment: "statefulsets" },
  daemonset: { segment: "daemonsets" },
  job: { segment: "jobs" },
  cronjob: { segment: "cronjobs" },
  service: { segment: "services" },
  ingress: { segment: "ingresses" },
  configmap: { segment: "configmaps" },
  secret: { segment: "secrets" },
  serviceaccount: { segment: "serviceaccounts" },
  role: { segment: "roles" },
  rolebinding: { segment: "rolebindings" },
  clusterrole: { segment: "clusterroles", clusterScoped: true },
  clusterrolebinding: { segment: "clusterrolebindings", clusterScoped: true },
  storageclass: { segment: "storage/storageclasses", clusterScoped: true },
  networkpolicy: { segment: "networkpolicies" },
  horizontalpodautoscaler: { segment: "horizontalpodautoscalers" },
  poddisruptionbudget: { segment: "poddisruptionbudgets" },
  customresourcedefinition: { segment: "customresourcedefinitions", clusterScoped: true },
};

function headlampPath(kind: string, object: HeadlampLinkOptions["object"], clusterName: string): string {
  const lowercaseKind = kind.toLocaleLowerCase("en-US");
  const name = object.metadata?.name;
  const namespace = object.metadata?.namespace;
  if (!name) throw new Error(`Resource name is required for kind: ${kind}`);
  if (NAMESPACED_KINDS.has(lowercaseKind) && !namespace) throw new Error(`Namespace is required for namespaced resource: ${kind}`);
  const route = Object.hasOwn(ROUTES, lowercaseKind) ? ROUTES[lowercaseKind] : undefined;
  if (!route) throw new Error(`Could not find path for kind: ${kind}`);
  return route.clusterScoped ? `/c/${clusterName}/${route.segment}/${name}` : `/c/${clusterName}/${route.segment}/${namespace ?? "default"}/${name}`;
}

export function headlampLink({ dashboardUrl, dashboardParameters, object, kind, appOrigin }: HeadlampLinkOptions): URL {
  const internal = Boolean(dashboardParameters?.internal);
  if (!dashboardUrl && !internal) throw new Error("Dashboard URL is required or dashboardInternal must be true");
  const clusterName = typeof dashboardParameters?.clusterName === "string" ? dashboardParameters.clusterName : "default";
  const path = headlampPath(kind, object, clusterName);
  let base: URL;
  if (internal) {
    if (!appOrigin) throw new Error("Headlamp inside the portal needs the portal's origin");
    base = new URL(appOrigin);
    // Only the path is set, so a route such as '//elsewhere' cannot leave the portal.
    base.pathname = typeof dashboardParameters?.headlampRoute === "string" && dashboardParameters.headlampRoute ? dashboardParameters.headlampRoute : "/headlamp";
  } else {
    base = new URL((dashboardUrl as URL).href);
  }
  base.searchParams.set("to", path);
  return base;
}
