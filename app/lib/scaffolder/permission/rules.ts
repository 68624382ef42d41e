import { z } from "zod";
import type { PermissionResourceType } from "~/lib/permission/registry";
import { createPermissionRule } from "~/lib/permission/rules";
import { RESOURCE_TYPE_SCAFFOLDER_ACTION, RESOURCE_TYPE_SCAFFOLDER_TASK, RESOURCE_TYPE_SCAFFOLDER_TEMPLATE, SCAFFOLDER_PLUGIN_ID } from "./permissions";

// The scaffolder's permission rules, named, parameterised and applied as
// Backstage's scaffolder-backend does (its service/rules), over the plain
// objects the scaffolder hands them: a template's parameter or step, an action
// about to run with its input, a task. They are registered with the permission
// core (app/lib/permission/known-permissions.ts). Template and action rules
// have no query, as in Backstage (parameters, steps and actions are checked
// one by one); a task rule's query is the task store's filter.

/** A template parameter or step: what scaffolder.template.parameter.read and .step.read decide. */
export type TemplatePermissionResource = {
  id?: string;
  name?: string;
  title?: string;
  "backstage:permissions"?: { tags?: string[] };
  [key: string]: unknown;
};
/** An action about to run, with the input the template gives it. */
export type ActionPermissionResource = { action: string; input?: Record<string, unknown> };
/** A task, as the task store keeps it. */
export type TaskPermissionResource = { id: string; createdBy?: string; [key: string]: unknown };
/** The task store's filter for a task rule (Backstage's TaskFilter). */
export type TaskFilter = { key: string; values?: string[] };

const text = (what: string) => z.string({ error: `${what} must be a string` });

export const hasTag = createPermissionRule({
  name: "HAS_TAG",
  description: "Match parameters or steps with the given tag",
  resourceType: RESOURCE_TYPE_SCAFFOLDER_TEMPLATE,
  paramsSchema: z.strictObject({ tag: text("tag").describe("Name of the tag to match on") }),
  apply: (resource: TemplatePermissionResource, { tag }) => resource["backstage:permissions"]?.tags?.includes(tag) ?? false,
  toQuery: () => ({}),
});

export const hasActionId = createPermissionRule({
  name: "HAS_ACTION_ID",
  description: "Match actions with the given actionId",
  resourceType: RESOURCE_TYPE_SCAFFOLDER_ACTION,
  paramsSchema: z.strictObject({ actionId: text("actionId").describe("Name of the actionId to match on") }),
  apply: (resource: ActionPermissionResource, { actionId }) => resource.action === actionId,
  toQuery: () => ({}),
});

// Backstage compares a few identifying inputs of the source-control actions
// loosely: a GitLab project id may be given as a number or a string, an owner
// or repository name in any case.
const INTEGRATION_ACTION_SEGMENT = /^(?:gitlab|github|bitbucket(?:Cloud|Server)?)$/u;
const INTEGRATION_IDENTIFIER_PROPERTIES = ["owner", "repoName", "projectId", "repoUrl"];

type PropertyValue = boolean | number | string;

function hasPropertyRule<T extends PropertyValue>(name: string, kind: "boolean" | "number" | "string", valueSchema: z.ZodType<T>) {
  return createPermissionRule({
    name,
    description: "Allow actions with the specified property",
    resourceType: RESOURCE_TYPE_SCAFFOLDER_ACTION,
    paramsSchema: z.strictObject({
      key: text("key").describe("Property within the action parameters to match on"),
      value: valueSchema.optional().describe("Value of the given property to match on"),
    }),
    apply: (resource: ActionPermissionResource, { key, value }) => {
      let found = getPath(resource.input, key);
      const property = toPath(key).join(".");
      const segments = resource.action.split(":");
      const isIntegrationProperty =
        segments.some((segment) => INTEGRATION_ACTION_SEGMENT.test(segment)) && (INTEGRATION_IDENTIFIER_PROPERTIES.includes(property) || (segments.includes("group") && property === "path"));
      if (isIntegrationProperty) {
        if (kind === "number" && typeof found === "string" && /^\d+$/u.test(found)) found = Number(found);
        else if (kind === "string" && typeof found === "number") found = String(found);
      }
      if (typeof found !== kind) return false;
      if (value === undefined) return true;
      if (isIntegrationProperty && typeof value === "string" && typeof found === "string") {
        if (/^\d+$/u.test(value) && /^\d+$/u.test(found)) return Number(value) === Number(found);
        return value.toLowerCase() === found.toLowerCase();
      }
      return value === found;
    },
    toQuery: () => ({}),
  });
}

