import { ANNOTATION_EDIT_URL, ANNOTATION_LOCATION, ANNOTATION_SOURCE_LOCATION, ANNOTATION_VIEW_URL, DEFAULT_NAMESPACE, RELATION_OWNED_BY, RELATION_PART_OF, type Entity } from "../entity";
import { stringifyEntityRef } from "../entity-ref";
import { entityProfile } from "../profile";

// What the entity page's header and About card say about an entity, worked
// out from the entity alone (no reads): isomorphic, so it is tested directly.

/** Backstage's page themes the header can take. */
const TYPE_THEMES = ["service", "website", "library", "documentation", "tool", "app", "other"];

/** The page's title as Backstage presents an entity: a User's or Group's display name, else the title, else the name. */
export function headerTitle(entity: Entity): { title: string; namespace?: string } {
  const title = entityProfile(entity).displayName ?? (typeof entity.metadata.title === "string" && entity.metadata.title ? entity.metadata.title : entity.metadata.name);
  const namespace = entity.metadata.namespace ?? DEFAULT_NAMESPACE;
  return namespace === DEFAULT_NAMESPACE ? { title } : { title, namespace };
}

export function specType(entity: Entity): string | undefined {
  const type = entity.spec?.type;
  return typeof type === "string" && type ? type : undefined;
}

/** The header's type line: the kind, then ' — ' and the spec type in lower case. */
export function typeLine(entity: Entity): string {
  const type = specType(entity);
  return type ? `${entity.kind} — ${type.toLocaleLowerCase("en-US")}` : entity.kind;
}

/** The page theme follows the spec type (service, website, library, ...); APIs get theirs; anything else is 'other'. */
export function pageThemeOf(entity: Entity): string {
  const type = specType(entity)?.toLocaleLowerCase("en-US");
  if (type && TYPE_THEMES.includes(type)) return type;
  if (entity.kind.toLocaleLowerCase("en-US") === "api") return "apis";
  return type ? "other" : "app";
}

export function relationRefs(entity: Entity, type: string, kind?: string): string[] {
  const prefix = kind ? `${kind.toLocaleLowerCase("en-US")}:` : undefined;
  return [
    ...new Set(
      (entity.relations ?? []).filter((relation) => relation.type === type && (!prefix || relation.targetRef.toLocaleLowerCase("en-US").startsWith(prefix))).map((relation) => relation.targetRef),
    ),
  ];
}

export const ownerRefs = (entity: Entity) => relationRefs(entity, RELATION_OWNED_BY);

/** The first parent through the configured relation types, tried in their order (Backstage's parentEntityRelations). */
export function parentRef(entity: Pick<Entity, "relations">, relationTypes: readonly string[]): string | undefined {
  for (const type of relationTypes) {
    const found = entity.relations?.find((relation) => relation.type === type);
    if (found) return found.targetRef;
  }
  return undefined;
}

export type SourceLinks = { viewUrl?: string; editUrl?: string; missingLocation?: string };

/**
 * 'View Source' and 'Edit' as Backstage's About card finds them: view-url,
 * else the source-location (url: only), else the managed-by-location (url:
 * only); edit-url as given. An entity with neither location annotation is
 * 'missing location'; a file: location simply has nothing to link to.
 */
export function sourceLinks(entity: Entity): SourceLinks {
  const annotations = entity.metadata.annotations ?? {};
  const edit = annotations[ANNOTATION_EDIT_URL] || undefined;
  const location = annotations[ANNOTATION_SOURCE_LOCATION] || annotations[ANNOTATION_LOCATION];
  const sourceUrl = location?.startsWith("url:") ? location.slice("url:".length) : undefined;
  const viewUrl = annotations[ANNOTATION_VIEW_URL] || sourceUrl;
  if (!location && !viewUrl) return { editUrl: edit, missingLocation: stringifyEntityRef(entity) };
  return { viewUrl, editUrl: edit };
}

export type AboutFacts = {
  description?: string;
  owners: string[];
  system?: string;
  domain?: string;
  parentComponent?: string;
  type?: string;
  lifecycle?: string;
  tags: string[];
};

/** The About card's fields, relations taken from the stitched relations as Backstage does. */
export function aboutFacts(entity: Entity): AboutFacts {
  const partOf = (kind: string) => relationRefs(entity, RELATION_PART_OF, kind)[0];
  const lifecycle = entity.spec?.lifecycle;
  return {
    description: entity.metadata.description || undefined,
    owners: ownerRefs(entity),
    system: partOf("system"),
    domain: partOf("domain"),
    parentComponent: partOf("component"),
    type: specType(entity),
    lifecycle: typeof lifecycle === "string" ? lifecycle : undefined,
    tags: entity.metadata.tags ?? [],
  };
}
