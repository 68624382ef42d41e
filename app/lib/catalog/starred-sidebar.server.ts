import { settingsOwnerOf, type Identity } from "../auth/identity";
import { pageCredentials } from "../auth/request-credentials.server";
import type { RequestContext } from "../context.server";
import { lookupPresentation } from "./presentation";
import { presentRefs } from "./presentation.server";
import { starredEntityRefs } from "./starred.server";

export type StarredLink = { entityRef: string; title: string; hover: string };

const starredPerRequest = new WeakMap<RequestContext, Promise<string[]>>();

/**
 * The user's starred refs, read once per request: the root loader (for the
 * sidebar) and the page (the index's Starred filter and row stars) run side
 * by side and share the one read.
 */
export function requestStarredRefs(app: RequestContext, identity: Identity): Promise<string[]> {
  let refs = starredPerRequest.get(app);
  if (!refs) starredPerRequest.set(app, (refs = starredEntityRefs(app.userSettings, settingsOwnerOf(identity))));
  return refs;
}

/**
 * The sidebar's starred list, read on every page for a signed-in user, so
 * kept to the settings read and, when anything is starred, one by-refs read
 * for the titles. Entities that are gone or that the user may no longer read
 * are left out.
 */
export async function sidebarStarred(app: RequestContext, identity: Identity | undefined): Promise<StarredLink[] | undefined> {
  if (!identity) return undefined;
  const refs = await requestStarredRefs(app, identity);
  if (refs.length === 0) return [];
  const presentations = await presentRefs(app.catalog, refs, pageCredentials(identity));
  return refs.flatMap((ref) => {
    const presentation = lookupPresentation(presentations, ref);
    return presentations[presentation.entityRef.toLocaleLowerCase("en-US")] ? [{ entityRef: presentation.entityRef, title: presentation.primaryTitle, hover: presentation.secondaryTitle }] : [];
  });
}
