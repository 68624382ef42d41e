import { lazy } from "react";
import type { Entity } from "~/lib/catalog/entity";
import type { EntityPageView } from "~/lib/catalog/entity-page/entity-page-view";
import { CatalogGraphCard } from "~/components/catalog/graph/catalog-graph-card";
import { AboutCard } from "./about-card";
import { LabelsCard, LinksCard, TechDocsCard } from "./meta-cards";
import { RelationsCard } from "./relations-card";

// The API definition card is its own chunk, fetched only where a tab shows
// it. The server loads it before rendering (preloadApiDefinitionCard, from
// the route's loader) and lazy() then resolves synchronously, so the card is
// in the first HTML. No <Suspense> around it on purpose: React outlines a
// large boundary's content behind a script even when it is ready, which a
// browser without JavaScript never runs; in the browser, hydration and
// navigations wait for the chunk instead.
type ApiDefinitionCardModule = typeof import("~/components/catalog/api-definitions/api-definition-card");
let apiDefinitionCardModule: ApiDefinitionCardModule | undefined;
export async function preloadApiDefinitionCard(): Promise<void> {
  apiDefinitionCardModule ??= await import("~/components/catalog/api-definitions/api-definition-card");
}
const ApiDefinitionCard = lazy(() => {
  const loaded = apiDefinitionCardModule;
  if (loaded) return { then: (resolve: (module: ApiDefinitionCardModule) => void) => resolve(loaded) } as unknown as Promise<ApiDefinitionCardModule>;
  return import("~/components/catalog/api-definitions/api-definition-card");
});

/** The selected tab's cards, in the layout's order: About spans the row, the others share it two by two. */
export function EntityCards({ view, entity }: { view: EntityPageView; entity: Entity }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {view.cards.map((card, index) => {
        switch (card.card) {
          case "about":
            return (
              <div key={index} className="md:col-span-2">
                <AboutCard view={card} entity={entity} presentations={view.presentations} />
              </div>
            );
          case "techdocs":
            return (
              <div key={index} className="md:col-span-2">
                <TechDocsCard view={card} entity={entity} />
              </div>
            );
          case "apiDefinition":
            return (
              <div key={index} className="md:col-span-2">
                <ApiDefinitionCard view={card} />
              </div>
            );
          case "links":
            return <LinksCard key={index} view={card} />;
          case "labels":
            return <LabelsCard key={index} view={card} />;
          case "catalogGraph":
            return (
              <div key={index} className="md:col-span-2">
                <CatalogGraphCard view={card} />
              </div>
            );
          case "relations":
            return <RelationsCard key={index} view={card} presentations={view.presentations} index={index} />;
        }
      })}
    </div>
  );
}
