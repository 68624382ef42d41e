import { z } from "zod";
import { apiRoute } from "~/lib/http/api.server";
import { mergedAuth, sessionAuthOf } from "~/lib/kubernetes/request-auth.server";
import { customResourcesSchema, entityRefSchema, requestAuthSchema } from "~/lib/kubernetes/request-schemas";

// POST /api/kubernetes/resources/custom/query: only the custom resources
// asked for, of a catalog entity the caller may read.
const route = apiRoute({
  POST: {
    body: z.object({ entityRef: entityRefSchema, auth: requestAuthSchema, customResources: customResourcesSchema }),
    handler: async ({ app, credentials, request, body }) => {
      const auth = mergedAuth(await sessionAuthOf(app, request.headers.get("cookie")), body.auth);
      return Response.json(await app.kubernetes.customResourcesByEntity(credentials, { entityRef: body.entityRef, auth, customResources: body.customResources, signal: request.signal }));
    },
  },
});
export const loader = route;
export const action = route;
