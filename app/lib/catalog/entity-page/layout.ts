import type { Entity } from "../entity";
import type { CardConfig } from "./cards";
import { acceptsEntity } from "./conditions";
import type { ExternalRouteBindings, ExternalRouteName } from "./external-routes";
import { layoutsOf, type EntityPageConfig, type EntityPageLayout } from "./layout-schema";
import { hasParameters, matchSubRoute, subRouteLink, subRouteRest } from "./sub-route-paths";

// Which tabs and cards one entity's page has, and which tab a sub-path selects.

export type PageTab = { path: string; title: string; link: string; cards: CardConfig[] };

export type EntityPagePlan = {
  tabs: PageTab[];
  /** The tab the sub-path selects; undefined means the sub-path is not a page (404). */
  selected: PageTab | undefined;
};

export function layoutFor(config: EntityPageConfig, entity: Entity): EntityPageLayout {
  const layout = layoutsOf(config).find((candidate) => acceptsEntity(candidate.if, entity));
  // The built-in set ends with a layout without a condition, so there always is one.
  if (!layout) throw new Error("No entity page layout accepts the entity");
  return layout;
}

/** The entity's tabs (those whose condition accepts it) and the one the splat (e.g. 'api') selects. */
export function planEntityPage(config: EntityPageConfig, entity: Entity, splat: string | undefined): EntityPagePlan {
  const tabs = layoutFor(config, entity)
    .tabs.filter((tab) => acceptsEntity(tab.if, entity))
    .map((tab) => ({ path: tab.path, title: tab.title, link: subRouteLink(tab.path), cards: tab.cards.filter((card) => acceptsEntity(card.if, entity)) }));
  // A tab showing the docs reader has the docs' pages below it (docs/guide/).
  const selected =
    tabs.find((tab) => matchSubRoute(tab.path, splat ?? "")) ??
    tabs.find((tab) => tab.path !== "/" && tab.cards.some((card) => card.card === "techdocs") && subRouteRest(tab.path, splat ?? "") !== undefined);
  // A tab with parameters is reached by links from cards; it shows in the bar only while open.
  return { tabs: tabs.filter((tab) => tab === selected || !hasParameters(tab.path)), selected };
}

/** The external route each card needs to be of any use: a Docs tab without a docs route is a dead end. */
const CARD_NEEDS: Partial<Record<CardConfig["card"], ExternalRouteName>> = { techdocs: "viewTechDoc" };

/**
 * Problems of the configured layouts against the route bindings: a card
 * whose required external route is unbound. Each names the card's key path
 * under catalog.entityPage and the binding to set.
 */
export function unboundRouteProblems(config: EntityPageConfig, bindings: ExternalRouteBindings): Array<{ path: Array<string | number>; message: string }> {
  const problems: Array<{ path: Array<string | number>; message: string }> = [];
  config.layouts.forEach((layout, layoutIndex) =>
    layout.tabs.forEach((tab, tabIndex) =>
      tab.cards.forEach((card, cardIndex) => {
        const needed = CARD_NEEDS[card.card];
        if (needed && bindings[needed] === false) {
          problems.push({
            path: ["catalog", "entityPage", "layouts", layoutIndex, "tabs", tabIndex, "cards", cardIndex],
            message: `The ${card.card} card of tab '${tab.path}' needs the external route catalog.${needed}, which is not bound: bind it under app.routes.bindings.catalog.${needed} or remove the card`,
          });
        }
      }),
    ),
  );
  // The built-in layouts have Docs tabs: without the route, they need it too.
  if (bindings.viewTechDoc === false) {
    problems.push({
      path: ["app", "routes", "bindings", "catalog", "viewTechDoc"],
      message:
        "The required external route catalog.viewTechDoc is not bound, but the built-in entity page layouts have a Docs tab that links to it: bind it to a path such as /docs/:namespace/:kind/:name",
    });
  }
  return problems;
}
