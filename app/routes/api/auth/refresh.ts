import { authApiRoute } from "~/lib/auth/auth-api-route.server";
import { refreshSession } from "~/lib/auth/oauth-routes.server";

// GET /api/auth/{provider}/refresh: a fresh provider session from the refresh-token cookie.
const route = authApiRoute("GET", refreshSession);
export const loader = route;
export const action = route;
