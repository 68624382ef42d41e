import type { Credentials } from "../../auth/credentials";
import type { RequestContext } from "../../context.server";
import { RELATION_CHILD_OF, RELATION_HAS_MEMBER, RELATION_MEMBER_OF, RELATION_PARENT_OF, type Entity } from "../entity";
import { entityRefKey, humanizeEntityRef, parseEntityRef, stringifyEntityRef } from "../entity-ref";
import { entityProfile } from "../profile";
import type { CardView, MemberView, OwnershipAggregation, OwnershipBox } from "./entity-page-view";
import { headerTitle, relationRefs } from "./entity-view";

// The cards of Backstage's org plugin for User and Group pages: the profile
// cards, the members list and the ownership counts. Everything is read on the
// server with the visitor's credentials, so what a policy hides is not counted.

/** Backstage's OwnershipCard counts these kinds by default (entityFilterKind). */
export const OWNERSHIP_KINDS = ["Component", "API", "System"] as const;
/** It shows the six kind-and-type pairs with the most entities. */
export const OWNERSHIP_BOXES = 6;
/** Backstage's MembersListCard shows 50 members a page. */
export const MEMBERS_PAGE_SIZE = 50;
/** The catalog index takes at most this many owners in its URL (index-query.ts): the aggregation stops there. */
const MAX_OWNERS = 100;

type PageState = { search: URLSearchParams; tabLink: string; credentials: Credentials };

export function userProfileCard(entity: Entity): CardView {
  const profile = entityProfile(entity);
  return {
    card: "userProfile",
    title: profile.displayName ?? headerTitle(entity).title,
    email: profile.email,
    picture: profile.picture,
    description: entity.metadata.description || undefined,
    memberOf: relationRefs(entity, RELATION_MEMBER_OF, "group"),
  };
}

export function groupProfileCard(entity: Entity): CardView {
  const profile = entityProfile(entity);
  return {
    card: "groupProfile",
    title: profile.displayName ?? headerTitle(entity).title,
    entityRef: stringifyEntityRef(entity),
    email: profile.email,
    picture: profile.picture,
    description: entity.metadata.description || undefined,
    parent: relationRefs(entity, RELATION_CHILD_OF, "group")[0],
    children: relationRefs(entity, RELATION_PARENT_OF, "group"),
  };
}

/** The group's direct members (its hasMember relations), a page of 50 at a time, with their profiles. */
export async function membersListCard(app: RequestContext, entity: Entity, page: PageState): Promise<CardView> {
  const refs = relationRefs(entity, RELATION_HAS_MEMBER, "user").sort((a, b) => a.localeCompare(b, "en-US"));
  const pages = Math.max(1, Math.ceil(refs.length / MEMBERS_PAGE_SIZE));
  const requested = Number(page.search.get("membersPage") ?? "1");
  const current = Number.isInteger(requested) && requested >= 1 && requested <= pages ? requested : 1;
  const shown = refs.slice((current - 1) * MEMBERS_PAGE_SIZE, current * MEMBERS_PAGE_SIZE);
  const { items } = shown.length
    ? await app.catalog.entities.entitiesByRefs({ entityRefs: shown.map((ref) => entityRefKey(ref)), fields: ["kind", "metadata", "spec.profile"] }, { credentials: page.credentials })
    : { items: [] };
  // A member the visitor may not read is not listed.
  const members = items.flatMap((member): MemberView[] => {
    if (!member) return [];
    const found = member as Entity;
    const profile = entityProfile(found);
    return [{ entityRef: stringifyEntityRef(found), displayName: profile.displayName ?? headerTitle(found).title, email: profile.email, picture: profile.picture }];
  });
  const link = (number: number) => `${page.tabLink}?${withParam(page.search, "membersPage", String(number))}#card-members-list-title`;
  return {
    card: "membersList",
    groupTitle: entityProfile(entity).displayName ?? headerTitle(entity).title,
    members,
    total: refs.length,
    page: current,
    pages,
    links: {
      first: current > 1 ? link(1) : undefined,
      previous: current > 1 ? link(current - 1) : undefined,
      next: current < pages ? link(current + 1) : undefined,
      last: current < pages ? link(pages) : undefined,
    },
  };
}

/**
 * Backstage's OwnershipCard: what the entity owns, counted by kind and type.
 * Direct counts the entity's own; aggregated adds, for a User, the groups it
 * is a member of, and for a Group, every group below it. A User opens on
 * aggregated (what the person's teams own), a Group on direct, as in Backstage.
 */
