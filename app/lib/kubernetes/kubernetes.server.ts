import type { Credentials } from "../auth/credentials";
import type { Entity } from "../catalog/entity";
import { parseEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import { InputError } from "../errors";
import type { Logger } from "../logger.server";
import type { PermissionService } from "../permission/permission-service.server";
import type { KubernetesConfig } from "./config";
import { authProviderOf, createClusterSupplier, publicClusterOf, type ClusterCatalog, type ClusterDetails, type ClusterSupplier } from "./clusters.server";
import { objectsOnClusters } from "./fan-out.server";
import { DEFAULT_OBJECTS } from "./fetcher.server";
import { kubernetesClustersReadPermission, kubernetesResourcesReadPermission } from "./permission/permissions";
import { proxyTargetFor, proxyToCluster, type ProxyRequest, type ProxyTarget } from "./proxy.server";
import type { CustomResourceMatcher, KubernetesRequestAuth, ObjectsByEntityResponse } from "./types";

// The Kubernetes area's service: what /api/kubernetes answers (Backstage's
// kubernetes-backend router: /services/{entityName}, the two queries,
// /clusters and /proxy) and what the entity page's tab calls. Each call
// takes the caller's credentials and decides its permissions here
// (decision 010): kubernetes.resources.read for objects, as Backstage's
// routes require it, kubernetes.clusters.read for the list of clusters and
// kubernetes.proxy for the proxy.

export type KubernetesCatalog = ClusterCatalog & {
  entityByRef(ref: string, call: { credentials: Credentials }): Promise<Entity | undefined>;
};

export type Kubernetes = ReturnType<typeof createKubernetes>;

export function createKubernetes(options: {
  config: KubernetesConfig;
  catalog: KubernetesCatalog;
  permissions: PermissionService;
  logger: Logger;
  clusters?: ClusterSupplier;
  /** Clusters the server provides beside the configured ones: the demo cluster. */
  extraClusters?: ClusterDetails[];
}) {
  const { config, catalog, permissions, logger } = options;
  const supplier = options.clusters ?? createClusterSupplier(config, catalog, options.extraClusters);

  /** The entity a query names, read with the caller's own credentials: one they may not read is missing, in Backstage's words. */
  async function entityFor(credentials: Credentials, entityRef: string): Promise<Entity> {
    let ref: string;
    try {
      ref = stringifyEntityRef(parseEntityRef(entityRef));
    } catch (error) {
      throw new InputError(`Invalid entity ref, ${error instanceof Error ? error.message : String(error)}`);
    }
    const entity = await catalog.entityByRef(ref, { credentials });
    if (!entity) throw new InputError(`Entity ref missing, ${ref}`);
    return entity;
  }

  async function objectsFor(request: {
    entity: Pick<Entity, "metadata">;
    auth: KubernetesRequestAuth;
    customResources?: CustomResourceMatcher[];
    signal?: AbortSignal;
  }): Promise<ObjectsByEntityResponse> {
    const clusters = await supplier.clusters();
    const requested = request.customResources;
    return objectsOnClusters(
      clusters,
      {
        entity: request.entity,
        auth: request.auth,
        signal: request.signal,
        objectTypes: requested ? [] : DEFAULT_OBJECTS,
        // A cluster's own custom resources replace the global ones, as in Backstage's fan-out.
        customResources: (cluster) => requested ?? cluster.customResources ?? config.customResources,
      },
      logger.child({ plugin: "kubernetes" }),
    );
  }

  return {
    config,

    /** POST /services/{entityName}: the objects of the entity the browser posts (Backstage's deprecated route, still what its tab calls). */
    async objectsByEntity(credentials: Credentials, request: { entity: Pick<Entity, "metadata">; auth: KubernetesRequestAuth; signal?: AbortSignal }): Promise<ObjectsByEntityResponse> {
      permissions.assertAllowed(credentials, kubernetesResourcesReadPermission);
      return objectsFor(request);
    },

    /** POST /resources/workloads/query: the default objects of a catalog entity the caller may read. */
    async workloadsByEntity(credentials: Credentials, request: { entityRef: string; auth: KubernetesRequestAuth; signal?: AbortSignal }): Promise<ObjectsByEntityResponse> {
      permissions.assertAllowed(credentials, kubernetesResourcesReadPermission);
      const entity = await entityFor(credentials, request.entityRef);
      return objectsFor({ entity, auth: request.auth, signal: request.signal });
    },

    /** POST /resources/custom/query: only the custom resources asked for. */
    async customResourcesByEntity(
      credentials: Credentials,
      request: { entityRef: string; auth: KubernetesRequestAuth; customResources: CustomResourceMatcher[]; signal?: AbortSignal },
    ): Promise<ObjectsByEntityResponse> {
      permissions.assertAllowed(credentials, kubernetesResourcesReadPermission);
      const entity = await entityFor(credentials, request.entityRef);
      return objectsFor({ entity, auth: request.auth, customResources: request.customResources, signal: request.signal });
    },

    /** GET /clusters: what the browser may know of each cluster. */
    async clusters(credentials: Credentials) {
      permissions.assertAllowed(credentials, kubernetesClustersReadPermission);
      return { items: (await supplier.clusters()).map(publicClusterOf) };
    },

    /** Every cluster's name and auth provider, for the tab's Terminal rule (tab-view.ts terminalAvailable); no permission: nothing of a cluster's objects. */
    async clusterAuthProviders(): Promise<Array<{ name: string; authProvider: string }>> {
      return (await supplier.clusters()).map((cluster) => ({ name: cluster.name, authProvider: authProviderOf(cluster) }));
    },

    /** /proxy/*: the request passed to the cluster its header names (proxy.server.ts). */
    async proxy(credentials: Credentials, request: ProxyRequest): Promise<Response> {
      return proxyToCluster({ credentials, request, permissions, clusters: await supplier.clusters(), logger });
    },

    /** The proxy's checks for a WebSocket upgrade (proxy-upgrade.server.ts): the cluster and credential, or the refusal. */
    async proxyTarget(credentials: Credentials, request: { headers: Headers; sessionAuth: KubernetesRequestAuth }): Promise<ProxyTarget> {
      return proxyTargetFor({ credentials, headers: request.headers, sessionAuth: request.sessionAuth, permissions, clusters: await supplier.clusters() });
    },
  };
}
