import { z } from "zod";
import type { Entity } from "../entity";

// When a layout, tab or card applies to an entity, as Backstage's isKind,
// isComponentType and isResourceType helpers decide it: every given field
// must match (kind and type compared in lower case, any of the listed values),
// and a listed annotation must be present.

const oneOrMany = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).transform((value) => (Array.isArray(value) ? value : [value]));

export const entityConditionSchema = z
  .object({
    kind: oneOrMany.optional(),
    type: oneOrMany.optional(),
    hasAnnotation: oneOrMany.optional(),
  })
  .strict();

export type EntityCondition = z.output<typeof entityConditionSchema>;

export function acceptsEntity(condition: EntityCondition | undefined, entity: Pick<Entity, "kind" | "spec" | "metadata">): boolean {
  if (!condition) return true;
  const lower = (value: string) => value.toLocaleLowerCase("en-US");
  if (condition.kind && !condition.kind.map(lower).includes(lower(entity.kind))) return false;
  if (condition.type) {
    const type = typeof entity.spec?.type === "string" ? lower(entity.spec.type) : undefined;
    if (!type || !condition.type.map(lower).includes(type)) return false;
  }
  if (condition.hasAnnotation) {
    const annotations = entity.metadata.annotations ?? {};
    if (!condition.hasAnnotation.every((name) => Boolean(annotations[name]))) return false;
  }
  return true;
}
