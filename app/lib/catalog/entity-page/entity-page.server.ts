import type { Credentials } from "../../auth/credentials";
import { settingsOwnerOf, type Identity } from "../../auth/identity";
import type { RequestContext } from "../../context.server";
import { catalogEntityDeletePermission, catalogEntityRefreshPermission } from "../permission/permissions";
import { loadApiDefinitionCard } from "../api-definitions/api-definition.server";
import { ANNOTATION_LOCATION, ANNOTATION_TECHDOCS_REF, type Entity } from "../entity";
import { hasDocs } from "../../techdocs/sources/locate.server";
import { entityRefKey, getCompoundEntityRef, stringifyEntityRef } from "../entity-ref";
import { catalogGraphCard } from "../graph/catalog-graph-card.server";
import { presentRefs } from "../presentation.server";
import { isStarred, starredEntityRefs } from "../starred.server";
import { relationTargets, type CardConfig } from "./cards";
import type { CardView, EntityPageView, ProcessingErrorView } from "./entity-page-view";
import { aboutFacts, headerTitle, ownerRefs, pageThemeOf, parentRef, sourceLinks, typeLine } from "./entity-view";
import { externalRoutePath } from "./external-routes";
import { planEntityPage } from "./layout";
import { subRouteRest } from "./sub-route-paths";
import { entityRoute } from "../entity-route";
import { pagePathOf } from "../../techdocs/reader-links";
import { groupProfileCard, membersListCard, ownershipCard, userProfileCard } from "./org-cards.server";
import { loadReaderPage } from "../../techdocs/reader-page.server";
import { loadKubernetesCard } from "../../kubernetes/tab.server";

// Everything the entity page shows, read with as few round trips as the page
// allows: the entity came first (the route's 404), then side by side the
// starred list, the ancestry (Overview only: it carries the processing
// errors) and the breadcrumb parent's own parent; then every ref the page
// shows, presented in ONE batched by-refs read.

/** Backstage checks relations against the catalog only for 1 to 1000 of them. */
export const RELATION_CHECK_LIMIT = 1000;

export async function loadEntityPageView(
  app: RequestContext,
  args: { entity: Entity; splat: string | undefined; search: URLSearchParams; credentials: Credentials; identity: Identity | undefined; cookie: string | null },
): Promise<EntityPageView | undefined> {
  const { entity, credentials, identity } = args;
  const config = app.config.config.catalog.entityPage;
  const plan = planEntityPage(config, entity, args.splat);
  if (!plan.selected) return undefined;
  const overview = plan.selected.path === "/";
  const compound = getCompoundEntityRef(entity);
  const entityRef = stringifyEntityRef(entity);
  const parent = parentRef(entity, config.breadcrumbRelations);

  // The Docs tab shows the reader of the page below the tab's own path.
  const tabPage = {
    splat: subRouteRest(plan.selected.path, args.splat ?? "") ?? "",
    tabLink: `${entityRoute(entity)}${plan.selected.link}`,
    search: args.search,
    credentials,
    identity,
    cookie: args.cookie,
  };
  // The graph card's walk starts at once, beside the reads below.
  const graphCard = plan.selected.cards.some((card) => card.card === "catalogGraph") ? catalogGraphCard(app.catalog, entity, credentials) : undefined;
  const [starred, ancestry, grandparent] = await Promise.all([
    identity ? starredEntityRefs(app.userSettings, settingsOwnerOf(identity)) : Promise.resolve([]),
    overview ? app.catalog.entities.ancestry(compound.kind, compound.namespace, compound.name, { credentials }).catch(() => undefined) : undefined,
    parent ? grandparentRef(app, parent, config.breadcrumbRelations, credentials) : undefined,
  ]);

  // The graph card was read beside the page's other reads; cards with data of their own (the API
  // definition: parsed and highlighted) load only on the tab that shows them.
  const cards = await Promise.all(plan.selected.cards.map((card) => (card.card === "catalogGraph" ? graphCard! : cardView(app, entity, card, tabPage))));
  const relations = entity.relations ?? [];
  const checkRelations = overview && relations.length >= 1 && relations.length <= RELATION_CHECK_LIMIT;
  const breadcrumbs = [grandparent, parent].filter((ref): ref is string => Boolean(ref));
  const processingErrors = processingErrorsOf(ancestry?.items ?? [{ entity }], entityRef);

  const refs = new Set<string>([...ownerRefs(entity), ...breadcrumbs, ...processingErrors.flatMap((error) => (error.ancestorRef ? [error.ancestorRef] : []))]);
  for (const card of cards) {
    if (card.card === "relations") card.refs.forEach((ref) => refs.add(ref));
    if (card.card === "about") [card.facts.system, card.facts.domain, card.facts.parentComponent].forEach((ref) => ref && refs.add(ref));
    if (card.card === "userProfile") card.memberOf.forEach((ref) => refs.add(ref));
    if (card.card === "groupProfile") [card.parent, ...card.children].forEach((ref) => ref && refs.add(ref));
  }
  if (checkRelations) relations.forEach((relation) => refs.add(relation.targetRef));
  const presentations = await presentRefs(app.catalog, refs, credentials);
  const missingRelations = checkRelations ? [...new Set(relations.map((relation) => relation.targetRef))].filter((ref) => !presentations[safeKey(ref)]) : [];

  const { title, namespace } = headerTitle(entity);
  const lifecycle = typeof entity.spec?.lifecycle === "string" ? entity.spec.lifecycle : undefined;
  return {
    entityRef,
    header: { title, namespace, typeLine: typeLine(entity), owners: ownerRefs(entity), lifecycle, breadcrumbs, theme: pageThemeOf(entity) },
    tabs: plan.tabs.map((tab) => ({ title: tab.title, link: tab.link, selected: tab === plan.selected })),
    cards,
    overview,
    presentations,
    starred: isStarred(starred, entityRef),
    menu: unregisterMenu(app, entity, credentials),
    processingErrors,
    missingRelations,
  };
}

