import { authApiRoute } from "~/lib/auth/auth-api-route.server";
import { logout } from "~/lib/auth/oauth-routes.server";

// POST /api/auth/{provider}/logout: ends the provider session.
const route = authApiRoute("POST", logout);
export const loader = route;
export const action = route;
