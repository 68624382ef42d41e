import { refreshAppCookie } from "~/lib/auth/app-cookie.server";
import { apiRoute } from "~/lib/http/api.server";

// GET /api/techdocs/cookie: sets the cookie that lets the browser fetch the
// docs' static files without a bearer token (an <img> sends no header), and
// answers {expiresAt}, as Backstage's techdocs cookie endpoint. In Atrium
// that cookie is the session cookie itself (decision 008), renewed as
// {app}/.backstage/auth/v1/cookie renews it (app/routes/app-cookie.ts).
const route = apiRoute({
  GET: {
    handler: async ({ app }) => {
      const { setCookie, expiresAt } = await refreshAppCookie(app);
      return Response.json({ expiresAt: new Date(expiresAt).toISOString() }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
    },
  },
});
export const loader = route;
export const action = route;