function unregisterMenu(app: RequestContext, entity: Entity, credentials: Credentials): EntityPageView["menu"] {
  const { unregister, items } = app.config.config.catalog.entityPage.menu;
  if (unregister !== "enabled") return { unregister, unregisterReason: unregister === "disabled" ? "config" : undefined, items };
  // A courtesy only: the unregister and delete actions check the permission again.
  if (!app.permissions.allowedOn(credentials, catalogEntityDeletePermission, entity)) return { unregister: "disabled", unregisterReason: "permission", items };
  return { unregister: "enabled", items };
}

/** The breadcrumb parent's own parent: one by-refs read of its relations. */
async function grandparentRef(app: RequestContext, parent: string, relationTypes: readonly string[], credentials: Credentials): Promise<string | undefined> {
  const key = safeKey(parent);
  if (!key) return undefined;
  const { items } = await app.catalog.entities.entitiesByRefs({ entityRefs: [key], fields: ["relations"] }, { credentials });
  const found = items[0] as Pick<Entity, "relations"> | null | undefined;
  return found ? parentRef(found, relationTypes) : undefined;
}

/** Errors of level error on the entity and its ancestors, each attributed to the ancestor it came from. */
export function processingErrorsOf(items: ReadonlyArray<{ entity: Entity }>, entityRef: string): ProcessingErrorView[] {
  return items.flatMap(({ entity }) => {
    const ref = stringifyEntityRef(entity);
    return (entity.status?.items ?? []).filter((item) => item.level === "error").map((item) => ({ message: item.error?.message ?? item.message, ...(ref === entityRef ? {} : { ancestorRef: ref }) }));
  });
}

/** The selected tab: its link, the page's query (the cards' own paging and toggles) and, for the Docs tab, the page below it. */
type TabPage = { splat: string; tabLink: string; search: URLSearchParams; credentials: Credentials; identity: Identity | undefined; cookie: string | null };

function cardView(app: RequestContext, entity: Entity, card: CardConfig, tab: TabPage): CardView | Promise<CardView> {
  const bindings = app.config.config.app.routes;
  const compound = getCompoundEntityRef(entity);
  // Docs of its own, or another entity's through backstage.io/techdocs-entity (Backstage's isTechDocsAvailable).
  const docsPath = () =>
    hasDocs(entity) ? externalRoutePath(bindings, "viewTechDoc", { namespace: compound.namespace, kind: compound.kind.toLocaleLowerCase("en-US"), name: compound.name }) : undefined;
  switch (card.card) {
    case "about":
      return {
        card: "about",
        facts: aboutFacts(entity),
        links: sourceLinks(entity),
        docsPath: docsPath(),
        launchTemplatePath:
          entity.kind.toLocaleLowerCase("en-US") === "template" ? externalRoutePath(bindings, "createFromTemplate", { namespace: compound.namespace, templateName: compound.name }) : undefined,
        // As Backstage's About card: only entities read from a url location (the cheaper kind to read again); a
        // courtesy, the action's service checks catalog.entity.refresh again.
        refresh: Boolean(entity.metadata.annotations?.[ANNOTATION_LOCATION]?.startsWith("url:")) && app.permissions.allowedOn(tab.credentials, catalogEntityRefreshPermission, entity),
      };
    case "links":
      return { card: "links", links: (entity.metadata.links ?? []).map((link) => ({ url: link.url, title: link.title })) };
    case "labels":
      return { card: "labels", labels: Object.entries(entity.metadata.labels ?? {}) };
    case "techdocs": {
      const path = docsPath();
      if (!path) return { card: "techdocs", missingAnnotations: [ANNOTATION_TECHDOCS_REF] };
      return loadReaderPage(app, { entity, pagePath: pagePathOf(tab.splat), readerBase: tab.tabLink, credentials: tab.credentials, identity: tab.identity }).then((reader) => ({
        card: "techdocs" as const,
        docsPath: path,
        missingAnnotations: [],
        reader,
        readerBase: tab.tabLink,
      }));
    }
    case "catalogGraph":
      // Read by catalogGraphCard, started beside the page's other reads.
      throw new Error("The graph card is not a synchronous card");
    case "relations":
      return { card: "relations", name: card.name, title: card.title, refs: relationTargets(entity.relations, card) };
    case "apiDefinition":
      return loadApiDefinitionCard(entity);
    case "userProfile":
      return userProfileCard(entity);
    case "groupProfile":
      return groupProfileCard(entity);
    case "membersList":
      return membersListCard(app, entity, tab);
    case "ownership":
      return ownershipCard(app, entity, tab);
    case "kubernetes":
      return loadKubernetesCard(app, entity, tab).then((state) => ({ card: "kubernetes" as const, state }));
  }
}

function safeKey(ref: string): string {
  try {
    return entityRefKey(ref);
  } catch {
    return "";
  }
}
