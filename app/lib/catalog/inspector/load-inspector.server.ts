import type { Credentials } from "../../auth/credentials";
import type { Catalog } from "../catalog.server";
import { ANNOTATION_LOCATION, ANNOTATION_ORIGIN_LOCATION, type Entity } from "../entity";
import type { InspectorTab, InspectorTabData } from "../entity-dialogs";
import { entityRefKey, getCompoundEntityRef, stringifyEntityRef } from "../entity-ref";
import { PRESENTATION_FIELDS, presentEntity } from "../presentation";
import { presentRefs } from "../presentation.server";
import type { FilterPredicate } from "../query/predicate";
import { entityAsJson, entityAsYaml } from "./raw-entity.server";

// What each inspector tab shows, read on the server for the tab the URL names
// and for no other: a pasted link renders the same tab without JavaScript.

/** Enough for any real location; a generated one emitting more is cut here rather than rendered whole. */
export const MAX_COLOCATED = 1000;

export async function loadInspectorTab(catalog: Catalog, tab: InspectorTab, entity: Entity, credentials: Credentials): Promise<InspectorTabData> {
  switch (tab) {
    case "overview":
      return {
        tab,
        presentations: await presentRefs(
          catalog,
          (entity.relations ?? []).map((relation) => relation.targetRef),
          credentials,
        ),
      };
    case "ancestry":
      return loadAncestry(catalog, entity, credentials);
    case "colocated":
      return loadColocated(catalog, entity, credentials);
    case "json":
      return { tab, text: entityAsJson(entity) };
    case "yaml":
      return { tab, text: entityAsYaml(entity) };
  }
}

async function loadAncestry(catalog: Catalog, entity: Entity, credentials: Credentials): Promise<InspectorTabData> {
  const { kind, namespace, name } = getCompoundEntityRef(entity);
  const ancestry = await catalog.entities.ancestry(kind, namespace, name, { credentials });
  const nodes = ancestry.items.map((item) => ({ entityRef: stringifyEntityRef(item.entity), parentEntityRefs: item.parentEntityRefs }));
  // The ancestors are at hand already: present them without another read.
  const presentations = Object.fromEntries(ancestry.items.map((item) => [entityRefKey(item.entity), presentEntity(item.entity)]));
  return { tab: "ancestry", rootEntityRef: stringifyEntityRef(entity), nodes, presentations };
}

/**
 * The other entities with the same managed-by-location or the same
 * managed-by-origin-location annotation, in one OR query, then split as
 * Backstage's Colocated tab shows them: at the same location, and at the same
 * origin (what is not already listed at the location).
 */
async function loadColocated(catalog: Catalog, entity: Entity, credentials: Credentials): Promise<InspectorTabData> {
  const location = entity.metadata.annotations?.[ANNOTATION_LOCATION];
  const origin = entity.metadata.annotations?.[ANNOTATION_ORIGIN_LOCATION];
  if (!location && !origin) return { tab: "colocated", atLocation: [], atOrigin: [], presentations: {} };
  const filter: FilterPredicate = {
    $any: [...(location ? [{ [`metadata.annotations.${ANNOTATION_LOCATION}`]: location }] : []), ...(origin ? [{ [`metadata.annotations.${ANNOTATION_ORIGIN_LOCATION}`]: origin }] : [])],
  };
  const { items } = await catalog.entities.listEntitiesPage(
    { filter, limit: MAX_COLOCATED, offset: 0, fields: [...PRESENTATION_FIELDS, `metadata.annotations.${ANNOTATION_LOCATION}`] },
    { credentials },
  );
  const self = entityRefKey(entity);
  const others = (items as Entity[]).filter((item) => entityRefKey(item) !== self);
  const atLocation = others.filter((item) => location && item.metadata.annotations?.[ANNOTATION_LOCATION] === location).map(stringifyEntityRef);
  const listed = new Set(atLocation);
  const atOrigin = others.map(stringifyEntityRef).filter((ref) => !listed.has(ref));
  // The query read what presenting them needs: no second read.
  const presentations = Object.fromEntries(others.map((item) => [entityRefKey(item), presentEntity(item)]));
  return { tab: "colocated", location, origin, atLocation, atOrigin, presentations };
}
