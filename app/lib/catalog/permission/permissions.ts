import { createPermission } from "~/lib/permission/permissions";
import type { Permission } from "~/lib/permission/permissions";

// The catalog's permissions, with the names, attributes and resource type of
// Backstage's plugin-catalog-common. If catalog.entity.read is not granted,
// the entity looks as if it did not exist, in pages and API responses alike.

export const RESOURCE_TYPE_CATALOG_ENTITY = "catalog-entity";
/** The plugin that evaluates catalog-entity conditions. */
export const CATALOG_PLUGIN_ID = "catalog";

export const catalogEntityReadPermission = createPermission({ name: "catalog.entity.read", attributes: { action: "read" }, resourceType: RESOURCE_TYPE_CATALOG_ENTITY });
export const catalogEntityCreatePermission = createPermission({ name: "catalog.entity.create", attributes: { action: "create" } });
export const catalogEntityDeletePermission = createPermission({ name: "catalog.entity.delete", attributes: { action: "delete" }, resourceType: RESOURCE_TYPE_CATALOG_ENTITY });
export const catalogEntityRefreshPermission = createPermission({ name: "catalog.entity.refresh", attributes: { action: "update" }, resourceType: RESOURCE_TYPE_CATALOG_ENTITY });
export const catalogEntityValidatePermission = createPermission({ name: "catalog.entity.validate", attributes: {} });
export const catalogLocationReadPermission = createPermission({ name: "catalog.location.read", attributes: { action: "read" } });
export const catalogLocationCreatePermission = createPermission({ name: "catalog.location.create", attributes: { action: "create" } });
export const catalogLocationAnalyzePermission = createPermission({ name: "catalog.location.analyze", attributes: {} });
export const catalogLocationDeletePermission = createPermission({ name: "catalog.location.delete", attributes: { action: "delete" } });

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
