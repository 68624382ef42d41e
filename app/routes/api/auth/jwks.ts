import { apiRoute } from "~/lib/http/api.server";

// GET /api/auth/.well-known/jwks.json: the public keys user tokens are signed with.
const route = apiRoute({
  GET: { handler: async ({ app }) => Response.json(await app.tokens.jwks(), { headers: { "Cache-Control": "public, max-age=60" } }) },
});
export const loader = route;
export const action = route;
