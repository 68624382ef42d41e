import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { parseLimit, parseQueryBody } from "~/lib/catalog/http-params";
import { InputError } from "~/lib/errors";

// POST /api/catalog/locations/by-query {cursor?, limit?, query?}
const route = apiRoute({
  POST: async ({ app, request, credentials }) => {
    const body = await readJsonObject(request);
    if (body.cursor !== undefined && typeof body.cursor !== "string") throw new InputError("Cursor must be a string");
    const limit = body.limit === undefined ? undefined : parseLimit(body.limit);
    return Response.json(await app.catalog.locations.query({ cursor: body.cursor as string | undefined, limit, query: parseQueryBody(body.query) }, { credentials }));
  },
});
export const loader = route;
export const action = route;
