import { z } from "zod";
import { apiRoute, query } from "~/lib/http/api.server";

// /api/catalog/locations: GET lists registered locations as [{data}];
// POST registers one (201 {location, entities}), or with dryRun shows what it would register.
const TYPE_AND_TARGET = "Malformed request: type and target must be strings";

const route = apiRoute({
  GET: { handler: async ({ app, credentials }) => Response.json((await app.catalog.locations.list({ credentials })).map((data) => ({ data }))) },
  POST: {
    query: z.strictObject({
      dryRun: query.string().transform((value) => /^(true|yes|y|1|on)$/i.test(value ?? "")),
      onConflict: query.string().pipe(z.enum(["reject", "refresh"], { error: "Invalid onConflict parameter, expected 'reject' or 'refresh'" }).default("reject")),
    }),
    body: z.strictObject({
      type: z.string({ error: TYPE_AND_TARGET }).default("url"),
      target: z.string({ error: TYPE_AND_TARGET }).min(1, { error: TYPE_AND_TARGET }),
      presence: z.enum(["required", "optional"], { error: "Malformed request: presence must be 'required' or 'optional'" }).optional(),
    }),
    handler: async ({ app, query, body, credentials }) => {
      const result = await app.catalog.locations.add({ type: body.type, target: body.target }, query, { credentials });
      return Response.json(result, { status: 201 });
    },
  },
});
export const loader = route;
export const action = route;
