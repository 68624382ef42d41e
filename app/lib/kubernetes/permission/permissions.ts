import { createPermission } from "~/lib/permission/permissions";
import type { Permission } from "~/lib/permission/permissions";

// The Kubernetes area's permissions, with the names and attributes of
// Backstage's plugin-kubernetes-common. All three are basic: Backstage's
// Kubernetes backend defines no resource type and no rules, so a policy
// grants or denies them outright. The UI needs both read permissions to show
// Kubernetes objects; kubernetes.proxy guards the proxy to the clusters' API.

export const kubernetesProxyPermission = createPermission({ name: "kubernetes.proxy", attributes: {} });
export const kubernetesResourcesReadPermission = createPermission({ name: "kubernetes.resources.read", attributes: { action: "read" } });
export const kubernetesClustersReadPermission = createPermission({ name: "kubernetes.clusters.read", attributes: { action: "read" } });

export const KUBERNETES_PERMISSIONS: readonly Permission[] = [kubernetesProxyPermission, kubernetesResourcesReadPermission, kubernetesClustersReadPermission];
