import { apiRoute, jsonText, pathParams } from "~/lib/http/api.server";

// GET /api/catalog/entities/by-name/:kind/:namespace/:name/ancestry
const route = apiRoute({
  GET: {
    params: pathParams("kind", "namespace", "name"),
    handler: async ({ request, app, params, credentials }) => jsonText(request, await app.catalog.entities.json.ancestry(params.kind, params.namespace, params.name, { credentials })),
  },
});
export const loader = route;
export const action = route;
