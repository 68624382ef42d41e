import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";

// GET, PUT and DELETE /api/catalog/locations/:id
const route = apiRoute({
  GET: async ({ app, params, credentials }) => Response.json(await app.catalog.locations.get(params.id!, { credentials })),
  PUT: async ({ app, params, request, credentials }) => {
    const body = await readJsonObject(request);
    const { type = "url", target } = body as { type?: unknown; target?: unknown };
    if (typeof type !== "string" || typeof target !== "string" || !target) throw new InputError("Malformed request: type and target must be strings");
    return Response.json(await app.catalog.locations.update(params.id!, { type, target }, { credentials }));
  },
  DELETE: async ({ app, params, credentials }) => {
    await app.catalog.locations.remove(params.id!, { credentials });
    return new Response(null, { status: 204 });
  },
});
export const loader = route;
export const action = route;
