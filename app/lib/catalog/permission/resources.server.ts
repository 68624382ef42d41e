import { INTERNAL_CREDENTIALS } from "~/lib/auth/credentials";
import type { Catalog } from "../catalog.server";
import type { Entity } from "../entity";
import { parseEntityRef, stringifyEntityRef } from "../entity-ref";

/**
 * The entity a permission request's resourceRef names, to settle conditions
 * against: read as Atrium itself, whoever may read it, since the answer is
 * only ALLOW or DENY. A ref that does not parse names nothing.
 */
export async function entityForPermission(catalog: Catalog, resourceRef: string): Promise<Entity | undefined> {
  let ref: string;
  try {
    ref = stringifyEntityRef(parseEntityRef(resourceRef));
  } catch {
    return undefined;
  }
  return catalog.entities.entityByRef(ref, { credentials: INTERNAL_CREDENTIALS });
}
