import { z } from "zod";
import { apiRoute, query } from "~/lib/http/api.server";
import { offeredIntegrations } from "~/lib/scaffolder/fields/repo-url.server";

// GET /api/scaffolder/v2/integrations?allowedHosts=: the source hosts a
// repository picker offers (host, title, type), restricted to allowedHosts
// when given, in their order. Backstage's picker reads the same list from
// the frontend's config (ScmIntegrationsApi); Atrium's pickers render it on
// the server, and this serves it to clients that need it.
const route = apiRoute({
  GET: {
    query: z.strictObject({ allowedHosts: query.list() }),
    handler: ({ app, query: { allowedHosts } }) => Response.json({ integrations: offeredIntegrations(app.config.config, allowedHosts) }),
  },
});
export const loader = route;
export const action = route;
