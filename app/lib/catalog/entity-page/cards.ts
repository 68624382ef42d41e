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
  RELATION_OWNER_OF,
  RELATION_PARENT_OF,
  RELATION_PROVIDES_API,
} from "../entity";
import type { EntityCondition } from "./conditions";

// The cards an entity page tab can hold. The fixed ones (about, links,
// labels, techdocs, apiDefinition, kubernetes (the whole Kubernetes tab), and the org plugin's userProfile,
// groupProfile, membersList and ownership) have their own components; every relations card is one
// table of the entity's relations of a type, optionally to some kinds only,
// so a layout can also declare its own ({ relations, kind, title }).

export const FIXED_CARDS = ["about", "links", "labels", "techdocs", "catalogGraph", "apiDefinition", "userProfile", "groupProfile", "membersList", "ownership", "kubernetes"] as const;
export type FixedCardName = (typeof FIXED_CARDS)[number];

export type RelationsCardDefinition = { relation: string; kinds?: readonly string[] };

/** The built-in relations cards of Backstage's app template, by name; their titles are messages (entityPage.cards.<name>). */
export const RELATION_CARDS = {
  subcomponents: { relation: RELATION_HAS_PART, kinds: ["Component"] },
  providedApis: { relation: RELATION_PROVIDES_API, kinds: ["API"] },
  consumedApis: { relation: RELATION_CONSUMES_API, kinds: ["API"] },
  providers: { relation: RELATION_API_PROVIDED_BY },
  consumers: { relation: RELATION_API_CONSUMED_BY },
  dependsOnComponents: { relation: RELATION_DEPENDS_ON, kinds: ["Component"] },
  dependsOnResources: { relation: RELATION_DEPENDS_ON, kinds: ["Resource"] },
  dependencyOf: { relation: RELATION_DEPENDENCY_OF },
  members: { relation: RELATION_HAS_MEMBER, kinds: ["User"] },
  memberOf: { relation: RELATION_MEMBER_OF, kinds: ["Group"] },
  parentGroup: { relation: RELATION_CHILD_OF, kinds: ["Group"] },
  childGroups: { relation: RELATION_PARENT_OF, kinds: ["Group"] },
  ownedEntities: { relation: RELATION_OWNER_OF },
  systems: { relation: RELATION_HAS_PART, kinds: ["System"] },
  components: { relation: RELATION_HAS_PART, kinds: ["Component"] },
  apis: { relation: RELATION_HAS_PART, kinds: ["API"] },
  resources: { relation: RELATION_HAS_PART, kinds: ["Resource"] },
} as const satisfies Record<string, RelationsCardDefinition>;
export type RelationCardName = keyof typeof RELATION_CARDS;

export const BUILT_IN_CARDS = [...FIXED_CARDS, ...(Object.keys(RELATION_CARDS) as RelationCardName[])] as const;
export type BuiltInCardName = FixedCardName | RelationCardName;

/** A card as the page renders it, after the config's shorthand forms are normalised. */
export type CardConfig = { card: FixedCardName; if?: EntityCondition } | { card: "relations"; name?: RelationCardName; relation: string; kinds?: string[]; title?: string; if?: EntityCondition };

export function isRelationCardName(name: string): name is RelationCardName {
  return Object.hasOwn(RELATION_CARDS, name);
}

/** The relation targets a relations card lists, in the entity's order, without duplicates. */
export function relationTargets(relations: ReadonlyArray<{ type: string; targetRef: string }> | undefined, card: { relation: string; kinds?: string[] }): string[] {
  const kinds = card.kinds?.map((kind) => `${kind.toLocaleLowerCase("en-US")}:`);
  const targets = (relations ?? [])
    .filter((relation) => relation.type === card.relation)
    .map((relation) => relation.targetRef)
    .filter((ref) => !kinds || kinds.some((prefix) => ref.toLocaleLowerCase("en-US").startsWith(prefix)));
  return [...new Set(targets)];
}