export const hasBooleanProperty = hasPropertyRule("HAS_BOOLEAN_PROPERTY", "boolean", z.boolean({ error: "value must be a boolean" }));
export const hasNumberProperty = hasPropertyRule("HAS_NUMBER_PROPERTY", "number", z.number({ error: "value must be a number" }));
export const hasStringProperty = hasPropertyRule("HAS_STRING_PROPERTY", "string", z.string({ error: "value must be a string" }));

export const isTaskOwner = createPermissionRule({
  name: "IS_TASK_OWNER",
  description: "Allows tasks created by certain users to be accessible",
  resourceType: RESOURCE_TYPE_SCAFFOLDER_TASK,
  paramsSchema: z.strictObject({
    // Empty is allowed: a guest's refs resolve to none, and then the rule holds for nothing.
    createdBy: z
      .array(z.string({ error: "createdBy must be entity refs" }), { error: "createdBy must be a list of entity refs" })
      .describe("List of creator entity refs; only tasks created by these users will be viewable"),
  }),
  apply: (resource: TaskPermissionResource, { createdBy }) => resource.createdBy !== undefined && createdBy.includes(resource.createdBy),
  toQuery: ({ createdBy }): TaskFilter => ({ key: "created_by", values: createdBy }),
});

export const scaffolderTemplateResourceType: PermissionResourceType<TemplatePermissionResource> = {
  resourceType: RESOURCE_TYPE_SCAFFOLDER_TEMPLATE,
  pluginId: SCAFFOLDER_PLUGIN_ID,
  rules: [hasTag],
  // Tags name who may see a parameter or step; none is empty.
  matchNothing: { resourceType: RESOURCE_TYPE_SCAFFOLDER_TEMPLATE, rule: hasTag.name, params: { tag: "" } },
  describe: (resource) => `template ${resource.id ? "step" : "parameter"} ${resource.id ?? resource.name ?? resource.title ?? "(unnamed)"}`,
};

export const scaffolderActionResourceType: PermissionResourceType<ActionPermissionResource> = {
  resourceType: RESOURCE_TYPE_SCAFFOLDER_ACTION,
  pluginId: SCAFFOLDER_PLUGIN_ID,
  rules: [hasActionId, hasBooleanProperty, hasNumberProperty, hasStringProperty],
  // Every action has an id.
  matchNothing: { resourceType: RESOURCE_TYPE_SCAFFOLDER_ACTION, rule: hasActionId.name, params: { actionId: "" } },
  describe: (resource) => `action ${resource.action}`,
};

export const scaffolderTaskResourceType: PermissionResourceType<TaskPermissionResource> = {
  resourceType: RESOURCE_TYPE_SCAFFOLDER_TASK,
  pluginId: SCAFFOLDER_PLUGIN_ID,
  rules: [isTaskOwner],
  matchNothing: { resourceType: RESOURCE_TYPE_SCAFFOLDER_TASK, rule: isTaskOwner.name, params: { createdBy: [] } },
  describe: (resource) => `task ${resource.id}`,
};

/** A property path as lodash reads it: `a.b`, `a[0].b`, `a["b.c"]`. */
function toPath(key: string): string[] {
  const parts: string[] = [];
  key.replace(/[^.[\]]+|\[(?:(\d+)|(["'])(.*?)\2)\]/g, (match, index: string | undefined, _quote: string | undefined, quoted: string | undefined) => {
    parts.push(index ?? quoted ?? match);
    return match;
  });
  return parts;
}

/** lodash's get: a key that is itself a property wins over a path. */
function getPath(object: unknown, key: string): unknown {
  if (object === null || typeof object !== "object") return undefined;
  if (Object.hasOwn(object, key)) return (object as Record<string, unknown>)[key];
  let value: unknown = object;
  for (const part of toPath(key)) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
