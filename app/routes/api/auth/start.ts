import { authApiRoute } from "~/lib/auth/auth-api-route.server";
import { startFlow } from "~/lib/auth/oauth-routes.server";

// GET /api/auth/{provider}/start: the start of a provider's sign-in: redirects the browser to the provider.
const route = authApiRoute("GET", startFlow);
export const loader = route;
export const action = route;
