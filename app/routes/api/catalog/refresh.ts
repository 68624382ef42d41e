import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";

// POST /api/catalog/refresh {entityRef}: re-reads the entity's location now.
const route = apiRoute({
  POST: async ({ app, request, credentials }) => {
    const body = await readJsonObject(request);
    if (typeof body.entityRef !== "string" || !body.entityRef) throw new InputError("Malformed request: entityRef must be a string");
    await app.catalog.entities.refresh(body.entityRef, { credentials });
    return new Response(null, { status: 200 });
  },
});
export const loader = route;
export const action = route;
