import type { Entity } from "../../catalog/entity";
import { humanizeEntityRef, parseEntityRef, stringifyEntityRef } from "../../catalog/entity-ref";

// The template list at /create: Template entities as cards, grouped by
// spec.type (Backstage's template categories) and filtered by tag and owner
// with a GET form, so a filtered list is a link and works without JavaScript.

export type TemplateCard = {
  ref: string;
  namespace: string;
  name: string;
  title: string;
  description?: string;
  tags: string[];
  type: string;
  /** The owner's ref as written, and how it reads. */
  owner?: { ref: string; label: string };
};

export type TemplateGroup = { type: string; templates: TemplateCard[] };

export type TemplateFilters = { tags: string[]; owners: string[] };

export function templateFiltersOf(params: URLSearchParams): TemplateFilters {
  const clean = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))].slice(0, 50);
  return { tags: clean(params.getAll("tags")), owners: clean(params.getAll("owners")).map((owner) => owner.toLocaleLowerCase("en-US")) };
}

export function templateCardOf(entity: Entity): TemplateCard {
  const spec = (entity.spec ?? {}) as { type?: unknown; owner?: unknown };
  const namespace = entity.metadata.namespace ?? "default";
  let owner: TemplateCard["owner"];
  if (typeof spec.owner === "string" && spec.owner) {
    try {
      const ref = parseEntityRef(spec.owner, { defaultKind: "group", defaultNamespace: namespace });
      owner = { ref: stringifyEntityRef(ref), label: humanizeEntityRef(ref, { defaultKind: "group" }) };
    } catch {
      owner = { ref: spec.owner, label: spec.owner };
    }
  }
  return {
    ref: stringifyEntityRef(entity),
    namespace,
    name: entity.metadata.name,
    title: entity.metadata.title || entity.metadata.name,
    description: entity.metadata.description,
    tags: (entity.metadata.tags ?? []).filter((tag): tag is string => typeof tag === "string"),
    type: typeof spec.type === "string" && spec.type ? spec.type : "",
    owner,
  };
}

/** Every tag and owner of the templates, for the filter form. */
export function templateFacets(cards: TemplateCard[]): { tags: string[]; owners: Array<{ ref: string; label: string }> } {
  const tags = [...new Set(cards.flatMap((card) => card.tags))].sort();
  const owners = new Map<string, string>();
  for (const card of cards) if (card.owner) owners.set(card.owner.ref, card.owner.label);
  return { tags, owners: [...owners].map(([ref, label]) => ({ ref, label })).sort((a, b) => a.label.localeCompare(b.label)) };
}

/** Cards with any of the chosen tags (when tags are chosen) and one of the chosen owners (when owners are). */
export function filterTemplates(cards: TemplateCard[], filters: TemplateFilters): TemplateCard[] {
  return cards.filter((card) => {
    if (filters.tags.length && !card.tags.some((tag) => filters.tags.includes(tag))) return false;
    if (filters.owners.length && !(card.owner && filters.owners.includes(card.owner.ref))) return false;
    return true;
  });
}

/** Groups by type, types in alphabetical order with untyped templates last; titles in order within. */
export function groupTemplates(cards: TemplateCard[]): TemplateGroup[] {
  const groups = new Map<string, TemplateCard[]>();
  for (const card of [...cards].sort((a, b) => a.title.localeCompare(b.title))) {
    groups.set(card.type, [...(groups.get(card.type) ?? []), card]);
  }
  return [...groups].sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b))).map(([type, templates]) => ({ type, templates }));
}
