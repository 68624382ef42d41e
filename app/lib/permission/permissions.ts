// Permissions in Backstage's shapes (plugin-permission-common): a name,
// attributes ({action}) and, for a resource permission, the type of resource
// it is checked against. Each area defines its own, with Backstage's names
// and attributes verbatim (app/lib/catalog/permission/permissions.ts,
// app/lib/scaffolder/permission/permissions.ts,
// app/lib/kubernetes/permission/permissions.ts), and registers them in
// ./known-permissions.ts: Backstage clients send these objects as they are to
// /api/permission/authorize, and policies written for Backstage name them.

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

/** Backstage's createPermission: a resource permission when a resource type is given, a basic one otherwise. */
export function createPermission<T extends string>(options: { name: string; attributes: PermissionAttributes; resourceType: T }): ResourcePermission<T>;
export function createPermission(options: { name: string; attributes: PermissionAttributes }): BasicPermission;
export function createPermission(options: { name: string; attributes: PermissionAttributes; resourceType?: string }): Permission {
  const { name, attributes, resourceType } = options;
  return resourceType === undefined ? { type: "basic", name, attributes } : { type: "resource", name, attributes, resourceType };
}

export function isResourcePermission<T extends string>(permission: Permission, resourceType?: T): permission is ResourcePermission<T> {
  return permission.type === "resource" && (resourceType === undefined || permission.resourceType === resourceType);
}

/** Same permission, compared by name as Backstage's isPermission does. */
export function isPermission(permission: Permission, other: Permission): boolean {
  return permission.name === other.name;
}

// Atrium's own: reading the policy's decisions for users other than oneself
// on /settings/access (decision 010). Everyone may ask about themselves.
export const permissionPolicyReadPermission = createPermission({ name: "permission.policy.read", attributes: { action: "read" } });

export const PERMISSION_PERMISSIONS: readonly Permission[] = [permissionPolicyReadPermission];
