import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { errorBodyFor } from "~/lib/http/error-response.server";

// POST /api/catalog/validate-entity {entity, location}: 200 when valid, else
// 400 with {errors: [{name, message}]}, the shape Backstage's client reads,
// for a body that does not parse too: so the body is read here, not by apiRoute.
const route = apiRoute({
  POST: {
    handler: async ({ app, request, credentials }) => {
      let body: Record<string, unknown>;
      try {
        body = await readJsonObject(request);
      } catch (error) {
        const { error: serialized, response } = errorBodyFor(error, request);
        if (response.statusCode !== 400) throw error;
        return Response.json({ errors: [{ name: serialized.name, message: serialized.message }] }, { status: 400 });
      }
      const errors = await app.catalog.locations.validateEntity(body.entity, body.location, { credentials });
      return errors.length ? Response.json({ errors }, { status: 400 }) : new Response(null, { status: 200 });
    },
  },
});
export const loader = route;
export const action = route;
