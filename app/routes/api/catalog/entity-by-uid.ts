import { apiRoute, jsonText, pathParams } from "~/lib/http/api.server";

// GET and DELETE /api/catalog/entities/by-uid/:uid (DELETE answers 204 whether or not it existed).
const params = pathParams("uid");
const route = apiRoute({
  GET: { params, handler: async ({ request, app, params, credentials }) => jsonText(request, await app.catalog.entities.json.entityByUid(params.uid, { credentials })) },
  DELETE: {
    params,
    handler: async ({ app, params, credentials }) => {
      await app.catalog.entities.deleteEntityByUid(params.uid, { credentials });
      return new Response(null, { status: 204 });
    },
  },
});
export const loader = route;
export const action = route;
