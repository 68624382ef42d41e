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
} from "../entity";

/**
 * Backstage's ALL_RELATION_PAIRS: each relation with its opposite, the first
 * of a pair the primary one. Merged edges read in the primary's direction.
 */
export const ALL_RELATION_PAIRS: ReadonlyArray<readonly [string, string]> = [
  [RELATION_OWNER_OF, RELATION_OWNED_BY],
  [RELATION_CONSUMES_API, RELATION_API_CONSUMED_BY],
  [RELATION_API_PROVIDED_BY, RELATION_PROVIDES_API],
  [RELATION_HAS_PART, RELATION_PART_OF],
  [RELATION_PARENT_OF, RELATION_CHILD_OF],
  [RELATION_HAS_MEMBER, RELATION_MEMBER_OF],
  [RELATION_DEPENDS_ON, RELATION_DEPENDENCY_OF],
];

/** Every relation type the filter panel offers, in the pairs' order. */
export const ALL_RELATIONS: readonly string[] = ALL_RELATION_PAIRS.flat();

/** The pair a relation belongs to; a relation of no known pair stands alone. */
export function relationPair(type: string): readonly string[] {
  return ALL_RELATION_PAIRS.find(([primary, secondary]) => primary === type || secondary === type) ?? [type];
}
