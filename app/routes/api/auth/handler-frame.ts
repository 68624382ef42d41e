import { handleFrame } from "~/lib/auth/oauth-routes.server";
import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/auth/{provider}/handler/frame: the provider's callback: posts the result to the popup's opener, or redirects back.
const route = apiRoute({
  GET: { params: pathParams("provider"), handler: ({ app, request, params }) => handleFrame(app, request, params.provider) },
});
export const loader = route;
export const action = route;
