// Entity references: `[kind:][namespace/]name`. Parsing and error texts follow
// Backstage's @backstage/catalog-model so that refs written for Backstage (and
// the messages its users search for) carry over unchanged.

import { InputError } from "~/lib/errors";
import { DEFAULT_NAMESPACE } from "./entity";
import type { Entity } from "./entity";

export type CompoundEntityRef = { kind: string; namespace: string; name: string };

export type EntityRefContext = { defaultKind?: string; defaultNamespace?: string };

type PartialEntityRef = { kind?: string; namespace?: string; name: string };

/**
 * Splits a string ref into its parts. Only the first `:` and the first `/`
 * separate: a `/` before the first `:` means there is no kind, so
 * "ns/na:me" is namespace "ns" and name "na:me", as in Backstage.
 */
function splitRef(ref: string): { kind?: string; namespace?: string; name: string } {
  const slash = ref.indexOf("/");
  let colon = ref.indexOf(":");
  if (slash !== -1 && slash < colon) colon = -1;
  const kind = colon === -1 ? undefined : ref.slice(0, colon);
  const namespace = slash === -1 ? undefined : ref.slice(colon + 1, slash);
  const name = ref.slice(Math.max(colon, slash) + 1);
  if (kind === "" || namespace === "" || name === "") {
    throw new InputError(`Entity reference "${ref}" was not on the form [<kind>:][<namespace>/]<name>`);
  }
  return { kind, namespace, name };
}

/**
 * Parses a ref in string or compound form, filling in the context's defaults.
 * Throws InputError for an empty ref or when kind, namespace or name end up
 * missing; the namespace falls back to "default" even without a context.
 */
export function parseEntityRef(ref: string | PartialEntityRef, context?: EntityRefContext): CompoundEntityRef {
  if (!ref) throw new InputError("Entity reference must not be empty");
  // `||`, not `??`: Backstage treats an empty default namespace as absent.
  const defaultNamespace = context?.defaultNamespace || DEFAULT_NAMESPACE;
  const parts = typeof ref === "string" ? splitRef(ref) : ref;
  const kind = parts.kind ?? context?.defaultKind;
  const namespace = parts.namespace ?? defaultNamespace;
  const name = parts.name;
  if (!kind) {
    throw new InputError(`Entity reference ${JSON.stringify(ref)} had missing or empty kind (e.g. did not start with "component:" or similar)`);
  }
  if (!namespace) {
    throw new InputError(`Entity reference ${JSON.stringify(ref)} had missing or empty namespace`);
  }
  if (!name) {
    throw new InputError(`Entity reference ${JSON.stringify(ref)} had missing or empty name`);
  }
  return { kind, namespace, name };
}

function isEntity(ref: CompoundEntityRef | Entity): ref is Entity {
  return "metadata" in ref;
}

/**
 * The canonical string form of a ref. @backstage/catalog-model 1.10 lower-cases
 * all three parts (its docs: "converting all parts of the name to lowercase"),
 * so this is also the comparison key; use humanizeEntityRef for display.
 */
export function stringifyEntityRef(ref: CompoundEntityRef | Entity): string {
  const { kind, namespace, name } = isEntity(ref)
    ? { kind: ref.kind, namespace: ref.metadata.namespace ?? DEFAULT_NAMESPACE, name: ref.metadata.name }
    : { kind: ref.kind, namespace: ref.namespace ?? DEFAULT_NAMESPACE, name: ref.name };
  return `${kind.toLowerCase()}:${namespace.toLowerCase()}/${name.toLowerCase()}`;
}

/**
 * The key refs are compared and stored under: `kind:namespace/name`, all lower
 * case. A string must be a full ref with a kind (the namespace may be left out).
 */
export function entityRefKey(ref: string | CompoundEntityRef | Entity): string {
  const compound = typeof ref === "string" ? parseEntityRef(ref) : ref;
  // Spelled out rather than delegated to stringifyEntityRef: the key must stay
  // fully lower-cased even if the display form ever keeps the name's case.
  const { kind, namespace, name } = isEntity(compound) ? getCompoundEntityRef(compound) : compound;
  return `${kind}:${namespace ?? DEFAULT_NAMESPACE}/${name}`.toLowerCase();
}

/**
 * A ref for people to read: the kind lower-cased and left out when it is the
 * default kind, the namespace left out when it is the default one ("default",
 * or the given string; `false` always shows it). The name keeps its case.
 */
export function humanizeEntityRef(ref: CompoundEntityRef | Entity, options?: { defaultKind?: string; defaultNamespace?: string | false }): string {
  const compound = isEntity(ref) ? getCompoundEntityRef(ref) : ref;
  const namespace = compound.namespace || DEFAULT_NAMESPACE;
  const hiddenNamespace = options?.defaultNamespace === undefined ? DEFAULT_NAMESPACE : options.defaultNamespace;
  const kind = compound.kind.toLocaleLowerCase("en-US");
  const hideKind = !!options?.defaultKind && options.defaultKind.toLocaleLowerCase("en-US") === kind;
  const kindPart = hideKind ? "" : `${kind}:`;
  const namespacePart = namespace === hiddenNamespace ? "" : `${namespace}/`;
  return `${kindPart}${namespacePart}${compound.name}`;
}

/** The kind, namespace (defaulted) and name of an entity. */
export function getCompoundEntityRef(entity: Entity): CompoundEntityRef {
  return {
    kind: entity.kind,
    namespace: entity.metadata.namespace || DEFAULT_NAMESPACE,
    name: entity.metadata.name,
  };
}
