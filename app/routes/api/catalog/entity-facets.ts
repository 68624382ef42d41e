import { z } from "zod";
import { parseQueryBody, stringList } from "~/lib/catalog/http-params";
import { parseFilterParams } from "~/lib/catalog/query/predicate";
import { apiRoute, parsedBy, query } from "~/lib/http/api.server";
import { sharedJsonResponse } from "~/lib/http/content-encoding.server";

// /api/catalog/entity-facets: GET with facet and filter parameters, POST with a predicate.
const route = apiRoute({
  GET: {
    query: z.strictObject({
      facet: query
        .list()
        .transform((facets) => facets.filter(Boolean))
        .refine((facets) => facets.length > 0, { error: "Missing facet parameter" }),
      filter: query.list().transform(parsedBy(parseFilterParams)),
    }),
    handler: async ({ app, request, query, credentials }) => sharedJsonResponse(request, await app.catalog.entities.json.facets({ facets: query.facet, filter: query.filter }, { credentials })),
  },
  POST: {
    body: z.object({
      facets: z
        .unknown()
        .optional()
        .transform(parsedBy((value) => stringList(value, "facets")?.filter(Boolean) ?? []))
        .refine((facets) => facets.length > 0, { error: "Missing or empty facets parameter" }),
      query: z.unknown().optional().transform(parsedBy(parseQueryBody)),
    }),
    handler: async ({ app, request, body, credentials }) => sharedJsonResponse(request, await app.catalog.entities.json.facets({ facets: body.facets, query: body.query }, { credentials })),
  },
});
export const loader = route;
export const action = route;
