import { lazy, Suspense } from "react";
import type { Entity } from "~/lib/catalog/entity";
import type { EntityPageView } from "~/lib/catalog/entity-page/entity-page-view";
import { AboutCard } from "./about-card";
import { LabelsCard, LinksCard, TechDocsCard } from "./meta-cards";
import { RelationsCard } from "./relations-card";

// Loaded only where a tab shows it: the viewers stay out of the entity page's own chunk.
const ApiDefinitionCard = lazy(() => import("~/components/catalog/api-definitions/api-definition-card"));

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
                <Suspense>
                  <ApiDefinitionCard view={card} />
                </Suspense>
              </div>
            );
          case "links":
            return <LinksCard key={index} view={card} />;
          case "labels":
            return <LabelsCard key={index} view={card} />;
          case "relations":
            return <RelationsCard key={index} view={card} presentations={view.presentations} index={index} />;
        }
      })}
    </div>
  );
}
