import type { Credentials } from "../../auth/credentials";
import type { Entity } from "../../catalog/entity";
import type { RequestContext } from "../../context.server";
import { filterTemplates, groupTemplates, templateCardOf, templateFacets, templateFiltersOf } from "./template-list";

/** A catalog holds a handful of templates; more than this is not a list anyone reads. */
const MAX_TEMPLATES = 1000;

/** The templates the caller may read, grouped and filtered as the query says. */
export async function loadTemplateList(app: RequestContext, credentials: Credentials, params: URLSearchParams) {
  const { items } = await app.catalog.entities.listEntitiesPage({ filter: { kind: "template" }, limit: MAX_TEMPLATES, offset: 0 }, { credentials });
  const cards = (items as Entity[]).map(templateCardOf);
  const filters = templateFiltersOf(params);
  const shown = filterTemplates(cards, filters);
  return { filters, facets: templateFacets(cards), total: cards.length, shown: shown.length, groups: groupTemplates(shown) };
}
