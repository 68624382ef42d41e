import type { Entity } from "../catalog/entity";
import type { Credentials } from "../auth/credentials";
import { INTERNAL_CREDENTIALS } from "../auth/credentials";
import type { FilterPredicate } from "../catalog/query/predicate";
import type { ClusterAttributes, CustomResourceMatcher } from "./types";
import type { KubernetesConfig } from "./config";

// The clusters an entity's objects may live on, from the locators of
// kubernetes.clusterLocatorMethods, as Backstage's ConfigClusterLocator and
// CatalogClusterLocator read them. Backstage's only service locator,
// multiTenant, asks every cluster for every entity, so this list is also the
// list of clusters each query fans out to.

export const ANNOTATION_AUTH_PROVIDER = "kubernetes.io/auth-provider";
export const ANNOTATION_OIDC_TOKEN_PROVIDER = "kubernetes.io/oidc-token-provider";
export const ANNOTATION_API_SERVER = "kubernetes.io/api-server";
export const ANNOTATION_API_SERVER_CA = "kubernetes.io/api-server-certificate-authority";
export const ANNOTATION_SKIP_METRICS_LOOKUP = "kubernetes.io/skip-metrics-lookup";
export const ANNOTATION_SKIP_TLS_VERIFY = "kubernetes.io/skip-tls-verify";
export const ANNOTATION_DASHBOARD_URL = "kubernetes.io/dashboard-url";
export const ANNOTATION_DASHBOARD_APP = "kubernetes.io/dashboard-app";
export const ANNOTATION_DASHBOARD_PARAMETERS = "kubernetes.io/dashboard-parameters";
export const ANNOTATION_AWS_ASSUME_ROLE = "kubernetes.io/aws-assume-role";
export const ANNOTATION_AWS_CLUSTER_ID = "kubernetes.io/x-k8s-aws-id";
export const ANNOTATION_AWS_EXTERNAL_ID = "kubernetes.io/aws-external-id";

/** Everything the backend knows of a cluster; only `ClusterAttributes` of it ever reaches a browser. */
export type ClusterDetails = ClusterAttributes & {
  url: string;
  /** The auth strategy's settings: the auth provider, the OIDC token provider, a service account's token, AWS roles, ... */
  authMetadata: Record<string, string>;
  caData?: string;
  caFile?: string;
  skipTLSVerify: boolean;
  skipMetricsLookup: boolean;
  customResources?: CustomResourceMatcher[];
  requestTimeoutMs: number;
};

export type ClusterCatalog = {
  streamEntities(request: { filter?: FilterPredicate; pageSize?: number }, call: { credentials: Credentials }): AsyncIterable<unknown[]>;
};

export type ClusterSupplier = { clusters(): Promise<ClusterDetails[]> };

export const authProviderOf = (cluster: ClusterDetails) => cluster.authMetadata[ANNOTATION_AUTH_PROVIDER] ?? "";

/** `extra`: clusters the server itself provides (the demo cluster), listed first. */
export function createClusterSupplier(config: KubernetesConfig, catalog: ClusterCatalog, extra: ClusterDetails[] = []): ClusterSupplier {
  return {
    async clusters() {
      const found: ClusterDetails[] = [...extra];
      for (const method of config.clusterLocatorMethods) {
        if (method.type === "config") found.push(...method.clusters.map((cluster) => configCluster(cluster, config.clusterRequestTimeout)));
        else found.push(...(await catalogClusters(catalog, config.clusterRequestTimeout)));
      }
      return found;
    },
  };
}

