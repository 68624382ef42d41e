import { headlampLink } from "./headlamp-link";
import type { ClusterAttributes } from "./types";

// Links from an object's drawer to the cluster's own dashboard ('Open
// Kubernetes Dashboard'), one formatter per dashboard app, as Backstage's
// kubernetes-react builds them (`utils/clusterLinks/` and the newer
// `api/formatters/*ClusterLinksFormatter.ts`). Every link is built with URL,
// and a dashboard URL that is not http(s) is refused, so a cluster's
// configuration cannot turn the link into script.

type JsonObject = NonNullable<ClusterAttributes["dashboardParameters"]>;

export type LinkableObject = { metadata?: { name?: string; namespace?: string; uid?: string }; spec?: unknown };

export type FormatClusterLinkOptions = {
  dashboardUrl?: string;
  dashboardApp?: string;
  dashboardParameters?: JsonObject;
  object?: LinkableObject;
  kind: string;
  /** The portal's own origin, for Headlamp served inside the portal (`dashboardParameters.internal`). */
  appOrigin?: string;
};

type FormatterOptions = { dashboardUrl?: URL; dashboardParameters?: JsonObject; object: LinkableObject; kind: string; appOrigin?: string };

type Formatter = (options: FormatterOptions) => URL;

function lowerKind(kind: string): string {
  return kind.toLocaleLowerCase("en-US");
}

function encodedNameAndNamespace(object: LinkableObject): { name: string; namespace: string } {
  return { name: encodeURIComponent(object.metadata?.name ?? ""), namespace: encodeURIComponent(object.metadata?.namespace ?? "") };
}

/** A base URL whose path ends in '/', so a relative path is added to it rather than replacing its last segment. */
function directory(url: URL): URL {
  const base = new URL(url.href);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  return base;
}

const STANDARD_KINDS: Record<string, string> = { deployment: "deployment", pod: "pod", ingress: "ingress", service: "service", horizontalpodautoscaler: "deployment", statefulset: "statefulset" };

/** The Kubernetes Dashboard, an Angular app: the route and its query live in the hash. */
const standard: Formatter = ({ dashboardUrl, object, kind }) => {
  if (!dashboardUrl) throw new Error("standard dashboard requires a dashboardUrl option");
  const result = directory(dashboardUrl);
  const { name, namespace } = encodedNameAndNamespace(object);
  const validKind = STANDARD_KINDS[lowerKind(kind)];
  if (validKind && name && namespace) result.hash = `/${validKind}/${namespace}/${name}`;
  else if (namespace) result.hash = "/workloads";
  if (namespace) result.hash += `?namespace=${namespace}`;
  return result;
};

const RANCHER_KINDS: Record<string, string> = {
  deployment: "apps.deployment",
  ingress: "networking.k8s.io.ingress",
  service: "service",
  horizontalpodautoscaler: "autoscaling.horizontalpodautoscaler",
};

const rancher: Formatter = ({ dashboardUrl, object, kind }) => {
  if (!dashboardUrl) throw new Error("Rancher dashboard requires a dashboardUrl option");
  const { name, namespace } = encodedNameAndNamespace(object);
  const validKind = RANCHER_KINDS[lowerKind(kind)];
  let path = "";
  if (validKind && name && namespace) path = `explorer/${validKind}/${namespace}/${name}`;
  else if (namespace) path = "explorer/workload";
  return new URL(path, directory(dashboardUrl));
};

const OPENSHIFT_KINDS: Record<string, string> = {
  deployment: "deployments",
  ingress: "ingresses",
  service: "services",
  horizontalpodautoscaler: "horizontalpodautoscalers",
  persistentvolume: "persistentvolumes",
};

const openshift: Formatter = ({ dashboardUrl, object, kind }) => {
  if (!dashboardUrl) throw new Error("OpenShift dashboard requires a dashboardUrl option");
  const { name, namespace } = encodedNameAndNamespace(object);
  const validKind = OPENSHIFT_KINDS[lowerKind(kind)];
  let path = "";
  if (namespace) path = name && validKind ? `k8s/ns/${namespace}/${validKind}/${name}` : `k8s/cluster/projects/${namespace}`;
  else if (validKind) path = name ? `k8s/cluster/${validKind}/${name}` : `k8s/cluster/${validKind}`;
  return new URL(path, directory(dashboardUrl));
};

function requireStringParameters(app: string, parameters: JsonObject | undefined, names: string[]): Record<string, string> {
  if (!parameters) throw new Error(`${app} dashboard requires a dashboardParameters option`);
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = parameters[name];
    if (typeof value !== "string") throw new Error(`${app} dashboard requires a "${name}" of type string in the dashboardParameters option`);
    values[name] = value;
  }
  return values;
}

