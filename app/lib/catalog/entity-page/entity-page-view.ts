import type { KubernetesCard } from "../../kubernetes/tab.server";
import type { ApiDefinitionCardView } from "../api-definitions/model";
import type { CatalogGraphCardView } from "../graph/catalog-graph-card";
import type { Presentations } from "../presentation";
import type { ReaderPageData } from "../../techdocs/reader-page";
import type { AboutFacts, SourceLinks } from "./entity-view";

// What the entity page's loader hands its components (entity-page.server.ts builds it).

export type CardView =
  /** `refresh`: Backstage's "Schedule entity refresh" is offered (a url location, and the caller may refresh it). */
  | { card: "about"; facts: AboutFacts; links: SourceLinks; docsPath?: string; launchTemplatePath?: string; refresh?: boolean }
  | { card: "links"; links: Array<{ url: string; title?: string }> }
  | { card: "labels"; labels: Array<[string, string]> }
  /** The Docs tab: the reader of the page below the tab (`reader`, its root at `readerBase`), or the missing annotation. */
  | { card: "techdocs"; docsPath?: string; missingAnnotations: string[]; reader?: ReaderPageData; readerBase?: string }
  | { card: "relations"; name?: string; title?: string; refs: string[] }
  | { card: "userProfile"; title: string; email?: string; picture?: string; description?: string; memberOf: string[] }
  | { card: "groupProfile"; title: string; entityRef: string; email?: string; picture?: string; description?: string; parent?: string; children: string[] }
  | { card: "membersList"; groupTitle: string; members: MemberView[]; total: number; page: number; pages: number; links: { first?: string; previous?: string; next?: string; last?: string } }
  | { card: "ownership"; aggregation: OwnershipAggregation; boxes: OwnershipBox[]; links: Record<OwnershipAggregation, string> }
  /** The Kubernetes tab: its notice, its permission gate, or the entity's objects on every cluster (app/lib/kubernetes/tab.server.ts). */
  | ({ card: "kubernetes" } & { state: KubernetesCard })
  | CatalogGraphCardView
  | ApiDefinitionCardView;

export type MemberView = { entityRef: string; displayName: string; email?: string; picture?: string };
export type OwnershipAggregation = "direct" | "aggregated";
/** One count of the ownership card: a kind and (when its entities have one) a type, linking to the catalog filtered to them. */
export type OwnershipBox = { kind: string; type?: string; count: number; href: string };

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