function configCluster(cluster: Extract<KubernetesConfig["clusterLocatorMethods"][number], { type: "config" }>["clusters"][number], defaultTimeoutMs: number): ClusterDetails {
  const authMetadata: Record<string, string> = { ...cluster.authMetadata, [ANNOTATION_AUTH_PROVIDER]: cluster.authProvider };
  if (cluster.oidcTokenProvider) authMetadata[ANNOTATION_OIDC_TOKEN_PROVIDER] = cluster.oidcTokenProvider;
  if (cluster.serviceAccountToken) authMetadata.serviceAccountToken = cluster.serviceAccountToken;
  return withoutUndefined({
    name: cluster.name,
    title: cluster.title,
    url: cluster.url,
    authMetadata,
    caData: cluster.caData,
    caFile: cluster.caFile,
    skipTLSVerify: cluster.skipTLSVerify,
    skipMetricsLookup: cluster.skipMetricsLookup,
    dashboardUrl: cluster.dashboardUrl,
    dashboardApp: cluster.dashboardApp,
    dashboardParameters: cluster.dashboardParameters as ClusterDetails["dashboardParameters"],
    customResources: cluster.customResources,
    requestTimeoutMs: cluster.requestTimeout ?? defaultTimeoutMs,
  });
}

// Backstage's CatalogClusterLocator: Resource entities of type kubernetes-cluster that name their API server.
const CLUSTER_FILTER: FilterPredicate = {
  kind: "resource",
  "spec.type": "kubernetes-cluster",
  [`metadata.annotations.${ANNOTATION_API_SERVER}`]: { $exists: true },
} as FilterPredicate;

async function catalogClusters(catalog: ClusterCatalog, defaultTimeoutMs: number): Promise<ClusterDetails[]> {
  const clusters: ClusterDetails[] = [];
  // The portal's own read: every caller sees the same clusters, as Backstage's locator reads them with its own credentials.
  for await (const page of catalog.streamEntities({ filter: CLUSTER_FILTER, pageSize: 500 }, { credentials: INTERNAL_CREDENTIALS })) {
    for (const entity of page as Entity[]) {
      const cluster = catalogCluster(entity, defaultTimeoutMs);
      if (cluster) clusters.push(cluster);
    }
  }
  return clusters;
}

export function catalogCluster(entity: Entity, defaultTimeoutMs: number): ClusterDetails | undefined {
  const annotations = entity.metadata.annotations ?? {};
  const url = annotations[ANNOTATION_API_SERVER];
  if (!url) return undefined;
  return withoutUndefined({
    name: entity.metadata.name,
    title: entity.metadata.title,
    url,
    // As Backstage: the strategies read their settings (auth provider, AWS role, ...) from the annotations.
    authMetadata: { ...annotations },
    caData: annotations[ANNOTATION_API_SERVER_CA],
    skipTLSVerify: annotations[ANNOTATION_SKIP_TLS_VERIFY] === "true",
    skipMetricsLookup: annotations[ANNOTATION_SKIP_METRICS_LOOKUP] === "true",
    dashboardUrl: annotations[ANNOTATION_DASHBOARD_URL],
    dashboardApp: annotations[ANNOTATION_DASHBOARD_APP],
    dashboardParameters: jsonObjectOf(annotations[ANNOTATION_DASHBOARD_PARAMETERS]),
    requestTimeoutMs: defaultTimeoutMs,
  });
}

/** A JSON object annotation; anything else is as if it were absent (a bad annotation must not hide the cluster). */
function jsonObjectOf(text: string | undefined): ClusterDetails["dashboardParameters"] {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as ClusterDetails["dashboardParameters"]) : undefined;
  } catch {
    return undefined;
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** What GET /clusters tells the browser: never the URL, the CA or a token. */
export function publicClusterOf(cluster: ClusterDetails) {
  const oidcTokenProvider = cluster.authMetadata[ANNOTATION_OIDC_TOKEN_PROVIDER];
  return withoutUndefined({
    name: cluster.name,
    title: cluster.title,
    dashboardUrl: cluster.dashboardUrl,
    dashboardApp: cluster.dashboardApp,
    dashboardParameters: cluster.dashboardParameters,
    authProvider: authProviderOf(cluster),
    oidcTokenProvider,
  });
}

/** The cluster as the answer of a query names it. */
export function clusterAttributesOf(cluster: ClusterDetails): ClusterAttributes {
  return withoutUndefined({ name: cluster.name, title: cluster.title, dashboardUrl: cluster.dashboardUrl, dashboardApp: cluster.dashboardApp, dashboardParameters: cluster.dashboardParameters });
}
