import { z } from "zod";
import type { Presentations } from "../catalog/presentation";
import type { DocsIndexRow } from "./docs-index";

// The docs custom home (Backstage's TechDocsCustomHome): tabs of panels, each
// panel a set of documented entities (the visitor's owned or starred ones,
// every one, a configured list of refs, or a catalog filter) shown as cards
// or a table. Configured in techdocs.customHome; without it /docs is the
// index with filters.

const panelSchema = z.object({
  title: z.string().min(1),
  description: z.string().optional(),
  panelType: z.enum(["DocsCardGrid", "DocsTable"]).default("DocsCardGrid"),
  /** owned, starred, all; or featured docs: a list of entity refs, or a catalog filter (field: value or values). */
  filterPredicate: z
    .union([
      z.enum(["owned", "starred", "all"]),
      z.object({ entityRefs: z.array(z.string().min(1)).min(1).max(100) }).strict(),
      z.object({ filter: z.record(z.string().min(1), z.union([z.string(), z.array(z.string()).max(100)])) }).strict(),
    ])
    .default("all"),
  /** How many entities the panel shows at most. */
  limit: z.number().int().min(1).max(100).default(10),
});

export const customHomeSchema = z.object({
  tabs: z
    .array(z.object({ label: z.string().min(1), panels: z.array(panelSchema).min(1).max(20) }))
    .min(1)
    .max(10),
});

export type CustomHomeConfig = z.output<typeof customHomeSchema>;
export type CustomHomePanelConfig = z.output<typeof panelSchema>;

export type CustomHomeData = {
  tabs: Array<{ label: string; href: string; selected: boolean }>;
  panels: Array<{ title: string; description?: string; panelType: CustomHomePanelConfig["panelType"]; rows: DocsIndexRow[] }>;
  presentations: Presentations;
};

/** The tab a `?tab=` parameter selects (its index), the first when absent or wrong. */
export function selectedTab(config: CustomHomeConfig, value: string | null): number {
  const index = Number(value ?? "0");
  return Number.isInteger(index) && index >= 0 && index < config.tabs.length ? index : 0;
}
