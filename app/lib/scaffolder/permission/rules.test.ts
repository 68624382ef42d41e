import { describe, expect, it } from "vitest";
import { InputError } from "~/lib/errors";
import { PERMISSIONS } from "~/lib/permission/known-permissions";
import type { PermissionRule } from "~/lib/permission/rules";
import { hasActionId, hasBooleanProperty, hasNumberProperty, hasStringProperty, hasTag, isTaskOwner } from "./rules";
import type { ActionPermissionResource, TaskPermissionResource, TemplatePermissionResource } from "./rules";

// The scaffolder's rules over the plain objects the scaffolder will hand
// them, with Backstage's meaning (plugin-scaffolder-backend's service/rules).

const step = (tags?: string[]): TemplatePermissionResource => ({ id: "publish", name: "Publish", action: "publish:github", ...(tags ? { "backstage:permissions": { tags } } : {}) });
const action = (id: string, input?: Record<string, unknown>): ActionPermissionResource => ({ action: id, input });
const task = (createdBy?: string): TaskPermissionResource => ({ id: "t1", ...(createdBy ? { createdBy } : {}) });

const register = action("catalog:register", { repoContentsUrl: "https://example.com/x", optional: false, retries: 3, nested: { list: [{ name: "first" }] }, "dotted.key": "whole" });
const gitlab = action("publish:gitlab", { projectId: "42", owner: "Acme", repoUrl: "gitlab.com?owner=acme&repo=web" });
const gitlabGroup = action("gitlab:group:ensureExists", { path: ["platform", "web"] });

type Case = [string, PermissionRule<never>, unknown, Record<string, unknown>, boolean];

const CASES: Case[] = [
  ["a tagged step", hasTag, step(["admin", "ops"]), { tag: "admin" }, true],
  ["another tag", hasTag, step(["ops"]), { tag: "admin" }, false],
  ["an untagged step", hasTag, step(), { tag: "admin" }, false],
  ["a parameter's tags", hasTag, { title: "Secrets", "backstage:permissions": { tags: ["secret"] }, properties: {} }, { tag: "secret" }, true],
  ["the action id", hasActionId, register, { actionId: "catalog:register" }, true],
  ["another action id", hasActionId, register, { actionId: "catalog:fetch" }, false],
  ["a boolean input, any value", hasBooleanProperty, register, { key: "optional" }, true],
  ["a boolean input, its value", hasBooleanProperty, register, { key: "optional", value: false }, true],
  ["a boolean input, another value", hasBooleanProperty, register, { key: "optional", value: true }, false],
  ["a string is not a boolean", hasBooleanProperty, register, { key: "repoContentsUrl" }, false],
  ["a number input", hasNumberProperty, register, { key: "retries", value: 3 }, true],
  ["a missing input", hasNumberProperty, register, { key: "timeout" }, false],
  ["a string input", hasStringProperty, register, { key: "repoContentsUrl", value: "https://example.com/x" }, true],
  ["strings compare exactly", hasStringProperty, register, { key: "repoContentsUrl", value: "HTTPS://example.com/x" }, false],
  ["a nested path, lodash style", hasStringProperty, register, { key: "nested.list[0].name", value: "first" }, true],
  ["a nested path with dots", hasStringProperty, register, { key: "nested.list.0.name" }, true],
  ["a key that is itself a property", hasStringProperty, register, { key: "dotted.key", value: "whole" }, true],
  ["an action without input", hasStringProperty, action("debug:log"), { key: "message" }, false],
  ["a numeric project id given as a string to a source-control action", hasNumberProperty, gitlab, { key: "projectId", value: 42 }, true],
  ["an owner of a source-control action, any case", hasStringProperty, gitlab, { key: "owner", value: "acme" }, true],
  ["only identifying inputs compare loosely", hasStringProperty, gitlab, { key: "repoUrl", value: "GITLAB.COM?owner=acme&repo=web" }, true],
  ["a group path is not a string", hasStringProperty, gitlabGroup, { key: "path" }, false],
  ["the task's creator", isTaskOwner, task("user:default/ada"), { createdBy: ["user:default/bob", "user:default/ada"] }, true],
  ["another creator", isTaskOwner, task("user:default/carol"), { createdBy: ["user:default/ada"] }, false],
  ["a task nobody created", isTaskOwner, task(), { createdBy: ["user:default/ada"] }, false],
  ["no creators (a guest)", isTaskOwner, task("user:default/ada"), { createdBy: [] }, false],
];

describe("scaffolder permission rules", () => {
  it.each(CASES)("%s", (_, rule, resource, params, expected) => {
    expect(rule.apply(resource as never, params)).toBe(expected);
  });

  it("turns a task condition into the task store's filter; template and action rules have no query, as in Backstage", () => {
    expect(isTaskOwner.toQuery({ createdBy: ["user:default/ada"] })).toEqual({ key: "created_by", values: ["user:default/ada"] });
    expect(hasTag.toQuery({ tag: "admin" })).toEqual({});
    expect(hasActionId.toQuery({ actionId: "x" })).toEqual({});
  });

  it.each([
    [hasTag, {}, "Invalid params for rule HAS_TAG: tag: tag must be a string"],
    [hasActionId, { actionId: "x", action: "y" }, 'Invalid params for rule HAS_ACTION_ID: Unrecognized key: "action"'],
    [hasBooleanProperty, { key: "dryRun", value: "true" }, "Invalid params for rule HAS_BOOLEAN_PROPERTY: value: value must be a boolean"],
    [hasNumberProperty, { key: "replicas", value: "3" }, "value: value must be a number"],
    [hasStringProperty, { value: "x" }, "key: key must be a string"],
    [isTaskOwner, { createdBy: "user:default/ada" }, "Invalid params for rule IS_TASK_OWNER: createdBy: createdBy must be a list of entity refs"],
  ])("rejects bad params (%#)", (rule, params, message) => {
    expect(() => rule.validate(params)).toThrow(InputError);
    expect(() => rule.validate(params)).toThrow(message);
    expect(() => rule.apply({ action: "x" } as never, params)).toThrow(message);
  });

  it("registers each rule with its resource type and the scaffolder as the plugin that evaluates it", () => {
    const byType = Object.fromEntries(["scaffolder-template", "scaffolder-action", "scaffolder-task"].map((type) => [type, PERMISSIONS.rulesOf(type).map((rule) => rule.name)]));
    expect(byType).toEqual({
      "scaffolder-template": ["HAS_TAG"],
      "scaffolder-action": ["HAS_ACTION_ID", "HAS_BOOLEAN_PROPERTY", "HAS_NUMBER_PROPERTY", "HAS_STRING_PROPERTY"],
      "scaffolder-task": ["IS_TASK_OWNER"],
    });
    for (const type of Object.keys(byType)) expect(PERMISSIONS.resourceType(type)!.pluginId).toBe("scaffolder");
  });

  it("has a stand-in for each resource type that holds for nothing", () => {
    const samples: Record<string, unknown[]> = {
      "scaffolder-template": [step(["admin"]), step()],
      "scaffolder-action": [register, gitlab],
      "scaffolder-task": [task("user:default/ada"), task()],
    };
    for (const [type, resources] of Object.entries(samples)) {
      const nothing = PERMISSIONS.resourceType(type)!.matchNothing;
      for (const resource of resources) {
        expect(PERMISSIONS.applyConditions(type, nothing, resource)).toBe(false);
        expect(PERMISSIONS.applyConditions(type, { not: nothing }, resource)).toBe(true);
      }
    }
  });
});
