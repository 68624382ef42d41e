// Relations derived from spec fields, both directions of each, as Backstage's
// BuiltinKindsEntityProcessor (and ScaffolderEntitiesProcessor for Template)
// emit them. The field lists follow the relationFields that
// @backstage/catalog-model 1.10 declares per kind, which add Component's
// dependencyOf and Domain's subdomainOf to the processor's older list.

import { InputError } from "~/lib/errors";
import {
  RELATION_API_CONSUMED_BY,
  RELATION_API_PROVIDED_BY,
  RELATION_CHILD_OF,
  RELATION_CONSUMES_API,
  RELATION_DEPENDENCY_OF,
  RELATION_DEPENDS_ON,
  RELATION_HAS_MEMBER,
  RELATION_HAS_PART,
  RELATION_MEMBER_OF,
  RELATION_OWNED_BY,
  RELATION_OWNER_OF,
  RELATION_PARENT_OF,
  RELATION_PART_OF,
  RELATION_PROVIDES_API,
} from "./entity";
import type { Entity } from "./entity";
import { getCompoundEntityRef, parseEntityRef } from "./entity-ref";
import type { CompoundEntityRef } from "./entity-ref";

export type DerivedEntityRelation = { source: CompoundEntityRef; type: string; target: CompoundEntityRef };

type RelationField = {
  field: string;
  // Without a default kind (dependsOn, dependencyOf) a ref must name its kind.
  defaultKind?: string;
  // `forward` goes from this entity to the target, `reverse` back.
  forward: string;
  reverse: string;
};

const owner: RelationField = { field: "owner", defaultKind: "Group", forward: RELATION_OWNED_BY, reverse: RELATION_OWNER_OF };
const system: RelationField = { field: "system", defaultKind: "System", forward: RELATION_PART_OF, reverse: RELATION_HAS_PART };
const dependsOn: RelationField = { field: "dependsOn", forward: RELATION_DEPENDS_ON, reverse: RELATION_DEPENDENCY_OF };
const dependencyOf: RelationField = { field: "dependencyOf", forward: RELATION_DEPENDENCY_OF, reverse: RELATION_DEPENDS_ON };

const FIELDS_BY_KIND: Record<string, RelationField[]> = {
  Component: [
    owner,
    { field: "subcomponentOf", defaultKind: "Component", forward: RELATION_PART_OF, reverse: RELATION_HAS_PART },
    { field: "providesApis", defaultKind: "API", forward: RELATION_PROVIDES_API, reverse: RELATION_API_PROVIDED_BY },
    { field: "consumesApis", defaultKind: "API", forward: RELATION_CONSUMES_API, reverse: RELATION_API_CONSUMED_BY },
    dependsOn,
    dependencyOf,
    system,
  ],
  API: [owner, system],
  Resource: [owner, dependsOn, dependencyOf, system],
  System: [owner, { field: "domain", defaultKind: "Domain", forward: RELATION_PART_OF, reverse: RELATION_HAS_PART }],
  Domain: [owner, { field: "subdomainOf", defaultKind: "Domain", forward: RELATION_PART_OF, reverse: RELATION_HAS_PART }],
  User: [{ field: "memberOf", defaultKind: "Group", forward: RELATION_MEMBER_OF, reverse: RELATION_HAS_MEMBER }],
  Group: [
    { field: "parent", defaultKind: "Group", forward: RELATION_CHILD_OF, reverse: RELATION_PARENT_OF },
    { field: "children", defaultKind: "Group", forward: RELATION_PARENT_OF, reverse: RELATION_CHILD_OF },
    { field: "members", defaultKind: "User", forward: RELATION_HAS_MEMBER, reverse: RELATION_MEMBER_OF },
  ],
};

// The scaffolder only claims Templates of its own apiVersion.
const TEMPLATE_API_VERSION = "scaffolder.backstage.io/v1beta3";

function fieldsOf(entity: Entity): RelationField[] {
  if (entity.kind === "Template") return entity.apiVersion === TEMPLATE_API_VERSION ? [owner] : [];
  return Object.hasOwn(FIELDS_BY_KIND, entity.kind) ? FIELDS_BY_KIND[entity.kind] : [];
}

/** A relation and its reverse: `source type target`, and `target reverseType source`. */
export type DerivedRelationPair = { source: CompoundEntityRef; type: string; reverseType: string; target: CompoundEntityRef };

/**
 * Every relation an entity's spec implies, from the entity to its target,
 * with the type of the reverse edge. Refs default to the field's kind and to
 * the entity's own namespace. Throws InputError naming the field when a ref
 * cannot be parsed.
 */
export function relationPairsOf(entity: Entity): DerivedRelationPair[] {
  const self = getCompoundEntityRef(entity);
  const pairs: DerivedRelationPair[] = [];
  for (const { field, defaultKind, forward, reverse } of fieldsOf(entity)) {
    const value = entity.spec?.[field];
    // Like Backstage, an absent or empty single value means "no relation".
    if (!value) continue;
    for (const item of [value].flat()) {
      let target: CompoundEntityRef;
      try {
        target = parseEntityRef(item as string, { defaultKind, defaultNamespace: self.namespace });
      } catch (error) {
        throw new InputError(`Invalid entity reference in spec.${field}: ${(error as Error).message}`);
      }
      pairs.push({ source: self, type: forward, reverseType: reverse, target });
    }
  }
  return pairs;
}

/** Every relation an entity's spec implies, as both edges of each pair (self → target, then target → self). */
export function relationsOf(entity: Entity): DerivedEntityRelation[] {
  return relationPairsOf(entity).flatMap(({ source, type, reverseType, target }) => [
    { source, type, target },
    { source: target, type: reverseType, target: source },
  ]);
}
