import { InputError } from "~/lib/errors";
import { evaluateCriteria } from "./criteria";
import type { PermissionCondition, PermissionCriteria } from "./criteria";
import type { Permission } from "./permissions";
import type { PermissionRule } from "./rules";

// What the permission core knows: every permission, and for each resource
// type the plugin that owns it and the rules its conditions may use. The core
// decides, validates policies and explains with this alone, so an area adds
// permissions and rules by registering them (./known-permissions.ts), never by
// changing the core.

export type PermissionResourceType<TResource = never> = {
  resourceType: string;
  /** The plugin that evaluates this type's conditions: a CONDITIONAL decision's pluginId. */
  pluginId: string;
  rules: readonly PermissionRule<TResource>[];
  /**
   * A condition that holds for no resource of this type. It stands in for a
   * condition on the caller's own ref when there is no caller: nothing can
   * equal a ref that does not exist, which stays true under `not`.
   */
  matchNothing: PermissionCondition;
  /** How one resource is named in explanations. */
  describe(resource: TResource): string;
};

export type PermissionRegistry = ReturnType<typeof createPermissionRegistry>;

export function createPermissionRegistry(options: { permissions: readonly Permission[]; resourceTypes: readonly PermissionResourceType<never>[] }) {
  const permissions = new Map<string, Permission>();
  for (const permission of options.permissions) {
    if (permissions.has(permission.name)) throw new Error(`Permission ${permission.name} is registered twice`);
    permissions.set(permission.name, permission);
  }
  const types = new Map<string, PermissionResourceType<unknown>>();
  for (const type of options.resourceTypes as unknown as PermissionResourceType<unknown>[]) {
    if (types.has(type.resourceType)) throw new Error(`Resource type ${type.resourceType} is registered twice`);
    const stranger = type.rules.find((rule) => rule.resourceType !== type.resourceType);
    if (stranger) throw new Error(`Rule ${stranger.name} of ${stranger.resourceType} is registered for ${type.resourceType}`);
    types.set(type.resourceType, type);
  }

  function rulesOf(resourceType: string): readonly PermissionRule<unknown>[] {
    return types.get(resourceType)?.rules ?? [];
  }

  function findRule(resourceType: string, name: string): PermissionRule<unknown> | undefined {
    return rulesOf(resourceType).find((rule) => rule.name === name);
  }

  /** The rule a condition names, for a decision on `resourceType`; an InputError says why there is none. */
  function ruleFor(resourceType: string, condition: PermissionCondition): PermissionRule<unknown> {
    if (typeof condition !== "object" || condition === null || typeof condition.rule !== "string") {
      throw new InputError("A permission condition must be {rule, params}, {anyOf: [...]}, {allOf: [...]} or {not: ...}");
    }
    if (condition.resourceType !== undefined && condition.resourceType !== resourceType) {
      throw new InputError(`Condition ${condition.rule} is for resource type ${condition.resourceType}, not ${resourceType}`);
    }
    const rule = findRule(resourceType, condition.rule);
    if (!rule) {
      const known = rulesOf(resourceType).map((r) => r.name);
      throw new InputError(`Unknown permission rule '${condition.rule}' for resource type ${resourceType}; known rules: ${known.join(", ") || "none"}`);
    }
    return rule;
  }

  return {
    /** Every registered permission, in registration order. */
    permissions: [...permissions.values()] as readonly Permission[],
    resourceTypes: [...types.values()] as readonly PermissionResourceType<unknown>[],
    /** The permission with this name, or undefined when none is registered. */
    getPermission: (name: string): Permission | undefined => permissions.get(name),
    /** The registration of a resource type, or undefined when it has no rules. */
    resourceType: (resourceType: string): PermissionResourceType<unknown> | undefined => types.get(resourceType),
    rulesOf,
    findRule,
    ruleFor,
    /** Whether conditions on `resourceType` hold for one resource of that type. */
    applyConditions(resourceType: string, conditions: PermissionCriteria<PermissionCondition>, resource: unknown): boolean {
      return evaluateCriteria(conditions, (condition) => ruleFor(resourceType, condition).apply(resource, condition.params));
    },
    /** One resource named for explanations. */
    describeResource(resourceType: string, resource: unknown): string {
      return types.get(resourceType)?.describe(resource) ?? `a ${resourceType}`;
    },
  };
}
