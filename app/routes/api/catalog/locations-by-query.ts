import { z } from "zod";
import { parseLimit, parseQueryBody } from "~/lib/catalog/http-params";
import { apiRoute, parsedBy } from "~/lib/http/api.server";

// POST /api/catalog/locations/by-query {cursor?, limit?, query?}
const route = apiRoute({
  POST: {
    body: z.object({
      cursor: z.string({ error: "Cursor must be a string" }).optional(),
      limit: z.unknown().optional().transform(parsedBy(parseLimit)),
      query: z.unknown().optional().transform(parsedBy(parseQueryBody)),
    }),
    handler: async ({ app, body, credentials }) => Response.json(await app.catalog.locations.query(body, { credentials })),
  },
});
export const loader = route;
export const action = route;
