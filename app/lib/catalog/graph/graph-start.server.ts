import { isGuest, type Identity } from "../../auth/identity";
import { pageCredentials } from "../../auth/request-credentials.server";
import type { RequestContext } from "../../context.server";
import type { Entity } from "../entity";
import { PRESENTATION_FIELDS, presentEntity } from "../presentation";
import { sidebarStarred } from "../starred-sidebar.server";
import { MAX_ROOTS } from "./graph-query";
import type { GraphStart } from "./graph-start";

// Where /catalog-graph starts when its URL names no root entity: what the
// visitor owns (through their groups too), or for a guest, or anyone who owns
// nothing, what they starred; and the entities the page's picker offers.

/** How many entities the picker suggests; any other ref can be typed. */
export const MAX_CHOICES = 100;

export async function graphStart(app: RequestContext, identity: Identity): Promise<GraphStart> {
  const credentials = pageCredentials(identity);
  const owners = isGuest(identity) ? [] : identity.ownershipEntityRefs.map((ref) => ref.toLocaleLowerCase("en-US"));
  const [owned, starred] = await Promise.all([
    owners.length
      ? app.catalog.entities.queryEntities(
          { filter: { "relations.ownedBy": { $in: owners } }, orderFields: [{ field: "metadata.name", order: "asc" }], limit: MAX_CHOICES, fields: PRESENTATION_FIELDS },
          { credentials },
        )
      : Promise.resolve({ items: [], totalItems: 0 }),
    sidebarStarred(app, identity).then((links) => links ?? []),
  ]);
  const ownedChoices = (owned.items as Entity[]).map((entity) => {
    const presentation = presentEntity(entity);
    return { entityRef: presentation.entityRef, title: presentation.primaryTitle };
  });
  const starredChoices = starred.map((link) => ({ entityRef: link.entityRef, title: link.title }));
  const seen = new Set<string>();
  const choices = [...ownedChoices, ...starredChoices].filter((choice) => !seen.has(choice.entityRef) && seen.add(choice.entityRef)).slice(0, MAX_CHOICES);
  const source = ownedChoices.length ? "owned" : starredChoices.length ? "starred" : "none";
  const roots = (source === "owned" ? ownedChoices : source === "starred" ? starredChoices : []).slice(0, MAX_ROOTS).map((choice) => choice.entityRef);
  return { roots, source, ownedTotal: owned.totalItems ?? ownedChoices.length, choices };
}
