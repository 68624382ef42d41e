import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { identityOf, INTERNAL_CREDENTIALS } from "~/lib/auth/credentials";
import { authorize, parseAuthorizeRequest } from "~/lib/permission/authorize";

// POST /api/permission/authorize {items: [{id, permission, resourceRef?}]}:
// a decision per item, for the caller: a user (the guest when there is no
// session and guests are admitted), or a service principal with a static token.
const route = apiRoute({
  POST: async ({ app, request, credentials }) => {
    const body = await readJsonObject(request);
    const response = await authorize(parseAuthorizeRequest(body), {
      config: app.permissions.config,
      identity: identityOf(credentials),
      decide: (permission) => app.permissions.decide(credentials, permission),
      // Conditions are settled against the entity itself, whoever may read it.
      loadEntity: (ref) => app.catalog.entities.entityByRef(ref, { credentials: INTERNAL_CREDENTIALS }),
    });
    return Response.json(response);
  },
});
export const loader = route;
export const action = route;
