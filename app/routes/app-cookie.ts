import { refreshAppCookie } from "~/lib/auth/app-cookie.server";
import { signOut } from "~/lib/auth/sign-in.server";
import { apiRoute } from "~/lib/http/api.server";

// GET {app}/.backstage/auth/v1/cookie: renews the signed-in user's app cookie
// and answers {expiresAt}; DELETE removes it and ends the session (sign-out). As in Backstage,
// every client of the app keeps its cookie alive through this one path.
const route = apiRoute({
  GET: {
    handler: async ({ app }) => {
      const { setCookie, expiresAt } = await refreshAppCookie(app);
      return Response.json({ expiresAt: new Date(expiresAt).toISOString() }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
    },
  },
  DELETE: { handler: async ({ app }) => new Response(null, { status: 204, headers: { "Set-Cookie": await signOut(app) } }) },
});
export const loader = route;
export const action = route;
