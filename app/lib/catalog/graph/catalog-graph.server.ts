import type { Credentials } from "../../auth/credentials";
import type { Catalog } from "../catalog.server";
import type { GraphQuery } from "./graph-query";
import { walkCatalogGraph, type CatalogGraph, type GraphEntity } from "./graph-walk";

// The catalog graph read from the catalog service: one by-refs read per depth
// level (in batches of a thousand refs, as Backstage's by-refs requests are
// bounded), with only the fields the graph shows and walks. What the caller
// may not read comes back as null and is drawn as missing, never named more
// than its ref already does.

export const GRAPH_FIELDS = ["kind", "metadata.name", "metadata.namespace", "metadata.title", "relations"];
const NODE_FIELDS = GRAPH_FIELDS.filter((field) => field !== "relations");
const BATCH_SIZE = 1000;

export async function loadCatalogGraph(catalog: Catalog, query: GraphQuery, credentials: Credentials, options?: { maxNodes?: number }): Promise<CatalogGraph> {
  if (query.rootEntityRefs.length === 0) return { nodes: [], edges: [], truncated: false };
  return walkCatalogGraph(
    query,
    async (keys, { relations }) => {
      const found: Array<GraphEntity | null> = [];
      for (let start = 0; start < keys.length; start += BATCH_SIZE) {
        const { items } = await catalog.entities.entitiesByRefs({ entityRefs: keys.slice(start, start + BATCH_SIZE), fields: relations ? GRAPH_FIELDS : NODE_FIELDS }, { credentials });
        found.push(...(items as Array<GraphEntity | null>));
      }
      return found;
    },
    options,
  );
}
