import { apiRoute, allowQueryParams, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";
import { parseQueryBody, stringList } from "~/lib/catalog/http-params";
import { parseFilterParams } from "~/lib/catalog/query/predicate";
import { facetsJson } from "~/lib/catalog/catalog-service.server";

const json = (body: string) => new Response(body, { headers: { "content-type": "application/json" } });

// /api/catalog/entity-facets: GET with facet and filter parameters, POST with a predicate.
const route = apiRoute({
  GET: async ({ app, url, credentials }) => {
    allowQueryParams(url, ["facet", "filter"]);
    const facets = url.searchParams.getAll("facet").filter(Boolean);
    if (facets.length === 0) throw new InputError("Missing facet parameter");
    return json(facetsJson(await app.catalog.entities.facets({ facets, filter: parseFilterParams(url.searchParams.getAll("filter")) }, { credentials })));
  },
  POST: async ({ app, request, credentials }) => {
    const body = await readJsonObject(request);
    const facets = stringList(body.facets, "facets")?.filter(Boolean);
    if (!facets?.length) throw new InputError("Missing or empty facets parameter");
    return json(facetsJson(await app.catalog.entities.facets({ facets, query: parseQueryBody(body.query) }, { credentials })));
  },
});
export const loader = route;
export const action = route;
