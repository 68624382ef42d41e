import { refreshSession } from "~/lib/auth/oauth-routes.server";
import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/auth/{provider}/refresh: a fresh provider session from the refresh-token cookie.
const route = apiRoute({
  GET: { params: pathParams("provider"), handler: ({ app, request, params }) => refreshSession(app, request, params.provider) },
});
export const loader = route;
export const action = route;
