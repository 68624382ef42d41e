import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";

// POST /api/catalog/analyze-location {location: {type, target}, catalogFilename?}
const route = apiRoute({
  POST: async ({ app, request, credentials }) => {
    const body = await readJsonObject(request);
    const location = body.location as { type?: unknown; target?: unknown } | undefined;
    if (typeof location !== "object" || location === null || typeof location.target !== "string") {
      throw new InputError("Malformed request: location.target must be a string");
    }
    const type = location.type ?? "url";
    if (type !== "url") throw new InputError("Malformed request: location.type must be 'url'");
    const catalogFilename = typeof body.catalogFilename === "string" && body.catalogFilename ? body.catalogFilename : app.config.config.catalog.import.entityFilename;
    if (/[\\/]|^\.\.?$/.test(catalogFilename)) throw new InputError("catalogFilename must be a plain file name");
    return Response.json(await app.catalog.locations.analyze({ type, target: location.target }, catalogFilename, { credentials }));
  },
});
export const loader = route;
export const action = route;
