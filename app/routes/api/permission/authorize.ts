import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { GUEST_IDENTITY } from "~/lib/auth/identity";
import { offeredSignInOptions } from "~/lib/auth/sign-in.server";
import { authorize, parseAuthorizeRequest } from "~/lib/permission/authorize";

// POST /api/permission/authorize {items: [{id, permission, resourceRef?}]}:
// a decision per item, for the caller (the guest when there is no session
// and guests are admitted).
const route = apiRoute({
  POST: async ({ app, request }) => {
    const body = await readJsonObject(request);
    const options = offeredSignInOptions(app);
    const identity = app.auth.identity ?? (options.length === 0 || options.includes("guest") ? GUEST_IDENTITY : undefined);
    const response = await authorize(parseAuthorizeRequest(body), {
      config: app.config.config.permission,
      identity,
      loadEntity: (ref) => app.catalog.entities.entityByRef(ref),
    });
    return Response.json(response);
  },
});
export const loader = route;
export const action = route;
