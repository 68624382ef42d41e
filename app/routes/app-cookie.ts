import { refreshAppCookie, removedAppCookie } from "~/lib/auth/app-cookie.server";
import { apiRoute } from "~/lib/http/api.server";

// GET {app}/.backstage/auth/v1/cookie: renews the signed-in user's app cookie
// and answers {expiresAt}; DELETE removes it (on sign-out). As in Backstage,
// every client of the app keeps its cookie alive through this one path.
const route = apiRoute({
  GET: {
    handler: async ({ app }) => {
      const { setCookie, expiresAt } = await refreshAppCookie(app);
      return Response.json({ expiresAt: new Date(expiresAt).toISOString() }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
    },
  },
  DELETE: { handler: ({ app }) => new Response(null, { status: 204, headers: { "Set-Cookie": removedAppCookie(app) } }) },
});
export const loader = route;
export const action = route;
