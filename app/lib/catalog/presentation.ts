import type { Entity } from "./entity";
import { entityRefKey, humanizeEntityRef, parseEntityRef, stringifyEntityRef } from "./entity-ref";

// How an entity reference reads on a page, as Backstage's default entity
// presentation: the profile's display name, else the title, else the ref
// without its default kind and namespace; the ref, kind and type on hover.

export type EntityPresentation = {
  /** The ref as given, normalised: kind:namespace/name. */
  entityRef: string;
  primaryTitle: string;
  /** "ref | kind | type", shown on hover. */
  secondaryTitle: string;
};

/** The fields presentation needs: what a batched by-refs read asks for. */
export const PRESENTATION_FIELDS = ["kind", "metadata.name", "metadata.namespace", "metadata.title", "spec.type", "spec.profile.displayName"];

export function presentEntity(entity: Entity, options?: { defaultKind?: string }): EntityPresentation {
  const entityRef = stringifyEntityRef(entity);
  const profile = entity.spec?.profile as { displayName?: unknown } | undefined;
  const displayName = typeof profile?.displayName === "string" && profile.displayName ? profile.displayName : undefined;
  const title = typeof entity.metadata.title === "string" && entity.metadata.title ? entity.metadata.title : undefined;
  const humanized = humanizeEntityRef(entity, { defaultKind: options?.defaultKind });
  const type = typeof entity.spec?.type === "string" ? entity.spec.type : undefined;
  return {
    entityRef,
    primaryTitle: displayName ?? title ?? humanized,
    secondaryTitle: [humanizeEntityRef(entity), entity.kind, type].filter(Boolean).join(" | "),
  };
}

/** A ref that is not (or not yet) resolved: the humanized ref, nothing more to say on hover. */
export function presentRef(ref: string, options?: { defaultKind?: string }): EntityPresentation {
  try {
    const compound = parseEntityRef(ref);
    const humanized = humanizeEntityRef(compound, { defaultKind: options?.defaultKind });
    return { entityRef: stringifyEntityRef(compound), primaryTitle: humanized, secondaryTitle: humanizeEntityRef(compound) };
  } catch {
    return { entityRef: ref, primaryTitle: ref, secondaryTitle: ref };
  }
}

/** Presentations keyed by ref key (lower case), as pages pass them to components. */
export type Presentations = Record<string, EntityPresentation>;

export function lookupPresentation(presentations: Presentations | undefined, ref: string, options?: { defaultKind?: string }): EntityPresentation {
  let key: string;
  try {
    key = entityRefKey(ref);
  } catch {
    return presentRef(ref, options);
  }
  const found = presentations?.[key];
  if (!found) return presentRef(ref, options);
  if (!options?.defaultKind || found.primaryTitle !== humanizeEntityRef(parseEntityRef(found.entityRef))) return found;
  // Resolved without a title: shorten the ref the way this spot wants.
  return { ...found, primaryTitle: humanizeEntityRef(parseEntityRef(found.entityRef), { defaultKind: options.defaultKind }) };
}
