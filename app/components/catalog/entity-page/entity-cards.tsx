import type { Entity } from "~/lib/catalog/entity";
import type { EntityPageView } from "~/lib/catalog/entity-page/entity-page-view";
import { CatalogGraphCard } from "~/components/catalog/graph/catalog-graph-card";
import { AboutCard } from "./about-card";
import { LabelsCard, LinksCard, TechDocsCard } from "./meta-cards";
import { RelationsCard } from "./relations-card";

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
