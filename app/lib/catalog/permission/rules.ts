import { z } from "zod";
import type { Entity } from "~/lib/catalog/entity";
import type { FilterPredicate } from "~/lib/catalog/query/predicate";
import { stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { InputError } from "~/lib/errors";
import type { PermissionResourceType } from "~/lib/permission/registry";
import { createPermissionRule, describeRules, type PermissionRule } from "~/lib/permission/rules";
import { entityMatchesFilter } from "./entity-filter";
import { CATALOG_PLUGIN_ID, RESOURCE_TYPE_CATALOG_ENTITY } from "./permissions";

// The catalog's permission rules, named and parameterised as Backstage's
// catalog-backend names them, so conditions written for Backstage mean the
// same here. They are registered with the permission core as the rules of
// catalog-entity (app/lib/permission/known-permissions.ts). Each rule is
// defined once, as a catalog filter (toQuery); its in-memory form (apply) evaluates that filter with the catalog's own
// matching, so a single-entity check always agrees with a filtered query.
// Backstage's apply functions differ slightly from their queries (exact case,
// truthiness); we follow the query, which is what lists and counts show.

export type CatalogPermissionRule<TParams = unknown> = PermissionRule<Entity, FilterPredicate, TParams, typeof RESOURCE_TYPE_CATALOG_ENTITY>;

function defineRule<TParams>(definition: { name: string; description: string; paramsSchema: z.ZodType<TParams>; toQuery(params: TParams): FilterPredicate }): CatalogPermissionRule<TParams> {
  return createPermissionRule({
    ...definition,
    resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
    apply: (entity: Entity, params: TParams) => entityMatchesFilter(entity, definition.toQuery(params)),
  });
}

const text = (what: string) => z.string({ error: `${what} must be a string` }).min(1, `${what} must not be empty`);
const optionalValue = z.string({ error: "value must be a string" }).optional().describe("Value to match on");

export const isEntityOwner = defineRule({
  name: "IS_ENTITY_OWNER",
  description: "Allow entities owned by a specified claim",
  paramsSchema: z.strictObject({
    // Empty is allowed: a guest's ownership refs resolve to none, and then the rule holds for nothing.
    claims: z.array(z.string({ error: "claims must be entity refs" }), { error: "claims must be a list of entity refs" }).describe("List of claims to match at least one on within ownedBy"),
  }),
  toQuery: ({ claims }) => ({ "relations.ownedBy": { $in: claims } }),
});

export const isEntityKind = defineRule({
  name: "IS_ENTITY_KIND",
  description: "Allow entities matching a specified kind",
  paramsSchema: z.strictObject({
    kinds: z.array(text("each kind"), { error: "kinds must be a list of kinds" }).min(1, "kinds must list at least one kind").describe("List of kinds to match at least one of"),
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

export const CATALOG_PERMISSION_RULES: readonly CatalogPermissionRule[] = [isEntityOwner, isEntityKind, hasAnnotation, hasLabel, hasMetadata, hasSpec] as CatalogPermissionRule[];

/** catalog-entity, as the permission core knows it: its plugin, rules, and how an entity is named. */
export const catalogEntityResourceType: PermissionResourceType<Entity> = {
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
  pluginId: CATALOG_PLUGIN_ID,
  rules: CATALOG_PERMISSION_RULES,
  matchNothing: { resourceType: RESOURCE_TYPE_CATALOG_ENTITY, rule: isEntityOwner.name, params: { claims: [] } },
  describe: (entity) => stringifyEntityRef(entity),
};

/** The catalog rule a condition names; an InputError says why there is none. */
export function getCatalogRule(name: string): CatalogPermissionRule {
  const rule = CATALOG_PERMISSION_RULES.find((candidate) => candidate.name === name);
  if (!rule) {
    const known = CATALOG_PERMISSION_RULES.map((candidate) => candidate.name).join(", ");
    throw new InputError(`Unknown permission rule '${name}' for resource type ${RESOURCE_TYPE_CATALOG_ENTITY}; known rules: ${known}`);
  }
  return rule;
}

/** The rules as Backstage's permission metadata endpoint lists them, params as JSON Schema. */
export function describeCatalogRules() {
  return describeRules(CATALOG_PERMISSION_RULES);
}
