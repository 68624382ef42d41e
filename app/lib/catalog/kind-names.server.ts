import type { Credentials } from "../auth/credentials";
import type { RequestContext } from "../context.server";

/**
 * The kinds in the catalog the caller may read, as the catalog spells them,
 * once each and by name: what a search over "every kind" searched (the home
 * page's search box, the search page). One facet read, as the catalog
 * index's kind filter makes on every visit.
 */
export async function catalogKindNames(app: Pick<RequestContext, "catalog">, credentials: Credentials): Promise<string[]> {
  const { facets } = await app.catalog.entities.facets({ facets: ["kind"] }, { credentials });
  return kindNames(facets.kind ?? []);
}

export function kindNames(facet: ReadonlyArray<{ value: string }>): string[] {
  const byKey = new Map<string, string>();
  for (const { value } of facet) {
    const key = value.toLocaleLowerCase("en-US");
    if (!byKey.has(key)) byKey.set(key, value);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, "en-US", { sensitivity: "base" }));
}
