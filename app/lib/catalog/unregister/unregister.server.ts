import type { Credentials } from "../../auth/credentials";
import { NotFoundError } from "../../errors";
import type { Catalog } from "../catalog.server";
import { ANNOTATION_ORIGIN_LOCATION, type Entity } from "../entity";
import { BOOTSTRAP_LOCATION_REF, type UnregisterState } from "../entity-dialogs";
import { getCompoundEntityRef, stringifyEntityRef } from "../entity-ref";
import { PRESENTATION_FIELDS, presentEntity } from "../presentation";
import type { StoredLocation } from "../store/roots.server";

// Unregistering and deleting, decided as Backstage's
// useUnregisterEntityDialogState decides them: the location an entity came
// from is the registered location whose ref equals its origin annotation;
// the entities to unregister with it are those with the same origin.
//
// How locations appear here (docs/decisions/014-unregister-and-inspector.md):
// locations registered through the API are rows of catalog_locations, so
// their entities get the unregister variant; locations from app-config are
// not (they are the operator's), so their entities only offer delete, as in
// Backstage, whose config locations are not in its locations table either.
// Nothing here writes 'bootstrap:bootstrap', but an entity carrying it (a
// catalog moved over from an old Backstage) still gets the bootstrap variant.

type Call = { credentials: Credentials };

type Prerequisites = { location?: StoredLocation; colocated: Entity[] };

/** The location the entity came from (if registered) and the entities that came from the same origin. */
async function prerequisites(catalog: Catalog, entity: Entity, call: Call): Promise<Prerequisites> {
  const origin = entity.metadata.annotations?.[ANNOTATION_ORIGIN_LOCATION];
  const { kind, namespace, name } = getCompoundEntityRef(entity);
  const [location, colocated] = await Promise.all([
    catalog.locations.byEntity(kind, namespace, name, call).catch((error: unknown) => {
      // No registered location (or none the caller may see): only delete is left.
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }),
    origin
      ? catalog.entities
          .listEntitiesPage({ filter: { [`metadata.annotations.${ANNOTATION_ORIGIN_LOCATION}`]: origin }, offset: 0, fields: [...PRESENTATION_FIELDS, "metadata.uid"] }, call)
          .then((page) => page.items as Entity[])
      : Promise.resolve([]),
  ]);
  return { location, colocated };
}

export async function unregisterState(catalog: Catalog, entity: Entity, call: Call): Promise<UnregisterState> {
  const origin = entity.metadata.annotations?.[ANNOTATION_ORIGIN_LOCATION];
  if (origin === BOOTSTRAP_LOCATION_REF) return { type: "bootstrap", location: origin };
  const { location, colocated } = await prerequisites(catalog, entity, call);
  if (!location || !origin) return { type: "only-delete" };
  return {
    type: "unregister",
    location: origin,
    colocatedEntityRefs: colocated.map(stringifyEntityRef),
    presentations: Object.fromEntries(colocated.map((item) => [stringifyEntityRef(item), presentEntity(item)])),
  };
}

/**
 * Removes the entity's registered location, then every entity of the same
 * origin by uid, as Backstage's dialog does: removing a location leaves what
 * it emitted behind as orphans. The location's removal checks
 * catalog.location.delete first, so a caller without it changes nothing;
 * entities the caller may not delete stay, as orphans.
 */
export async function unregisterLocation(catalog: Catalog, entity: Entity, call: Call): Promise<void> {
  const { location, colocated } = await prerequisites(catalog, entity, call);
  if (!location) throw new NotFoundError(`Found no registered location for ${stringifyEntityRef(entity)}`);
  await catalog.locations.remove(location.id, call);
  await Promise.allSettled(colocated.flatMap((item) => (item.metadata.uid ? [catalog.entities.deleteEntityByUid(item.metadata.uid, call)] : [])));
}

/** Removes the entity itself; if its location still emits it, the next processing brings it back. */
export async function deleteEntity(catalog: Catalog, entity: Entity, call: Call): Promise<void> {
  if (!entity.metadata.uid) throw new NotFoundError(`Entity ${stringifyEntityRef(entity)} has no uid`);
  await catalog.entities.deleteEntityByUid(entity.metadata.uid, call);
}
