import type { ApiDefinitionCardView } from "../api-definitions/model";
import type { CatalogGraphCardView } from "../graph/catalog-graph-card";
import type { Presentations } from "../presentation";
import type { AboutFacts, SourceLinks } from "./entity-view";

// What the entity page's loader hands its components (entity-page.server.ts builds it).

export type CardView =
  | { card: "about"; facts: AboutFacts; links: SourceLinks; docsPath?: string; launchTemplatePath?: string }
  | { card: "links"; links: Array<{ url: string; title?: string }> }
  | { card: "labels"; labels: Array<[string, string]> }
  | { card: "techdocs"; docsPath?: string; missingAnnotations: string[] }
  | { card: "relations"; name?: string; title?: string; refs: string[] }
  | CatalogGraphCardView
  | ApiDefinitionCardView;

export type ProcessingErrorView = { message: string; ancestorRef?: string };

export type EntityPageView = {
  entityRef: string;
  header: { title: string; namespace?: string; typeLine: string; owners: string[]; lifecycle?: string; breadcrumbs: string[]; theme: string };
  tabs: Array<{ title: string; link: string; selected: boolean }>;
  cards: CardView[];
  overview: boolean;
  presentations: Presentations;
  starred: boolean;
  menu: { unregister: "enabled" | "disabled" | "hidden"; unregisterReason?: "permission" | "config"; items: Array<{ title: string; href: string }> };
  processingErrors: ProcessingErrorView[];
  missingRelations: string[];
};
