import { z } from "zod";
import { apiRoute } from "~/lib/http/api.server";

// POST /api/catalog/refresh {entityRef}: re-reads the entity's location now.
const ENTITY_REF = "Malformed request: entityRef must be a string";
const route = apiRoute({
  POST: {
    body: z.object({ entityRef: z.string({ error: ENTITY_REF }).min(1, { error: ENTITY_REF }) }),
    handler: async ({ app, body, credentials }) => {
      await app.catalog.entities.refresh(body.entityRef, { credentials });
      return new Response(null, { status: 200 });
    },
  },
});
export const loader = route;
export const action = route;
