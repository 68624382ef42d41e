import { createPermission } from "~/lib/permission/permissions";
import type { Permission } from "~/lib/permission/permissions";

// The scaffolder's permissions, with the names, attributes and resource types
// of Backstage's plugin-scaffolder-common. A parameter or step the user may not
// read looks absent, and a step that cannot be read is not executed; an action
// a template may not execute fails its step; a task the user may not read is
// not found, and one they may not cancel keeps running.

export const RESOURCE_TYPE_SCAFFOLDER_TEMPLATE = "scaffolder-template";
export const RESOURCE_TYPE_SCAFFOLDER_ACTION = "scaffolder-action";
export const RESOURCE_TYPE_SCAFFOLDER_TASK = "scaffolder-task";
/** The plugin that evaluates the conditions of all three resource types. */
export const SCAFFOLDER_PLUGIN_ID = "scaffolder";

export const actionExecutePermission = createPermission({ name: "scaffolder.action.execute", attributes: {}, resourceType: RESOURCE_TYPE_SCAFFOLDER_ACTION });
export const templateParameterReadPermission = createPermission({
  name: "scaffolder.template.parameter.read",
  attributes: { action: "read" },
  resourceType: RESOURCE_TYPE_SCAFFOLDER_TEMPLATE,
});
export const templateStepReadPermission = createPermission({ name: "scaffolder.template.step.read", attributes: { action: "read" }, resourceType: RESOURCE_TYPE_SCAFFOLDER_TEMPLATE });
export const templateDryRunPermission = createPermission({ name: "scaffolder.template.dry-run", attributes: {} });
export const templateManagementPermission = createPermission({ name: "scaffolder.template.management", attributes: {} });
export const taskReadPermission = createPermission({ name: "scaffolder.task.read", attributes: { action: "read" }, resourceType: RESOURCE_TYPE_SCAFFOLDER_TASK });
export const taskCreatePermission = createPermission({ name: "scaffolder.task.create", attributes: { action: "create" } });
export const taskCancelPermission = createPermission({ name: "scaffolder.task.cancel", attributes: {}, resourceType: RESOURCE_TYPE_SCAFFOLDER_TASK });

export const SCAFFOLDER_PERMISSIONS: readonly Permission[] = [
  templateParameterReadPermission,
  templateStepReadPermission,
  actionExecutePermission,
  taskCreatePermission,
  taskReadPermission,
  taskCancelPermission,
  templateDryRunPermission,
  templateManagementPermission,
];
