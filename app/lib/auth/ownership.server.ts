import { INTERNAL_CREDENTIALS } from "./credentials";
import type { Catalog } from "../catalog/catalog.server";
import { RELATION_MEMBER_OF } from "../catalog/entity";

/**
 * The refs a user owns through: itself and every group its User entity is a
 * member of. A user the catalog does not know owns through itself only.
 */
export async function ownershipEntityRefs(catalog: Catalog, userEntityRef: string): Promise<string[]> {
  // Atrium resolves the groups itself: a user must not lose them for being unable to read their own entity.
  const user = await catalog.entities.entityByRef(userEntityRef, { credentials: INTERNAL_CREDENTIALS }).catch(() => undefined);
  const groups = (user?.relations ?? []).filter((relation) => relation.type === RELATION_MEMBER_OF).map((relation) => relation.targetRef);
  return [...new Set([userEntityRef.toLocaleLowerCase("en-US"), ...groups])];
}
