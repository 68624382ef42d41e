import { apiRoute } from "~/lib/http/api.server";

// GET /api/kubernetes/clusters: each cluster's name, title, dashboard and
// auth provider, never its URL or credentials.
const route = apiRoute({
  GET: {
    handler: async ({ app, credentials }) => Response.json(await app.kubernetes.clusters(credentials)),
  },
});
export const loader = route;
export const action = route;
