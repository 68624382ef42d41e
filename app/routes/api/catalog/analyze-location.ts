import { z } from "zod";
import { apiRoute } from "~/lib/http/api.server";

// POST /api/catalog/analyze-location {location: {type, target}, catalogFilename?}
const TARGET = "Malformed request: location.target must be a string";
const route = apiRoute({
  POST: {
    body: z.object({
      location: z.object(
        {
          type: z.literal("url", { error: "Malformed request: location.type must be 'url'" }).default("url"),
          target: z.string({ error: TARGET }),
        },
        { error: TARGET },
      ),
      // Anything but a non-empty string means the configured file name.
      catalogFilename: z
        .unknown()
        .optional()
        .transform((value) => (typeof value === "string" && value ? value : undefined))
        .refine((value) => value === undefined || !/[\\/]|^\.\.?$/.test(value), { error: "catalogFilename must be a plain file name" }),
    }),
    handler: async ({ app, body, credentials }) => {
      const catalogFilename = body.catalogFilename ?? app.config.config.catalog.import.entityFilename;
      return Response.json(await app.catalog.locations.analyze(body.location, catalogFilename, { credentials }));
    },
  },
});
export const loader = route;
export const action = route;
