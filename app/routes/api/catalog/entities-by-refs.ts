import { apiRoute, allowQueryParams, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";
import { parseFields } from "~/lib/catalog/fields";
import { parseQueryBody, stringList } from "~/lib/catalog/http-params";
import { andPredicates, parseFilterParams } from "~/lib/catalog/query/predicate";

// POST /api/catalog/entities/by-refs: entities in request order, null where missing.
export const MAX_REFS_PER_REQUEST = 10_000;

const route = apiRoute({
  POST: async ({ app, request, url, credentials }) => {
    allowQueryParams(url, ["filter", "fields"]);
    const body = await readJsonObject(request);
    const entityRefs = stringList(body.entityRefs, "entityRefs");
    if (!entityRefs) throw new InputError("Malformed request body (did you remember to specify an application/json content type?), entityRefs is required");
    if (entityRefs.length > MAX_REFS_PER_REQUEST) throw new InputError(`At most ${MAX_REFS_PER_REQUEST} entity refs may be requested at once`);
    const fields = [...(parseFields(url.searchParams.getAll("fields")) ?? []), ...(stringList(body.fields, "fields") ?? [])];
    const filter = andPredicates(parseFilterParams(url.searchParams.getAll("filter")), parseQueryBody(body.query));
    return Response.json(await app.catalog.entities.entitiesByRefs({ entityRefs, fields: fields.length ? fields : undefined, filter }, { credentials }));
  },
});
export const loader = route;
export const action = route;
