import { z } from "zod";
import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET, PUT {type?, target} and DELETE /api/catalog/locations/:id
const params = pathParams("id");
const TYPE_AND_TARGET = "Malformed request: type and target must be strings";
const locationBody = z.object({
  type: z.string({ error: TYPE_AND_TARGET }).default("url"),
  target: z.string({ error: TYPE_AND_TARGET }).min(1, { error: TYPE_AND_TARGET }),
});

const route = apiRoute({
  GET: { params, handler: async ({ app, params, credentials }) => Response.json(await app.catalog.locations.get(params.id, { credentials })) },
  PUT: {
    params,
    body: locationBody,
    handler: async ({ app, params, body, credentials }) => Response.json(await app.catalog.locations.update(params.id, body, { credentials })),
  },
  DELETE: {
    params,
    handler: async ({ app, params, credentials }) => {
      await app.catalog.locations.remove(params.id, { credentials });
      return new Response(null, { status: 204 });
    },
  },
});
export const loader = route;
export const action = route;
