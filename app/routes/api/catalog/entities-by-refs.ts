import { z } from "zod";
import { parseFields } from "~/lib/catalog/fields";
import { parseQueryBody, stringList } from "~/lib/catalog/http-params";
import { andPredicates, parseFilterParams } from "~/lib/catalog/query/predicate";
import { apiRoute, jsonText, parsedBy, query } from "~/lib/http/api.server";

// POST /api/catalog/entities/by-refs: entities in request order, null where missing.
export const MAX_REFS_PER_REQUEST = 10_000;

const route = apiRoute({
  POST: {
    query: z.strictObject({
      filter: query.list().transform(parsedBy(parseFilterParams)),
      fields: query.list().transform(parsedBy(parseFields)),
    }),
    body: z.object({
      entityRefs: z
        .array(z.string({ error: "entityRefs must be an array of strings" }), {
          error: (issue) =>
            issue.input === undefined ? "Malformed request body (did you remember to specify an application/json content type?), entityRefs is required" : "entityRefs must be an array of strings",
        })
        .max(MAX_REFS_PER_REQUEST, { error: `At most ${MAX_REFS_PER_REQUEST} entity refs may be requested at once` }),
      fields: z
        .unknown()
        .optional()
        .transform(parsedBy((value) => stringList(value, "fields") ?? [])),
      query: z.unknown().optional().transform(parsedBy(parseQueryBody)),
    }),
    handler: async ({ request, app, query, body, credentials }) => {
      const fields = [...(query.fields ?? []), ...body.fields];
      const filter = andPredicates(query.filter, body.query);
      return jsonText(request, await app.catalog.entities.json.entitiesByRefs({ entityRefs: body.entityRefs, fields: fields.length ? fields : undefined, filter }, { credentials }));
    },
  },
});
export const loader = route;
export const action = route;
