// The permissions Atrium checks. Names, types, attributes and resource types
// are Backstage's, verbatim (plugin-catalog-common, plugin-scaffolder-common,
// plugin-kubernetes-common): Backstage clients send these objects as they are
// to /api/permission/authorize, and policies written for Backstage name them.

export type PermissionAction = "create" | "read" | "update" | "delete";
export type PermissionAttributes = { action?: PermissionAction };

export type BasicPermission = { type: "basic"; name: string; attributes: PermissionAttributes };
export type ResourcePermission<TResourceType extends string = string> = {
  type: "resource";
  name: string;
  attributes: PermissionAttributes;
  resourceType: TResourceType;
};
export type Permission = BasicPermission | ResourcePermission;

export const RESOURCE_TYPE_CATALOG_ENTITY = "catalog-entity";
export const RESOURCE_TYPE_SCAFFOLDER_TEMPLATE = "scaffolder-template";
export const RESOURCE_TYPE_SCAFFOLDER_ACTION = "scaffolder-action";

function basic(name: string, attributes: PermissionAttributes = {}): BasicPermission {
  return { type: "basic", name, attributes };
}
function resource<T extends string>(name: string, resourceType: T, attributes: PermissionAttributes = {}): ResourcePermission<T> {
  return { type: "resource", name, attributes, resourceType };
}

// Catalog. If catalog.entity.read is not granted, the entity looks as if it did
// not exist, in pages and API responses alike.
export const catalogEntityReadPermission = resource("catalog.entity.read", RESOURCE_TYPE_CATALOG_ENTITY, { action: "read" });
export const catalogEntityCreatePermission = basic("catalog.entity.create", { action: "create" });
export const catalogEntityDeletePermission = resource("catalog.entity.delete", RESOURCE_TYPE_CATALOG_ENTITY, { action: "delete" });
export const catalogEntityRefreshPermission = resource("catalog.entity.refresh", RESOURCE_TYPE_CATALOG_ENTITY, { action: "update" });
export const catalogEntityValidatePermission = basic("catalog.entity.validate");
export const catalogLocationReadPermission = basic("catalog.location.read", { action: "read" });
export const catalogLocationCreatePermission = basic("catalog.location.create", { action: "create" });
export const catalogLocationAnalyzePermission = basic("catalog.location.analyze");
export const catalogLocationDeletePermission = basic("catalog.location.delete", { action: "delete" });

// Kubernetes. The UI needs both read permissions to show Kubernetes objects.
export const kubernetesProxyPermission = basic("kubernetes.proxy");
export const kubernetesResourcesReadPermission = basic("kubernetes.resources.read", { action: "read" });
export const kubernetesClustersReadPermission = basic("kubernetes.clusters.read", { action: "read" });

// Scaffolder. A parameter or step the user may not read looks absent, and a
// step that cannot be read is not executed.
export const templateParameterReadPermission = resource("scaffolder.template.parameter.read", RESOURCE_TYPE_SCAFFOLDER_TEMPLATE, { action: "read" });
export const templateStepReadPermission = resource("scaffolder.template.step.read", RESOURCE_TYPE_SCAFFOLDER_TEMPLATE, { action: "read" });
export const templateManagementPermission = basic("scaffolder.template.management");
export const actionExecutePermission = resource("scaffolder.action.execute", RESOURCE_TYPE_SCAFFOLDER_ACTION);
export const taskCreatePermission = basic("scaffolder.task.create", { action: "create" });
export const taskReadPermission = basic("scaffolder.task.read", { action: "read" });
export const taskCancelPermission = basic("scaffolder.task.cancel");

// Atrium's own: reading the policy's decisions for users other than oneself
// on /settings/access (decision 010). Everyone may ask about themselves.
export const permissionPolicyReadPermission = basic("permission.policy.read", { action: "read" });

export const CATALOG_PERMISSIONS: readonly Permission[] = [
  catalogEntityReadPermission,
  catalogEntityCreatePermission,
  catalogEntityDeletePermission,
  catalogEntityRefreshPermission,
  catalogEntityValidatePermission,
  catalogLocationReadPermission,
  catalogLocationCreatePermission,
  catalogLocationAnalyzePermission,
  catalogLocationDeletePermission,
];
export const KUBERNETES_PERMISSIONS: readonly Permission[] = [
  kubernetesProxyPermission,
  kubernetesResourcesReadPermission,
  kubernetesClustersReadPermission,
];
export const SCAFFOLDER_PERMISSIONS: readonly Permission[] = [
  templateParameterReadPermission,
  templateStepReadPermission,
  templateManagementPermission,
  actionExecutePermission,
  taskCreatePermission,
  taskReadPermission,
  taskCancelPermission,
];

export const PERMISSION_PERMISSIONS: readonly Permission[] = [permissionPolicyReadPermission];

export const ALL_PERMISSIONS: readonly Permission[] = [...CATALOG_PERMISSIONS, ...KUBERNETES_PERMISSIONS, ...SCAFFOLDER_PERMISSIONS, ...PERMISSION_PERMISSIONS];

const BY_NAME = new Map(ALL_PERMISSIONS.map((permission) => [permission.name, permission]));

/** The permission with this name, or undefined when Atrium defines none. */
export function getPermission(name: string): Permission | undefined {
  return BY_NAME.get(name);
}

export function isResourcePermission<T extends string>(permission: Permission, resourceType?: T): permission is ResourcePermission<T> {
  return permission.type === "resource" && (resourceType === undefined || permission.resourceType === resourceType);
}

/** Same permission, compared by name as Backstage's isPermission does. */
export function isPermission(permission: Permission, other: Permission): boolean {
  return permission.name === other.name;
}
