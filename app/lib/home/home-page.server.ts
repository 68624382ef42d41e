import type { Credentials } from "../auth/credentials";
import { settingsOwnerOf, type Identity } from "../auth/identity";
import { pageCredentials } from "../auth/request-credentials.server";
import type { Entity } from "../catalog/entity";
import { entityRefKey, getCompoundEntityRef } from "../catalog/entity-ref";
import { PRESENTATION_FIELDS, presentEntity } from "../catalog/presentation";
import { catalogKindNames } from "../catalog/kind-names.server";
import { requestStarredRefs } from "../catalog/starred-sidebar.server";
import type { RequestContext } from "../context.server";
import { docsRoute } from "../techdocs/reader-links";
import { homeWidgets, recentlyVisited } from "./home-settings.server";
import type { HomeEntity, HomePageData } from "./home-page";
import { DEFAULT_HOME_WIDGETS, type HomeWidgetId } from "./home-widgets";

// Everything the home page shows, read for one request. Each widget reads
// only when shown; the reads run side by side, and one batched by-refs read
// resolves the starred and visited refs, so what the visitor may not read (or
// what is gone) is left out, as the catalog leaves it out everywhere.

/** How many entities a list widget shows; the 'View all' link goes on from there. */
export const WIDGET_LIMIT = 10;
/** Starred refs read per visit: far more than the widget shows, far below a by-refs batch (1000). */
const MAX_STARRED_READ = 100;
export const TECHDOCS_REF_ANNOTATION = "backstage.io/techdocs-ref";

export async function loadHomePage(app: RequestContext, identity: Identity | undefined): Promise<HomePageData> {
  const credentials = pageCredentials(identity);
  const call = { credentials };
  const widgets = identity ? await homeWidgets(app.userSettings, settingsOwnerOf(identity)) : [...DEFAULT_HOME_WIDGETS];
  const shows = (id: HomeWidgetId) => widgets.includes(id);

  const starredRefs = identity && shows("starred") ? requestStarredRefs(app, identity) : Promise.resolve([]);
  const visits = identity && shows("recent") ? recentlyVisited(app.userSettings, settingsOwnerOf(identity)) : Promise.resolve([]);
  const owners = (identity?.ownershipEntityRefs ?? []).map((ref) => ref.toLocaleLowerCase("en-US"));
  const owned =
    identity && shows("owned") && owners.length
      ? app.catalog.entities.queryEntities(
          { filter: { "relations.ownedBy": { $in: owners } }, orderFields: [{ field: "metadata.name", order: "asc" }], limit: WIDGET_LIMIT, fields: PRESENTATION_FIELDS },
          call,
        )
      : Promise.resolve({ items: [], totalItems: 0 });
  const docs = shows("docs")
    ? app.catalog.entities.queryEntities(
        {
          filter: { [`metadata.annotations.${TECHDOCS_REF_ANNOTATION}`]: { $exists: true } },
          orderFields: [{ field: "metadata.name", order: "asc" }],
          limit: WIDGET_LIMIT,
          fields: PRESENTATION_FIELDS,
        },
        call,
      )
    : Promise.resolve({ items: [] });

  // The search widget says which kinds it searches: all of them, as the catalog index's kind filter lists them.
  const kinds = shows("search") ? catalogKindNames(app, credentials) : Promise.resolve([]);

  const [starred, visited, ownedPage, docsPage, searchKinds] = await Promise.all([starredRefs, visits, owned, docs, kinds]);
  const recentRefs = visited.map((visit) => visit.entityRef);
  // Bounded: the widget shows WIDGET_LIMIT; a few more are read in case some are gone or unreadable.
  const starredShown = starred.slice(0, MAX_STARRED_READ);
  const known = await readableEntities(app, [...starredShown, ...recentRefs], call);

  return {
    widgets,
    signedIn: Boolean(identity),
    starred: readable(starredShown, known).slice(0, WIDGET_LIMIT),
    recent: readable(recentRefs, known).slice(0, WIDGET_LIMIT),
    owned: (ownedPage.items as Entity[]).map(homeEntity),
    ownedTotal: ownedPage.totalItems,
    // The docs reader's home page of each entity.
    docs: (docsPage.items as Entity[]).map((entity) => ({ ...homeEntity(entity), docsPath: `${docsRoute(getCompoundEntityRef(entity))}/` })),
    searchKinds,
  };
}

/** An entity as a widget lists it: its title (the kind left out, the widget says what it lists), the ref and kind on hover. */
function homeEntity(entity: Entity): HomeEntity {
  const presentation = presentEntity(entity, { defaultKind: entity.kind });
  return { entityRef: presentation.entityRef, title: presentation.primaryTitle, hover: presentation.secondaryTitle };
}

/**
 * The entities behind starred and visited refs, in one batched by-refs read:
 * what is gone, or what the visitor may not read, is simply not found.
 */
async function readableEntities(app: RequestContext, refs: string[], call: { credentials: Credentials }): Promise<Map<string, HomeEntity>> {
  const keys = [...new Set(refs.map(safeKey).filter(Boolean))];
  const found = new Map<string, HomeEntity>();
  if (keys.length === 0) return found;
  const { items } = await app.catalog.entities.entitiesByRefs({ entityRefs: keys, fields: PRESENTATION_FIELDS }, call);
  items.forEach((entity, index) => {
    if (entity) found.set(keys[index]!, homeEntity(entity as Entity));
  });
  return found;
}

/** The refs found, in their order. */
function readable(refs: readonly string[], known: Map<string, HomeEntity>): HomeEntity[] {
  return refs.flatMap((ref) => known.get(safeKey(ref)) ?? []);
}

function safeKey(ref: string): string {
  try {
    return entityRefKey(ref);
  } catch {
    return "";
  }
}
