import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, getPermission } from "./known-permissions";
import { isPermission, isResourcePermission } from "./permissions";

describe("permissions", () => {
  it.each([
    ["catalog.entity.read", "resource", "catalog-entity", "read"],
    ["catalog.entity.create", "basic", undefined, "create"],
    ["catalog.entity.delete", "resource", "catalog-entity", "delete"],
    ["catalog.entity.refresh", "resource", "catalog-entity", "update"],
    ["catalog.entity.validate", "basic", undefined, undefined],
    ["catalog.location.read", "basic", undefined, "read"],
    ["catalog.location.create", "basic", undefined, "create"],
    ["catalog.location.analyze", "basic", undefined, undefined],
    ["catalog.location.delete", "basic", undefined, "delete"],
    ["kubernetes.proxy", "basic", undefined, undefined],
    ["kubernetes.resources.read", "basic", undefined, "read"],
    ["kubernetes.clusters.read", "basic", undefined, "read"],
    ["scaffolder.template.parameter.read", "resource", "scaffolder-template", "read"],
    ["scaffolder.template.step.read", "resource", "scaffolder-template", "read"],
    ["scaffolder.template.management", "basic", undefined, undefined],
    ["scaffolder.action.execute", "resource", "scaffolder-action", undefined],
    ["scaffolder.task.create", "basic", undefined, "create"],
    ["scaffolder.task.read", "resource", "scaffolder-task", "read"],
    ["scaffolder.task.cancel", "resource", "scaffolder-task", undefined],
    ["scaffolder.template.dry-run", "basic", undefined, undefined],
    ["permission.policy.read", "basic", undefined, "read"],
  ])("%s is %s (%s, action %s), as in Backstage or Atrium's own", (name, type, resourceType, action) => {
    const permission = getPermission(name)!;
    expect(permission).toEqual({ type, name, attributes: action ? { action } : {}, ...(resourceType ? { resourceType } : {}) });
  });

  it("registers each permission once and nothing else", () => {
    expect(ALL_PERMISSIONS).toHaveLength(21);
    expect(new Set(ALL_PERMISSIONS.map((permission) => permission.name)).size).toBe(21);
    expect(getPermission("catalog.entity.write")).toBeUndefined();
  });

  it("tells resource permissions apart, by resource type if asked", () => {
    const read = getPermission("catalog.entity.read")!;
    expect(isResourcePermission(read)).toBe(true);
    expect(isResourcePermission(read, "catalog-entity")).toBe(true);
    expect(isResourcePermission(read, "scaffolder-template")).toBe(false);
    expect(isResourcePermission(getPermission("catalog.entity.create")!)).toBe(false);
    expect(isPermission(read, { ...read, attributes: {} })).toBe(true);
  });
});
