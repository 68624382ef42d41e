import { z } from "zod";
import type { Entity } from "~/lib/catalog/entity";
import type { FilterPredicate } from "~/lib/catalog/query/predicate";
import { InputError } from "~/lib/errors";
import { entityMatchesFilter } from "./entity-filter";
import { RESOURCE_TYPE_CATALOG_ENTITY } from "./permissions";

// The catalog's permission rules, named and parameterised as Backstage's
// catalog-backend names them, so conditions written for Backstage mean the
// same here. Each rule is defined once, as a catalog filter (toQuery); its
// in-memory form (apply) evaluates that filter with the catalog's own
// matching, so a single-entity check always agrees with a filtered query.
// Backstage's apply functions differ slightly from their queries (exact case,
// truthiness); we follow the query, which is what lists and counts show.

export type CatalogPermissionRule<TParams = unknown> = {
  name: string;
  description: string;
  resourceType: typeof RESOURCE_TYPE_CATALOG_ENTITY;
  paramsSchema: z.ZodType<TParams>;
  /** Checks params from config or the wire; InputError names what is wrong. */
  validate(params: unknown): TParams;
  /** Whether the rule holds for one entity. Validates params first. */
  apply(entity: Entity, params: unknown): boolean;
  /** The same condition as a catalog filter. Validates params first. */
  toQuery(params: unknown): FilterPredicate;
};

function defineRule<TParams>(definition: {
  name: string;
  description: string;
  paramsSchema: z.ZodType<TParams>;
  toQuery(params: TParams): FilterPredicate;
}): CatalogPermissionRule<TParams> {
  const validate = (params: unknown): TParams => {
    const parsed = definition.paramsSchema.safeParse(params ?? {});
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
    throw new InputError(`Invalid params for rule ${definition.name}: ${problems.join("; ")}`);
  };
  return {
    name: definition.name,
    description: definition.description,
    resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
    paramsSchema: definition.paramsSchema,
    validate,
    apply: (entity, params) => entityMatchesFilter(entity, definition.toQuery(validate(params))),
    toQuery: (params) => definition.toQuery(validate(params)),
  };
}

const text = (what: string) => z.string({ error: `${what} must be a string` }).min(1, `${what} must not be empty`);
const optionalValue = z.string({ error: "value must be a string" }).optional().describe("Value to match on");

export const isEntityOwner = defineRule({
  name: "IS_ENTITY_OWNER",
  description: "Allow entities owned by a specified claim",
  paramsSchema: z.strictObject({
    // Empty is allowed: a guest's ownership refs resolve to none, and then the rule holds for nothing.
    claims: z.array(z.string({ error: "claims must be entity refs" }), { error: "claims must be a list of entity refs" }).describe(
      "List of claims to match at least one on within ownedBy",
    ),
  }),
  toQuery: ({ claims }) => ({ "relations.ownedBy": { $in: claims } }),
});

export const isEntityKind = defineRule({
  name: "IS_ENTITY_KIND",
  description: "Allow entities matching a specified kind",
  paramsSchema: z.strictObject({
    kinds: z
      .array(text("each kind"), { error: "kinds must be a list of kinds" })
      .min(1, "kinds must list at least one kind")
      .describe("List of kinds to match at least one of"),
  }),
  toQuery: ({ kinds }) => ({ kind: { $in: kinds.map((kind) => kind.toLocaleLowerCase("en-US")) } }),
});

export const hasAnnotation = defineRule({
  name: "HAS_ANNOTATION",
  description: "Allow entities with the specified annotation",
  paramsSchema: z.strictObject({
    annotation: text("annotation").describe("Name of the annotation to match on"),
    value: optionalValue,
  }),
  toQuery: ({ annotation, value }) => ({ [`metadata.annotations.${annotation}`]: value === undefined ? { $exists: true } : value }),
});

export const hasLabel = defineRule({
  name: "HAS_LABEL",
  description: "Allow entities with the specified label",
  paramsSchema: z.strictObject({ label: text("label").describe("Name of the label to match on") }),
  toQuery: ({ label }) => ({ [`metadata.labels.${label}`]: { $exists: true } }),
});

function propertyRule(property: "metadata" | "spec") {
  return defineRule({
    name: `HAS_${property.toUpperCase()}`,
    description: `Allow entities with the specified ${property} subfield`,
    paramsSchema: z.strictObject({
      key: text("key").describe(`Property within the entities ${property} to match on`),
      value: optionalValue,
    }),
    toQuery: ({ key, value }) => ({ [`${property}.${key}`]: value === undefined ? { $exists: true } : value }),
  });
}

export const hasMetadata = propertyRule("metadata");
export const hasSpec = propertyRule("spec");

export const CATALOG_PERMISSION_RULES: readonly CatalogPermissionRule[] = [
  isEntityOwner,
  isEntityKind,
  hasAnnotation,
  hasLabel,
  hasMetadata,
  hasSpec,
] as CatalogPermissionRule[];

const BY_NAME = new Map(CATALOG_PERMISSION_RULES.map((rule) => [rule.name, rule]));

export function findCatalogRule(name: string): CatalogPermissionRule | undefined {
  return BY_NAME.get(name);
}

export function getCatalogRule(name: string): CatalogPermissionRule {
  const rule = BY_NAME.get(name);
  if (!rule) {
    throw new InputError(`Unknown permission rule '${name}' for resource type ${RESOURCE_TYPE_CATALOG_ENTITY}; known rules: ${[...BY_NAME.keys()].join(", ")}`);
  }
  return rule;
}

/** The rules as Backstage's permission metadata endpoint lists them, params as JSON Schema. */
export function describeCatalogRules() {
  return CATALOG_PERMISSION_RULES.map((rule) => ({
    name: rule.name,
    description: rule.description,
    resourceType: rule.resourceType,
    paramsSchema: z.toJSONSchema(rule.paramsSchema),
  }));
}
