import { CATALOG_PERMISSIONS } from "~/lib/catalog/permission/permissions";
import { catalogEntityResourceType } from "~/lib/catalog/permission/rules";
import { KUBERNETES_PERMISSIONS } from "~/lib/kubernetes/permission/permissions";
import { SCAFFOLDER_PERMISSIONS } from "~/lib/scaffolder/permission/permissions";
import { scaffolderActionResourceType, scaffolderTaskResourceType, scaffolderTemplateResourceType } from "~/lib/scaffolder/permission/rules";
import { PERMISSION_PERMISSIONS } from "./permissions";
import type { Permission } from "./permissions";
import { createPermissionRegistry } from "./registry";

// Every area's permissions and resource types, registered with the core in
// one place: what a policy may grant (permission.policy.roles), what
// /api/permission/authorize answers for and what /settings/access offers. An
// area adds itself here; the core does not change.

export const PERMISSIONS = createPermissionRegistry({
  permissions: [...CATALOG_PERMISSIONS, ...KUBERNETES_PERMISSIONS, ...SCAFFOLDER_PERMISSIONS, ...PERMISSION_PERMISSIONS],
  resourceTypes: [catalogEntityResourceType, scaffolderTemplateResourceType, scaffolderActionResourceType, scaffolderTaskResourceType],
});

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS.permissions;

/** The permission with this name, or undefined when no area defines it. */
export function getPermission(name: string): Permission | undefined {
  return PERMISSIONS.getPermission(name);
}
