import { z } from "zod";
import { parseEntityRef, stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { ConfigError, formatConfigIssues } from "~/lib/config/errors";
import type { PermissionCriteria, PermissionRuleParam } from "./criteria";
import { ALL_PERMISSIONS, PERMISSIONS, getPermission } from "./known-permissions";
import { isResourcePermission, type ResourcePermission } from "./permissions";
import { configBoolean } from "../config/values";

// The declarative policy under `permission.policy`: roles with members and
// the permissions they grant, some under conditions. Backstage leaves policies
// to code; Atrium reads them from config so they can be shown and explained.
//
//   permission:
//     enabled: true
//     policy:
//       roles:
//         - name: owners
//           members: ['*']                    # '*' is anyone, guests included
//           permissions:
//             - permission: catalog.entity.delete
//               conditions: { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }
//             - permission: scaffolder.task.read
//               conditions: { rule: IS_TASK_OWNER, params: { createdBy: ['$userEntityRef'] } }
//
// A grant's conditions use the rules of its permission's resource type, as
// registered in ./known-permissions.ts.
//
// Without `permission.policy`, everyone may do everything, as with Backstage's
// allow-all policy module, which its app template installs by default.

export const PLACEHOLDER_OWNERSHIP_REFS = "$ownershipEntityRefs";
export const PLACEHOLDER_USER_REF = "$userEntityRef";
export const ANY_MEMBER = "*";
const MAX_CRITERIA_DEPTH = 10;

/** A condition as written in config: params may hold placeholders, resolved per caller. */
export type ConfigCondition = { rule: string; params?: Record<string, PermissionRuleParam> };
export type PermissionGrant = { permission: string; conditions?: PermissionCriteria<ConfigCondition> };
export type PolicyRole = { name: string; description?: string; members: string[]; permissions: PermissionGrant[] };

export const DEFAULT_ROLES: readonly PolicyRole[] = [
  {
    name: "default-allow-all",
    description: "Built in: permission.policy is not configured, so everyone may do everything",
    members: [ANY_MEMBER],
    permissions: [{ permission: "*" }],
  },
];

const member = z.string().transform((value, ctx) => {
  if (value === ANY_MEMBER) return value;
  try {
    return stringifyEntityRef(parseEntityRef(value));
  } catch {
    ctx.addIssue({ code: "custom", message: `'${value}' must be '*' or an entity ref with a kind, such as user:default/ada or group:default/team` });
    return z.NEVER;
  }
});

const grant = z
  .strictObject({
    permission: z.string().min(1, "must name a permission, a prefix such as 'catalog.*', or '*'"),
    conditions: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.conditions === undefined) {
      const problem = patternProblem(value.permission);
      if (problem) ctx.addIssue({ code: "custom", path: ["permission"], message: problem });
      return;
    }
    const target = conditionalTarget(value.permission);
    if (typeof target === "string") {
      ctx.addIssue({ code: "custom", path: ["permission"], message: target });
      return;
    }
    // The rules are checked against the permission's own resource type.
    for (const issue of criteriaProblems(value.conditions, [], target)) {
      ctx.addIssue({ code: "custom", path: ["conditions", ...issue.path], message: issue.message });
    }
  })
  .transform((value) => value as PermissionGrant);

const role = z.strictObject({
  name: z.string().min(1, "must not be empty"),
  description: z.string().optional(),
  members: z.array(member),
  permissions: z.array(grant),
});

const policy = z.strictObject({ roles: z.array(role) }).superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.roles.forEach((entry, index) => {
    if (seen.has(entry.name)) ctx.addIssue({ code: "custom", path: ["roles", index, "name"], message: `role '${entry.name}' is defined twice` });
    seen.add(entry.name);
  });
});

export const permissionConfigSchema = z
  .object({
    enabled: configBoolean.default(false),
    // Backstage's frontend option; read by the client, kept here so it is a known key.
    EXPERIMENTAL_enableBatchedRequests: configBoolean.default(false),
    policy: policy.optional(),
  })
  .transform(({ policy: configured, ...rest }) => ({
    ...rest,
    policy: { roles: configured?.roles ?? [...DEFAULT_ROLES], configured: configured !== undefined },
  }));

