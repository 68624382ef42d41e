import { describe, expect, it } from "vitest";
import type { Entity } from "~/lib/catalog/entity";
import type { FilterPredicate } from "~/lib/catalog/query/predicate";
import { InputError } from "~/lib/errors";
import { CATALOG_PERMISSION_RULES, describeCatalogRules, getCatalogRule, hasAnnotation, hasLabel, hasMetadata, hasSpec, isEntityKind, isEntityOwner } from "./rules";
import type { CatalogPermissionRule } from "./rules";
import { ada, ENTITIES, orphan, payments, paymentsApi } from "./test-fixtures";

type Case = [string, CatalogPermissionRule, Record<string, unknown>, Entity[]];

// For each rule and params: exactly the sample entities it holds for.
const CASES: Case[] = [
  ["owner by group", isEntityOwner, { claims: ["group:default/team-a"] }, [payments]],
  ["owner, refs compared case-insensitively", isEntityOwner, { claims: ["Group:Default/Team-A", "user:default/carol"] }, [payments, paymentsApi]],
  ["owner with no claims (a guest)", isEntityOwner, { claims: [] }, []],
  ["kind", isEntityKind, { kinds: ["component"] }, [payments, orphan]],
  ["kinds, any case", isEntityKind, { kinds: ["API", "user"] }, [paymentsApi, ada]],
  ["annotation present", hasAnnotation, { annotation: "backstage.io/techdocs-ref" }, [payments]],
  ["annotation with value", hasAnnotation, { annotation: "backstage.io/orphan", value: "true" }, [orphan]],
  ["annotation value compared case-insensitively", hasAnnotation, { annotation: "github.com/project-slug", value: "acme/payments" }, [payments]],
  ["annotation with another value", hasAnnotation, { annotation: "backstage.io/orphan", value: "false" }, []],
  ["label present, even empty", hasLabel, { label: "tier" }, [payments]],
  ["label on two kinds", hasLabel, { label: "open-refresh" }, [payments, ada]],
  ["metadata key", hasMetadata, { key: "description" }, [paymentsApi]],
  ["metadata list item", hasMetadata, { key: "tags", value: "java" }, [payments]],
  ["metadata namespace (defaulted)", hasMetadata, { key: "namespace", value: "default" }, [payments, paymentsApi, ada]],
  ["spec value", hasSpec, { key: "type", value: "service" }, [payments]],
  ["spec nested key", hasSpec, { key: "profile.email" }, [ada]],
  ["spec owner", hasSpec, { key: "owner", value: "user:default/carol" }, [paymentsApi]],
  // As in the catalog's filters, a key names a value, not an object of values.
  ["spec key of an object", hasSpec, { key: "profile" }, []],
];