const AKS_BASE = "https://portal.azure.com/#blade/Microsoft_Azure_ContainerService/AksK8ResourceMenuBlade/overview-Deployment/aksClusterId";

/** The Azure portal's blade takes the cluster's resource id and a JSON description of the object, each encoded as one segment. */
const aks: Formatter = ({ dashboardParameters, object, kind }) => {
  const { subscriptionId, resourceGroup, clusterName } = requireStringParameters("AKS", dashboardParameters, ["subscriptionId", "resourceGroup", "clusterName"]);
  const clusterId = `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Microsoft.ContainerService/managedClusters/${clusterName}`;
  const { name, namespace, uid } = object.metadata ?? {};
  const selector = (object.spec as { selector?: unknown } | undefined)?.selector;
  const resource = { kind, metadata: { name, namespace, uid }, spec: { selector } };
  return new URL(`${AKS_BASE}/${encodeURIComponent(clusterId)}/resource/${encodeURIComponent(JSON.stringify(resource))}`);
};

const GKE_KINDS: Record<string, string> = { deployment: "deployment", pod: "pod", ingress: "ingress", service: "service", horizontalpodautoscaler: "deployment" };

const gke: Formatter = ({ dashboardParameters, object, kind }) => {
  const { projectId, region, clusterName } = requireStringParameters("GKE", dashboardParameters, ["projectId", "region", "clusterName"]);
  const { name, namespace } = encodedNameAndNamespace(object);
  const validKind = GKE_KINDS[lowerKind(kind)];
  const location = `${encodeURIComponent(region)}/${encodeURIComponent(clusterName)}`;
  const path =
    namespace && name && validKind
      ? `kubernetes/${validKind}/${location}/${namespace}/${name}/${validKind === "ingress" || validKind === "pod" ? "details" : "overview"}`
      : `kubernetes/clusters/details/${location}/details`;
  const result = new URL(path, "https://console.cloud.google.com/");
  result.searchParams.set("project", projectId);
  return result;
};

const eks: Formatter = () => {
  throw new Error("EKS formatter is not yet implemented. Please, contribute!");
};

const FORMATTERS: Record<string, Formatter> = { standard, rancher, openshift, aks, eks, gke, headlamp: headlampLink };

export const DEFAULT_DASHBOARD_APP = "standard";

function parseDashboardUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`The dashboardUrl '${value}' is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`The dashboardUrl must be an http or https URL, not ${url.protocol}`);
  return url;
}

/**
 * The link to an object in its cluster's dashboard; undefined when the
 * cluster has no dashboard; the dashboard's own URL when there is no object.
 * Throws when the app is unknown or its settings are incomplete; the drawer
 * shows that as `dashboardLinkFailure`.
 */
export function formatClusterLink(options: FormatClusterLinkOptions): string | undefined {
  if (!options.dashboardUrl && !options.dashboardParameters) return undefined;
  const dashboardUrl = options.dashboardUrl ? parseDashboardUrl(options.dashboardUrl) : undefined;
  if (options.dashboardUrl && !options.object) return options.dashboardUrl;
  const app = options.dashboardApp || DEFAULT_DASHBOARD_APP;
  const formatter = Object.hasOwn(FORMATTERS, app) ? FORMATTERS[app] : undefined;
  if (!formatter) throw new Error(`Could not find Kubernetes dashboard app named '${app}'`);
  return formatter({ dashboardUrl, dashboardParameters: options.dashboardParameters, object: options.object ?? {}, kind: options.kind, appOrigin: options.appOrigin }).toString();
}

export type DashboardLinkFailure = { title: string; message: string; errorMessage: string };

/** The warning a drawer shows instead of the link, with the cluster's name and its dashboard app ('standard' when unset). */
export function dashboardLinkFailure(cluster: ClusterAttributes, error: unknown): DashboardLinkFailure {
  return {
    title: "There was a problem formatting the link to the Kubernetes dashboard",
    message: `Could not format the link to the dashboard of your cluster named '${cluster.name}'. Its dashboardApp property has been set to '${cluster.dashboardApp || DEFAULT_DASHBOARD_APP}.'`,
    errorMessage: error instanceof Error ? error.message : String(error),
  };
}

export type ClusterLinkResult = { link?: string; failure?: DashboardLinkFailure };

/** The drawer's 'Open Kubernetes Dashboard' link for an object of a cluster, or the failure to show instead. */
export function clusterLinkFor(cluster: ClusterAttributes, object: LinkableObject, kind: string, appOrigin?: string): ClusterLinkResult {
  try {
    return {
      link: formatClusterLink({ dashboardUrl: cluster.dashboardUrl, dashboardApp: cluster.dashboardApp, dashboardParameters: cluster.dashboardParameters, object, kind, appOrigin }),
    };
  } catch (error) {
    return { failure: dashboardLinkFailure(cluster, error) };
  }
}
