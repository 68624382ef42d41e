import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/catalog/locations/by-entity/:kind/:namespace/:name
const route = apiRoute({
  GET: {
    params: pathParams("kind", "namespace", "name"),
    handler: async ({ app, params, credentials }) => Response.json(await app.catalog.locations.byEntity(params.kind, params.namespace, params.name, { credentials })),
  },
});
export const loader = route;
export const action = route;
