import { startFlow } from "~/lib/auth/oauth-routes.server";
import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/auth/{provider}/start: the start of a provider's sign-in: redirects the browser to the provider.
const route = apiRoute({
  GET: { params: pathParams("provider"), handler: ({ app, request, params }) => startFlow(app, request, params.provider) },
});
export const loader = route;
export const action = route;
