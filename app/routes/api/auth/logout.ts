import { logout } from "~/lib/auth/oauth-routes.server";
import { apiRoute, pathParams } from "~/lib/http/api.server";

// POST /api/auth/{provider}/logout: ends the provider session.
const route = apiRoute({
  POST: { params: pathParams("provider"), handler: ({ app, request, params }) => logout(app, request, params.provider) },
});
export const loader = route;
export const action = route;
