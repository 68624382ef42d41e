// Decisions and the condition trees inside conditional ones, in the wire
// shapes of Backstage's plugin-permission-common: a condition names a rule of
// the plugin that owns the resource type, with its params; criteria combine
// conditions with allOf, anyOf and not.

export type JsonPrimitive = string | number | boolean | null;
export type PermissionRuleParam = undefined | JsonPrimitive | JsonPrimitive[];
export type PermissionRuleParams = undefined | Record<string, PermissionRuleParam>;

export type PermissionCondition = {
  resourceType: string;
  rule: string;
  params?: PermissionRuleParams;
};

export type AllOfCriteria<T> = { allOf: PermissionCriteria<T>[] };
export type AnyOfCriteria<T> = { anyOf: PermissionCriteria<T>[] };
export type NotCriteria<T> = { not: PermissionCriteria<T> };
export type PermissionCriteria<T> = AllOfCriteria<T> | AnyOfCriteria<T> | NotCriteria<T> | T;

export const AuthorizeResult = { ALLOW: "ALLOW", DENY: "DENY", CONDITIONAL: "CONDITIONAL" } as const;
export type AuthorizeResult = (typeof AuthorizeResult)[keyof typeof AuthorizeResult];

export type DefinitivePolicyDecision = { result: "ALLOW" | "DENY" };
export type ConditionalPolicyDecision = {
  result: "CONDITIONAL";
  pluginId: string;
  resourceType: string;
  conditions: PermissionCriteria<PermissionCondition>;
};
export type PolicyDecision = DefinitivePolicyDecision | ConditionalPolicyDecision;

export function isAllOf<T>(criteria: PermissionCriteria<T>): criteria is AllOfCriteria<T> {
  return typeof criteria === "object" && criteria !== null && Array.isArray((criteria as { allOf?: unknown }).allOf);
}
export function isAnyOf<T>(criteria: PermissionCriteria<T>): criteria is AnyOfCriteria<T> {
  return typeof criteria === "object" && criteria !== null && Array.isArray((criteria as { anyOf?: unknown }).anyOf);
}
export function isNot<T>(criteria: PermissionCriteria<T>): criteria is NotCriteria<T> {
  return typeof criteria === "object" && criteria !== null && "not" in criteria;
}

/** Rebuilds a criteria tree with every leaf condition mapped. */
export function mapCriteria<A, B>(criteria: PermissionCriteria<A>, leaf: (condition: A) => PermissionCriteria<B>): PermissionCriteria<B> {
  if (isAnyOf(criteria)) return { anyOf: criteria.anyOf.map((child) => mapCriteria(child, leaf)) };
  if (isAllOf(criteria)) return { allOf: criteria.allOf.map((child) => mapCriteria(child, leaf)) };
  if (isNot(criteria)) return { not: mapCriteria(criteria.not, leaf) };
  return leaf(criteria as A);
}

/** Evaluates a criteria tree; an empty anyOf holds for nothing and an empty allOf for everything. */
export function evaluateCriteria<T>(criteria: PermissionCriteria<T>, holds: (condition: T) => boolean): boolean {
  if (isAnyOf(criteria)) return criteria.anyOf.some((child) => evaluateCriteria(child, holds));
  if (isAllOf(criteria)) return criteria.allOf.every((child) => evaluateCriteria(child, holds));
  if (isNot(criteria)) return !evaluateCriteria(criteria.not, holds);
  return holds(criteria as T);
}
