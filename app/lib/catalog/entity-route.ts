import { DEFAULT_NAMESPACE, type Entity } from "./entity";
import { getCompoundEntityRef, parseEntityRef, type CompoundEntityRef } from "./entity-ref";

// Where an entity's page lives: /catalog/{namespace}/{kind}/{name}, the kind
// lower-cased as Backstage's entityRouteParams does, so links from Backstage
// keep working. Paths are relative to the base path, like every app link.

export function entityRoute(ref: string | CompoundEntityRef | Entity): string {
  const compound = typeof ref === "string" ? parseEntityRef(ref) : "metadata" in ref ? getCompoundEntityRef(ref) : ref;
  const namespace = compound.namespace || DEFAULT_NAMESPACE;
  return `/catalog/${encodeURIComponent(namespace)}/${encodeURIComponent(compound.kind.toLocaleLowerCase("en-US"))}/${encodeURIComponent(compound.name)}`;
}

/** The entity ref key (kind:namespace/name, lower case) of an entity page's route parameters. */
export function entityRefOfRoute(params: { namespace?: string; kind?: string; name?: string }): CompoundEntityRef | undefined {
  if (!params.namespace || !params.kind || !params.name) return undefined;
  return { kind: params.kind, namespace: params.namespace, name: params.name };
}
