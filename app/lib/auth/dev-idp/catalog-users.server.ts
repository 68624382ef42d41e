import type { Catalog } from "../../catalog/catalog.server";
import type { Entity } from "../../catalog/entity";
import type { DevUser } from "./dev-idp.server";
import { INTERNAL_CREDENTIALS } from "../credentials";

// The development identity provider's users, when it runs inside the
// portal: the User entities of the catalog, so every user it signs in
// resolves (by email) to an entity that exists.

const MAX_DEV_USERS = 1000;

export function devUserOf(entity: Pick<Entity, "metadata" | "spec">): DevUser {
  const profile = (entity.spec?.profile ?? {}) as { email?: string; displayName?: string; picture?: string };
  const namespace = entity.metadata.namespace ?? "default";
  return {
    id: `user:${namespace}/${entity.metadata.name}`.toLocaleLowerCase("en-US"),
    username: entity.metadata.name,
    email: profile.email,
    name: profile.displayName,
    picture: profile.picture,
  };
}

export async function catalogUsers(catalog: Catalog): Promise<DevUser[]> {
  const { items } = await catalog.entities.queryEntities(
    { filter: { kind: "user" }, orderFields: [{ field: "metadata.name", order: "asc" }], limit: MAX_DEV_USERS },
    { credentials: INTERNAL_CREDENTIALS },
  );
  return items.map((entity) => devUserOf(entity as Entity));
}
