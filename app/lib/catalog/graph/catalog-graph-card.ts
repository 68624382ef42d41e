import type { Direction } from "./graph-query";
import type { CatalogGraph } from "./graph-walk";

/** The entity page's graph card as its loader hands it over: the entity's direct relations and a link to the full page. */
export type CatalogGraphCardView = { card: "catalogGraph"; graph: CatalogGraph; direction: Direction; link: string };