describe("catalog permission rules", () => {
  it.each(CASES)("%s: apply holds for exactly the expected entities", (_, rule, params, expected) => {
    expect(ENTITIES.filter((entity) => rule.apply(entity, params))).toEqual(expected);
  });

  it.each(CASES)("%s: toQuery selects the same entities as apply", (_, rule, params, expected) => {
    const query = rule.toQuery(params);
    expect(ENTITIES.filter((entity) => tinyEvaluate(query, entity))).toEqual(expected);
  });

  it("turns params into the catalog's filter language", () => {
    expect(isEntityOwner.toQuery({ claims: ["user:default/ada", "group:default/team-a"] })).toEqual({
      "relations.ownedBy": { $in: ["user:default/ada", "group:default/team-a"] },
    });
    expect(isEntityKind.toQuery({ kinds: ["Component", "API"] })).toEqual({ kind: { $in: ["component", "api"] } });
    expect(hasAnnotation.toQuery({ annotation: "backstage.io/orphan", value: "true" })).toEqual({ "metadata.annotations.backstage.io/orphan": "true" });
    expect(hasAnnotation.toQuery({ annotation: "backstage.io/orphan" })).toEqual({ "metadata.annotations.backstage.io/orphan": { $exists: true } });
    expect(hasLabel.toQuery({ label: "tier" })).toEqual({ "metadata.labels.tier": { $exists: true } });
    expect(hasMetadata.toQuery({ key: "tags", value: "java" })).toEqual({ "metadata.tags": "java" });
    expect(hasSpec.toQuery({ key: "lifecycle" })).toEqual({ "spec.lifecycle": { $exists: true } });
  });

  it.each([
    [isEntityOwner, {}, "Invalid params for rule IS_ENTITY_OWNER: claims: claims must be a list of entity refs"],
    [isEntityOwner, { claims: "user:default/ada" }, "claims: claims must be a list of entity refs"],
    [isEntityOwner, { claims: [1] }, "claims.0: claims must be entity refs"],
    [isEntityKind, { kinds: [] }, "Invalid params for rule IS_ENTITY_KIND: kinds: kinds must list at least one kind"],
    [hasAnnotation, { annotation: "" }, "annotation: annotation must not be empty"],
    [hasAnnotation, { annotation: "a", value: 3 }, "value: value must be a string"],
    [hasLabel, { label: "tier", value: "x" }, 'Invalid params for rule HAS_LABEL: Unrecognized key: "value"'],
    [hasSpec, undefined, "Invalid params for rule HAS_SPEC: key: key must be a string"],
  ])("rejects bad params (%#)", (rule, params, message) => {
    expect(() => rule.validate(params)).toThrow(InputError);
    expect(() => rule.validate(params)).toThrow(message);
    expect(() => rule.apply(payments, params)).toThrow(InputError);
    expect(() => rule.toQuery(params)).toThrow(InputError);
  });

  it("finds rules by Backstage's names", () => {
    expect(CATALOG_PERMISSION_RULES.map((rule) => rule.name)).toEqual(["IS_ENTITY_OWNER", "IS_ENTITY_KIND", "HAS_ANNOTATION", "HAS_LABEL", "HAS_METADATA", "HAS_SPEC"]);
    expect(getCatalogRule("HAS_LABEL")).toBe(hasLabel);
    expect(() => getCatalogRule("IS_OWNER")).toThrow("Unknown permission rule 'IS_OWNER' for resource type catalog-entity");
  });

  it("describes the rules with JSON Schema params, as Backstage's metadata endpoint does", () => {
    const owner = describeCatalogRules().find((rule) => rule.name === "IS_ENTITY_OWNER")!;
    expect(owner).toMatchObject({ resourceType: "catalog-entity", description: "Allow entities owned by a specified claim" });
    expect(owner.paramsSchema).toMatchObject({ type: "object", required: ["claims"], properties: { claims: { type: "array" } } });
  });
});

/**
 * A deliberately small, separate reading of a filter: every leaf of the
 * entity under its lower-cased path (list items one by one), relations under
 * relations.<type>, values compared in lower case.
 */
function tinyEvaluate(predicate: FilterPredicate, entity: Entity): boolean {
  const leaves = new Map<string, string[]>();
  const add = (path: string, value: unknown) => leaves.set(path, [...(leaves.get(path) ?? []), String(value).toLowerCase()]);
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, path));
    else if (value && typeof value === "object") Object.entries(value).forEach(([key, child]) => walk(child, `${path}.${key.toLowerCase()}`));
    else add(path, value);
  };
  walk(entity.metadata, "metadata");
  walk(entity.spec, "spec");
  add("kind", entity.kind);
  if (!entity.metadata.namespace) add("metadata.namespace", "default");
  for (const relation of entity.relations ?? []) add(`relations.${relation.type.toLowerCase()}`, relation.targetRef);

  const node = predicate as Record<string, unknown>;
  if (Array.isArray(node.$all)) return node.$all.every((child) => tinyEvaluate(child, entity));
  if (Array.isArray(node.$any)) return node.$any.some((child) => tinyEvaluate(child, entity));
  if (node.$not) return !tinyEvaluate(node.$not as FilterPredicate, entity);
  return Object.entries(node).every(([field, condition]) => {
    const values = leaves.get(field.toLowerCase());
    if (condition && typeof condition === "object" && "$exists" in condition) return (values !== undefined) === condition.$exists;
    const wanted = condition && typeof condition === "object" && "$in" in condition ? (condition.$in as unknown[]) : [condition];
    return wanted.some((value) => values?.includes(String(value).toLowerCase()));
  });
}
