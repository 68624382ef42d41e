import type { Entity } from "~/lib/catalog/entity";
import type { CardView, EntityPageView } from "~/lib/catalog/entity-page/entity-page-view";
import { CatalogGraphCard } from "~/components/catalog/graph/catalog-graph-card";
import { lazyView } from "~/components/ui/lazy-view";
import { AboutCard } from "./about-card";
import { LabelsCard, LinksCard } from "./meta-cards";
import { RelationsCard } from "./relations-card";

// The cards only some tabs or some kinds show are chunks of their own
// (app/components/ui/lazy-view.ts): the API definition, the docs reader,
// the Kubernetes tab and the org plugin's cards of users and groups. The
// route's loader preloads those its view shows (preloadEntityCards), so the
// server renders them in the first HTML; the browser fetches them where a
// page shows them, not with every entity page.
const apiDefinition = lazyView(() => import("~/components/catalog/api-definitions/api-definition-card"));
const ApiDefinitionCard = apiDefinition.component((module) => module.default);
const techDocs = lazyView(() => import("./techdocs-card"));
const TechDocsCard = techDocs.component((module) => module.TechDocsCard);
const kubernetes = lazyView(() => import("~/components/kubernetes/kubernetes-tab"));
const KubernetesTab = kubernetes.component((module) => module.KubernetesTab);
const org = lazyView(() => import("./org-cards"));
const UserProfileCard = org.component((module) => module.UserProfileCard);
const GroupProfileCard = org.component((module) => module.GroupProfileCard);
const OwnershipCard = org.component((module) => module.OwnershipCard);
const MembersListCard = org.component((module) => module.MembersListCard);

const chunks: Partial<Record<CardView["card"], { preload(): Promise<unknown> }>> = {
  apiDefinition,
  techdocs: techDocs,
  kubernetes,
  userProfile: org,
  groupProfile: org,
  ownership: org,
  membersList: org,
};

/** Loads the chunks of the cards a view shows, before the server renders it (the entity page's loader). */
export async function preloadEntityCards(view: EntityPageView): Promise<void> {
  await Promise.all([...new Set(view.cards.map((card) => chunks[card.card]).filter((chunk) => chunk !== undefined))].map((chunk) => chunk.preload()));
}

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
          case "userProfile":
            return <UserProfileCard key={index} view={card} presentations={view.presentations} />;
          case "groupProfile":
            return <GroupProfileCard key={index} view={card} presentations={view.presentations} />;
          case "ownership":
            return <OwnershipCard key={index} view={card} />;
          case "membersList":
            return (
              <div key={index} className="md:col-span-2">
                <MembersListCard view={card} />
              </div>
            );
          case "kubernetes":
            return (
              <div key={index} className="md:col-span-2">
                <KubernetesTab state={card.state} />
              </div>
            );
          case "relations":
            return <RelationsCard key={index} view={card} presentations={view.presentations} index={index} />;
        }
      })}
    </div>
  );
}
