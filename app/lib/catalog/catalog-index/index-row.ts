import { ANNOTATION_EDIT_URL, DEFAULT_NAMESPACE, RELATION_OWNED_BY, RELATION_PART_OF, type Entity } from "../entity";
import { stringifyEntityRef } from "../entity-ref";
import { isExternalUrl } from "../../links";

// One row of the catalog table, as little as the page needs to send: the
// browser gets these, never whole entities.

export type IndexRow = {
  entityRef: string;
  namespace: string;
  /** The entity's title for labels (the star's), as presented. */
  title: string;
  description?: string;
  tags: string[];
  type?: string;
  lifecycle?: string;
  /** Owners and systems as relations say, as Backstage's catalog table shows them. */
  ownerRefs: string[];
  systemRefs: string[];
  /** A Location's spec.target and spec.targets. */
  targets: string[];
  /** The edit-url annotation, when it is an http(s) URL. */
  editUrl?: string;
  starred: boolean;
};

export function toIndexRow(entity: Entity, starred: boolean): IndexRow {
  const relations = entity.relations ?? [];
  const targets = (type: string, kind?: string) => relations.filter((relation) => relation.type === type && (!kind || relation.targetRef.startsWith(`${kind}:`))).map((relation) => relation.targetRef);
  const spec = entity.spec ?? {};
  const editUrl = entity.metadata.annotations?.[ANNOTATION_EDIT_URL];
  const profile = spec.profile as { displayName?: unknown } | undefined;
  const title = [profile?.displayName, entity.metadata.title].find((value): value is string => typeof value === "string" && value !== "") ?? entity.metadata.name;
  return {
    entityRef: stringifyEntityRef(entity),
    namespace: entity.metadata.namespace ?? DEFAULT_NAMESPACE,
    title,
    description: typeof entity.metadata.description === "string" ? entity.metadata.description : undefined,
    tags: Array.isArray(entity.metadata.tags) ? entity.metadata.tags.filter((tag): tag is string => typeof tag === "string") : [],
    type: typeof spec.type === "string" ? spec.type : undefined,
    lifecycle: typeof spec.lifecycle === "string" ? spec.lifecycle : undefined,
    ownerRefs: targets(RELATION_OWNED_BY),
    systemRefs: targets(RELATION_PART_OF, "system"),
    targets: [spec.target, ...(Array.isArray(spec.targets) ? spec.targets : [])].filter((target): target is string => typeof target === "string" && target !== ""),
    editUrl: typeof editUrl === "string" && isExternalUrl(editUrl) ? editUrl : undefined,
    starred,
  };
}
