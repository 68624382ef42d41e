import { z } from "zod";
import { InputError } from "~/lib/errors";
import type { PermissionCondition, PermissionRuleParams } from "./criteria";

// A permission rule, as Backstage's plugin-permission-node defines one
// (createPermissionRule): a name, the resource type it reads, a params schema,
// `apply` to decide one resource already loaded and `toQuery` to turn the same
// condition into the owning area's query language. Each area defines its
// rules beside its resources and registers them in ./known-permissions.ts.
//
// Params come from config and from the wire, so unlike Backstage's, these
// `apply` and `toQuery` take params as given and validate them first: a rule
// never sees params its schema refuses.

export type PermissionRule<TResource = unknown, TQuery = unknown, TParams = unknown, TResourceType extends string = string> = {
  name: string;
  description: string;
  resourceType: TResourceType;
  paramsSchema: z.ZodType<TParams>;
  /** Checks params from config or the wire; an InputError names what is wrong. */
  validate(params: unknown): TParams;
  /** Whether the rule holds for one resource. Validates params first. */
  apply(resource: TResource, params: unknown): boolean;
  /** The same condition in the area's query language. Validates params first. */
  toQuery(params: unknown): TQuery;
};

export type PermissionRuleDefinition<TResource, TQuery, TParams, TResourceType extends string> = {
  name: string;
  description: string;
  resourceType: TResourceType;
  paramsSchema: z.ZodType<TParams>;
  apply(resource: TResource, params: TParams): boolean;
  toQuery(params: TParams): TQuery;
};

export function createPermissionRule<TResource, TQuery, TParams, TResourceType extends string>(
  definition: PermissionRuleDefinition<TResource, TQuery, TParams, TResourceType>,
): PermissionRule<TResource, TQuery, TParams, TResourceType> {
  const validate = (params: unknown): TParams => {
    const parsed = definition.paramsSchema.safeParse(params ?? {});
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
    throw new InputError(`Invalid params for rule ${definition.name}: ${problems.join("; ")}`);
  };
  return {
    name: definition.name,
    description: definition.description,
    resourceType: definition.resourceType,
    paramsSchema: definition.paramsSchema,
    validate,
    apply: (resource, params) => definition.apply(resource, validate(params)),
    toQuery: (params) => definition.toQuery(validate(params)),
  };
}

/** Backstage's condition factory: a rule and params as a condition of a conditional decision. */
export function createCondition<TParams extends PermissionRuleParams>(rule: Pick<PermissionRule, "name" | "resourceType">, params: TParams): PermissionCondition {
  return { rule: rule.name, resourceType: rule.resourceType, params };
}

/** Rules as Backstage's permission metadata endpoint lists them, params as JSON Schema. */
export function describeRules(rules: readonly PermissionRule[]) {
  return rules.map((rule) => ({
    name: rule.name,
    description: rule.description,
    resourceType: rule.resourceType,
    paramsSchema: z.toJSONSchema(rule.paramsSchema),
  }));
}
