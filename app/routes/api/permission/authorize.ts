import { z } from "zod";
import { identityOf } from "~/lib/auth/credentials";
import { RESOURCE_TYPE_CATALOG_ENTITY } from "~/lib/catalog/permission/permissions";
import { entityForPermission } from "~/lib/catalog/permission/resources.server";
import { apiRoute, parsedBy } from "~/lib/http/api.server";
import { authorize, parseAuthorizeRequest } from "~/lib/permission/authorize";

// POST /api/permission/authorize {items: [{id, permission, resourceRef?}]}:
// a decision per item, for the caller: a user (a guest has a guest session),
// or a service principal with a static token.
const route = apiRoute({
  POST: {
    // The permission core keeps the request's schema and its messages.
    body: z.record(z.string(), z.unknown()).transform(parsedBy(parseAuthorizeRequest)),
    handler: async ({ app, body, credentials }) =>
      Response.json(
        await authorize(body, {
          config: app.permissions.config,
          identity: identityOf(credentials),
          decide: (permission) => app.permissions.decide(credentials, permission),
          // Conditions are settled against the resource itself. Atrium keeps only catalog entities so far:
          // a resourceRef of another type names nothing, and its conditional decision is DENY.
          loadResource: async (resourceType, ref) => (resourceType === RESOURCE_TYPE_CATALOG_ENTITY ? entityForPermission(app.catalog, ref) : undefined),
        }),
      ),
  },
});
export const loader = route;
export const action = route;
