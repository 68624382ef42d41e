import type { Credentials } from "../../auth/credentials";
import type { Catalog } from "../catalog.server";
import type { Entity } from "../entity";
import { stringifyEntityRef } from "../entity-ref";
import type { CatalogGraphCardView } from "./catalog-graph-card";
import { loadCatalogGraph } from "./catalog-graph.server";
import { CARD_DEFAULTS, graphSearch } from "./graph-query";

/** Backstage's EntityCatalogGraphCard: the entity and what it relates to directly; the full page from there, as deep as the card (a page of every depth is unreadable). */
export async function catalogGraphCard(catalog: Catalog, entity: Entity, credentials: Credentials): Promise<CatalogGraphCardView> {
  const query = { ...CARD_DEFAULTS, rootEntityRefs: [stringifyEntityRef(entity)] };
  const graph = await loadCatalogGraph(catalog, query, credentials);
  return { card: "catalogGraph", graph, direction: query.direction, link: `/catalog-graph${graphSearch({ rootEntityRefs: query.rootEntityRefs, maxDepth: query.maxDepth })}` };
}
