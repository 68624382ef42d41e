import { z } from "zod";
import { apiRoute } from "~/lib/http/api.server";
import { autocomplete } from "~/lib/scaffolder/autocomplete/autocomplete.server";

// POST /api/scaffolder/v2/autocomplete/:provider/:resource {token, context}:
// what RepoUrlPicker offers, asked of the source host with the user's token.
const MISSING_TOKEN = "Missing token query parameter";
const route = apiRoute({
  POST: {
    params: z.object({ provider: z.string(), resource: z.string() }),
    body: z.object({
      token: z.string({ error: MISSING_TOKEN }).min(1, { error: MISSING_TOKEN }),
      context: z.record(z.string(), z.string({ error: "Malformed request: context values must be strings" })).default({}),
    }),
    handler: async ({ app, params, body, request }) => {
      const result = await autocomplete({ integrations: app.config.config.integrations, signal: request.signal }, params.provider, {
        resource: params.resource,
        token: body.token,
        context: body.context,
      });
      return Response.json(result);
    },
  },
});
export const loader = route;
export const action = route;
