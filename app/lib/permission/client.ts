import type { AuthorizeResponseItem } from "./authorize";
import { isResourcePermission } from "./permissions";
import type { Permission } from "./permissions";

// What a client of /api/permission/authorize checks for itself. Kept apart
// from the server's half so browser bundles carry no schemas.

/**
 * The client's check of a response: exactly the requested ids, no more, no
 * fewer. Returns the items in request order.
 */
export function assertResponseMatchesRequest(request: { items: Array<{ id: string }> }, response: unknown): AuthorizeResponseItem[] {
  const items = (response as { items?: unknown } | null)?.items;
  const mismatch = () => new Error("Items in response do not match request");
  if (!Array.isArray(items) || items.length !== request.items.length) throw mismatch();
  const byId = new Map<string, AuthorizeResponseItem>();
  for (const entry of items as AuthorizeResponseItem[]) {
    if (typeof entry?.id !== "string" || byId.has(entry.id)) throw mismatch();
    byId.set(entry.id, entry);
  }
  return request.items.map(({ id }) => {
    const entry = byId.get(id);
    if (!entry) throw mismatch();
    return entry;
  });
}

/**
 * The client's rule: a resource permission asked for without a resource ref
 * is denied without asking the server (as Backstage's usePermission does).
 */
export function isDeniedOnClient(query: { permission: Permission; resourceRef?: string | string[] }): boolean {
  const refs = query.resourceRef;
  return isResourcePermission(query.permission) && (refs === undefined || refs.length === 0);
}