export type PermissionConfig = z.output<typeof permissionConfigSchema>;

/** Validates the `permission` key; a ConfigError lists every problem by key path. */
export function parsePermissionConfig(value: unknown): PermissionConfig {
  const result = permissionConfigSchema.safeParse(value ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ ...issue, path: ["permission", ...issue.path] }));
  throw new ConfigError(formatConfigIssues(issues));
}

/** Whether a grant's permission pattern covers a permission name: exact, '*', or a 'prefix.*'. */
export function patternMatches(pattern: string, name: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(".*")) return name.startsWith(pattern.slice(0, -1));
  return pattern === name;
}

function patternProblem(pattern: string): string | undefined {
  if (pattern !== "*" && pattern.slice(0, -1).includes("*")) {
    return `'${pattern}' may only use '*' alone or as a trailing '.*'`;
  }
  if (!ALL_PERMISSIONS.some((permission) => patternMatches(pattern, permission.name))) {
    return `'${pattern}' matches no known permission; known permissions: ${ALL_PERMISSIONS.map((p) => p.name).join(", ")}`;
  }
  return undefined;
}

/** The permissions conditions may be attached to: resource permissions of a resource type with rules. */
function conditionalPermissions(): string[] {
  return ALL_PERMISSIONS.filter((p) => isResourcePermission(p) && PERMISSIONS.rulesOf(p.resourceType).length > 0).map((p) => p.name);
}

/**
 * A conditional grant names one resource permission whose resource type has
 * rules; returns that permission, or the problem with the name.
 */
function conditionalTarget(name: string): ResourcePermission | string {
  const permission = getPermission(name);
  if (permission && isResourcePermission(permission) && PERMISSIONS.rulesOf(permission.resourceType).length > 0) return permission;
  const what = !permission
    ? `'${name}' is not a single known permission`
    : isResourcePermission(permission)
      ? `${name} is a resource permission of ${permission.resourceType}, which has no rules`
      : `${name} is a basic permission`;
  return `${what}, so it cannot have conditions; conditions apply to ${conditionalPermissions().join(", ")}`;
}

type Problem = { path: PropertyKey[]; message: string };
const CRITERIA_SHAPE = "must be a condition {rule, params} or {anyOf: [...]}, {allOf: [...]} or {not: ...}";

/** Every problem in a criteria tree from config, each at its own path. */
export function criteriaProblems(value: unknown, path: PropertyKey[], permission: ResourcePermission, depth = 0): Problem[] {
  if (depth > MAX_CRITERIA_DEPTH) return [{ path, message: `conditions are nested too deeply, at most ${MAX_CRITERIA_DEPTH} levels` }];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [{ path, message: CRITERIA_SHAPE }];
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  for (const operator of ["anyOf", "allOf"]) {
    if (!(operator in record)) continue;
    if (keys.length !== 1) return [{ path, message: `${operator} must be the only key` }];
    const children = record[operator];
    if (!Array.isArray(children) || children.length === 0) return [{ path: [...path, operator], message: "must be a non-empty list of conditions" }];
    return children.flatMap((child, index) => criteriaProblems(child, [...path, operator, index], permission, depth + 1));
  }
  if ("not" in record) {
    if (keys.length !== 1) return [{ path, message: "not must be the only key" }];
    return criteriaProblems(record.not, [...path, "not"], permission, depth + 1);
  }
  if (!("rule" in record)) return [{ path, message: CRITERIA_SHAPE }];
  return conditionProblems(record, path, permission);
}

