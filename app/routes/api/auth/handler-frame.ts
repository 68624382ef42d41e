import { authApiRoute } from "~/lib/auth/auth-api-route.server";
import { handleFrame } from "~/lib/auth/oauth-routes.server";

// GET /api/auth/{provider}/handler/frame: the provider's callback: posts the result to the popup's opener, or redirects back.
const route = authApiRoute("GET", handleFrame);
export const loader = route;
export const action = route;
