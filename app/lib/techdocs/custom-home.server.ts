import type { Credentials } from "../auth/credentials";
import type { Identity } from "../auth/identity";
import type { Entity } from "../catalog/entity";
import { presentRefs } from "../catalog/presentation.server";
import type { FilterPredicate } from "../catalog/query/predicate";
import type { RequestContext } from "../context.server";
import { selectedTab, type CustomHomeConfig, type CustomHomeData, type CustomHomePanelConfig } from "./custom-home";
import { docsFilter, docsRow, TECHDOCS_REF } from "./docs-index.server";

// The custom home's panels of one tab, each one query with the caller's
// credentials, side by side.

const FIELDS = ["kind", "metadata.name", "metadata.namespace", "metadata.title", "metadata.description", "spec.type", "relations"];
const HAS_DOCS: FilterPredicate = { [`metadata.annotations.${TECHDOCS_REF}`]: { $exists: true } };

async function panelFilter(app: RequestContext, identity: Identity | undefined, panel: CustomHomePanelConfig): Promise<FilterPredicate> {
  const predicate = panel.filterPredicate;
  if (typeof predicate === "string") return docsFilter(app, identity, predicate);
  if ("entityRefs" in predicate) {
    const alternatives = predicate.entityRefs.flatMap((ref): FilterPredicate[] => {
      const match = /^([^:]+):(?:([^/]+)\/)?(.+)$/.exec(ref);
      return match ? [{ kind: match[1], "metadata.namespace": match[2] ?? "default", "metadata.name": match[3] }] : [];
    });
    return { $all: [HAS_DOCS, { $any: alternatives }] };
  }
  const parts: FilterPredicate[] = Object.entries(predicate.filter).map(([field, value]) => ({ [field]: Array.isArray(value) ? { $in: value } : value }));
  return { $all: [HAS_DOCS, ...parts] };
}

export async function loadCustomHome(app: RequestContext, identity: Identity | undefined, credentials: Credentials, config: CustomHomeConfig, params: URLSearchParams): Promise<CustomHomeData> {
  const tabIndex = selectedTab(config, params.get("tab"));
  const tab = config.tabs[tabIndex];
  const panels = await Promise.all(
    tab.panels.map(async (panel) => {
      const filter = await panelFilter(app, identity, panel);
      const page = await app.catalog.entities.queryEntities({ filter, orderFields: [{ field: "metadata.name", order: "asc" }], limit: panel.limit, fields: FIELDS }, { credentials });
      return { title: panel.title, description: panel.description, panelType: panel.panelType, rows: (page.items as Entity[]).map(docsRow) };
    }),
  );
  const presentations = await presentRefs(
    app.catalog,
    panels.flatMap((panel) => panel.rows.flatMap((row) => row.ownerRefs)),
    credentials,
  );
  return {
    tabs: config.tabs.map((candidate, index) => ({ label: candidate.label, href: `/docs?tab=${index}`, selected: index === tabIndex })),
    panels,
    presentations,
  };
}