function conditionProblems(record: Record<string, unknown>, path: PropertyKey[], permission: ResourcePermission): Problem[] {
  const extra = Object.keys(record).filter((key) => !["rule", "params", "resourceType"].includes(key));
  if (extra.length) return [{ path, message: `unknown key${extra.length > 1 ? "s" : ""} ${extra.join(", ")} in a condition` }];
  const { resourceType } = permission;
  if (record.resourceType !== undefined && record.resourceType !== resourceType) {
    return [{ path: [...path, "resourceType"], message: `must be ${resourceType}, the resource type of ${permission.name}` }];
  }
  const rule = typeof record.rule === "string" ? PERMISSIONS.findRule(resourceType, record.rule) : undefined;
  if (!rule) {
    const known = `known rules for ${resourceType}: ${PERMISSIONS.rulesOf(resourceType)
      .map((r) => r.name)
      .join(", ")}`;
    const owner = PERMISSIONS.resourceTypes.find((type) => type.rules.some((r) => r.name === record.rule));
    const message = owner
      ? `rule '${String(record.rule)}' is a rule of ${owner.resourceType}, but ${permission.name} is checked against ${resourceType}; ${known}`
      : `unknown rule '${String(record.rule)}'; ${known}`;
    return [{ path: [...path, "rule"], message }];
  }
  const params = record.params ?? {};
  if (typeof params !== "object" || params === null || Array.isArray(params)) return [{ path: [...path, "params"], message: "must be a mapping" }];
  const problems = placeholderProblems(params as Record<string, unknown>, [...path, "params"]);
  if (problems.length) return problems;
  // Placeholders stand for an identity's refs: check the params as one caller would send them.
  const sample = resolvePlaceholders(params as Record<string, PermissionRuleParam>, {
    userEntityRef: "user:default/sample",
    ownershipEntityRefs: ["user:default/sample"],
  });
  try {
    rule.validate(sample);
    return [];
  } catch (error) {
    return [{ path: [...path, "params"], message: (error as Error).message }];
  }
}

const PLACEHOLDER_LIKE = /^\$[A-Za-z]\w*$/;

function placeholderProblems(params: Record<string, unknown>, path: PropertyKey[]): Problem[] {
  const known = [PLACEHOLDER_OWNERSHIP_REFS, PLACEHOLDER_USER_REF];
  return Object.entries(params).flatMap(([key, value]): Problem[] => {
    const items = Array.isArray(value) ? value : [value];
    const unknown = items.find((item) => typeof item === "string" && PLACEHOLDER_LIKE.test(item) && !known.includes(item));
    if (unknown !== undefined) return [{ path: [...path, key], message: `unknown placeholder '${unknown}'; use ${known.join(" or ")}` }];
    if (value === PLACEHOLDER_OWNERSHIP_REFS) {
      return [{ path: [...path, key], message: `${PLACEHOLDER_OWNERSHIP_REFS} is a list of refs; use it inside a list, as [${PLACEHOLDER_OWNERSHIP_REFS}]` }];
    }
    return [];
  });
}

export type PermissionIdentity = { userEntityRef: string; ownershipEntityRefs: string[] };

/** Thrown inside resolution: a param needs a signed-in user and there is none. */
export const NEEDS_USER = Symbol("needs a signed-in user");

/**
 * Replaces placeholders with the caller's refs: inside a list they expand to
 * the refs (none for a guest); a whole-value $userEntityRef is the user's ref,
 * and for a guest the result is NEEDS_USER, as nothing could match it.
 */
export function resolvePlaceholders(params: Record<string, PermissionRuleParam> | undefined, identity: PermissionIdentity | undefined): Record<string, PermissionRuleParam> | typeof NEEDS_USER {
  const resolved: Record<string, PermissionRuleParam> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      resolved[key] = value.flatMap((item) => {
        if (item === PLACEHOLDER_OWNERSHIP_REFS) return identity?.ownershipEntityRefs ?? [];
        if (item === PLACEHOLDER_USER_REF) return identity ? [identity.userEntityRef] : [];
        return [item];
      });
    } else if (value === PLACEHOLDER_USER_REF) {
      if (!identity) return NEEDS_USER;
      resolved[key] = identity.userEntityRef;
    } else {
      resolved[key] = value;
    }
  }
  return resolved;
}
