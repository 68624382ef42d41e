import { z } from "zod";
import { BUILT_IN_CARDS, type CardConfig, isRelationCardName, RELATION_CARDS, type RelationsCardDefinition } from "./cards";
import { entityConditionSchema } from "./conditions";
import { DEFAULT_LAYOUTS } from "./default-layouts";
import { subRoutePathProblem } from "./sub-route-paths";

// catalog.entityPage in app-config: which tabs and cards an entity page has,
// per kind and spec type, without code (docs/decisions/013-entity-page-layout.md).
//
//   catalog:
//     entityPage:
//       layouts:
//         - if: { kind: Component, type: [service, website] }
//           tabs:
//             - { path: /, title: Overview, cards: [about, links, subcomponents] }
//             - { path: /api, title: API, cards: [providedApis, consumedApis] }
//       breadcrumbRelations: [partOf, childOf]
//       menu:
//         unregister: enabled        # or disabled, hidden
//         items: [{ title: Runbook, href: https://runbooks.example/ }]
//
// Configured layouts are tried before the built-in ones; the first whose
// `if` accepts the entity is the page's.

const builtInCardName = z.enum(BUILT_IN_CARDS);

const cardSchema = z
  .union([
    builtInCardName,
    z.object({ card: builtInCardName, if: entityConditionSchema.optional() }).strict(),
    z
      .object({
        relations: z.string().min(1),
        kind: z.union([z.string().min(1), z.array(z.string().min(1))]).optional(),
        title: z.string().min(1),
        if: entityConditionSchema.optional(),
      })
      .strict(),
  ])
  .transform((card): CardConfig => {
    if (typeof card === "string") return normalise(card);
    if ("card" in card) return { ...normalise(card.card), ...(card.if ? { if: card.if } : {}) };
    const kinds = card.kind === undefined ? undefined : Array.isArray(card.kind) ? card.kind : [card.kind];
    return { card: "relations", relation: card.relations, kinds, title: card.title, ...(card.if ? { if: card.if } : {}) };
  });

function normalise(name: (typeof BUILT_IN_CARDS)[number]): CardConfig {
  if (!isRelationCardName(name)) return { card: name };
  const definition: RelationsCardDefinition = RELATION_CARDS[name];
  return { card: "relations", name, relation: definition.relation, kinds: definition.kinds ? [...definition.kinds] : undefined };
}

const tabSchema = z
  .object({
    path: z.string().superRefine((path, ctx) => {
      const problem = subRoutePathProblem(path);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    title: z.string().min(1),
    if: entityConditionSchema.optional(),
    cards: z.array(cardSchema).min(1),
  })
  .strict();

const layoutSchema = z
  .object({
    if: entityConditionSchema.optional(),
    tabs: z.array(tabSchema).min(1),
  })
  .strict()
  .superRefine((layout, ctx) => {
    const seen = new Set<string>();
    layout.tabs.forEach((tab, index) => {
      if (seen.has(tab.path)) ctx.addIssue({ code: "custom", path: ["tabs", index, "path"], message: `Sub-route path '${tab.path}' is used by two tabs of this layout` });
      seen.add(tab.path);
    });
    if (!seen.has("/")) ctx.addIssue({ code: "custom", path: ["tabs"], message: "A layout needs a tab at path '/' (the entity page itself)" });
  });

export type EntityPageLayout = z.output<typeof layoutSchema>;
export type EntityPageTab = EntityPageLayout["tabs"][number];

const menuItemSchema = z.object({ title: z.string().min(1), href: z.string().min(1) }).strict();

export const entityPageConfigSchema = z
  .object({
    layouts: z.array(layoutSchema).default([]),
    breadcrumbRelations: z.array(z.string().min(1)).default(["partOf", "childOf"]),
    menu: z
      .object({
        unregister: z.enum(["enabled", "disabled", "hidden"]).default("enabled"),
        items: z.array(menuItemSchema).default([]),
      })
      .prefault({}),
  })
  .prefault({});

export type EntityPageConfig = z.output<typeof entityPageConfigSchema>;

/** The layouts to try, in order: the configured ones, then the built-in set (which covers every kind). */
export function layoutsOf(config: EntityPageConfig): EntityPageLayout[] {
  return [...config.layouts, ...builtInLayouts()];
}

let parsedDefaults: EntityPageLayout[] | undefined;
function builtInLayouts(): EntityPageLayout[] {
  parsedDefaults ??= z.array(layoutSchema).parse(DEFAULT_LAYOUTS);
  return parsedDefaults;
}