export async function ownershipCard(app: RequestContext, entity: Entity, page: PageState): Promise<CardView> {
  const isUser = entity.kind.toLocaleLowerCase("en-US") === "user";
  const requested = page.search.get("ownership");
  const aggregation: OwnershipAggregation = requested === "direct" || requested === "aggregated" ? requested : isUser ? "aggregated" : "direct";
  const owners = aggregation === "direct" ? [stringifyEntityRef(entity)] : await aggregatedOwners(app, entity, page.credentials);
  const ownedBy = { "relations.ownedBy": { $in: owners.map((ref) => ref.toLocaleLowerCase("en-US")) } };
  const call = { credentials: page.credentials };
  const [byKind, ...byType] = await Promise.all([
    app.catalog.entities.facets({ facets: ["kind"], filter: { $all: [{ kind: { $in: [...OWNERSHIP_KINDS] } }, ownedBy] } }, call),
    ...OWNERSHIP_KINDS.map((kind) => app.catalog.entities.facets({ facets: ["spec.type"], filter: { $all: [{ kind }, ownedBy] } }, call)),
  ]);
  const counts: Array<Omit<OwnershipBox, "href">> = [];
  OWNERSHIP_KINDS.forEach((kind, index) => {
    const types = byType[index].facets["spec.type"] ?? [];
    types.forEach(({ value, count }) => counts.push({ kind, type: value, count }));
    // Entities without a type count under their kind, as Backstage counts them.
    const ofKind = (byKind.facets.kind ?? []).find((facet) => facet.value.toLocaleLowerCase("en-US") === kind.toLocaleLowerCase("en-US"))?.count ?? 0;
    const untyped = ofKind - types.reduce((sum, facet) => sum + facet.count, 0);
    if (untyped > 0) counts.push({ kind, count: untyped });
  });
  const boxes = counts
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || (a.type ?? "").localeCompare(b.type ?? ""))
    .slice(0, OWNERSHIP_BOXES)
    .map((box) => ({ ...box, href: catalogLink(box, owners) }));
  const toggle = (value: OwnershipAggregation) => `${page.tabLink}?${withParam(page.search, "ownership", value)}#card-ownership-title`;
  return { card: "ownership", aggregation, boxes, links: { direct: toggle("direct"), aggregated: toggle("aggregated") } };
}

/** A User and the groups it is a member of; a Group and every group below it (breadth first, cycles and repeats skipped). */
async function aggregatedOwners(app: RequestContext, entity: Entity, credentials: Credentials): Promise<string[]> {
  const self = stringifyEntityRef(entity);
  if (entity.kind.toLocaleLowerCase("en-US") === "user") return [self, ...relationRefs(entity, RELATION_MEMBER_OF, "group")].slice(0, MAX_OWNERS);
  const found = new Set([entityRefKey(self)]);
  const owners = [self];
  let level = relationRefs(entity, RELATION_PARENT_OF, "group");
  while (level.length && owners.length < MAX_OWNERS) {
    const fresh = level.filter((ref) => !found.has(entityRefKey(ref))).slice(0, MAX_OWNERS - owners.length);
    if (!fresh.length) break;
    fresh.forEach((ref) => found.add(entityRefKey(ref)));
    const { items } = await app.catalog.entities.entitiesByRefs({ entityRefs: fresh.map((ref) => entityRefKey(ref)), fields: ["kind", "metadata", "relations"] }, { credentials });
    const readable = items.filter((item): item is Entity => Boolean(item));
    owners.push(...readable.map((group) => stringifyEntityRef(group)));
    level = readable.flatMap((group) => relationRefs(group, RELATION_PARENT_OF, "group"));
  }
  return owners;
}

/** The catalog index filtered to the box's kind, type and owners, for everyone's entities (Backstage's link). */
function catalogLink(box: { kind: string; type?: string }, owners: string[]): string {
  const params = new URLSearchParams();
  params.set("filters[kind]", box.kind.toLocaleLowerCase("en-US"));
  if (box.type) params.set("filters[type]", box.type);
  for (const owner of owners) params.append("filters[owners]", humanizeEntityRef(parseEntityRef(owner), { defaultKind: "group" }));
  params.set("filters[user]", "all");
  return `/catalog?${params}`;
}

function withParam(search: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(search);
  next.set(name, value);
  return next.toString();
}
