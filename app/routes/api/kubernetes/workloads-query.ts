import { z } from "zod";
import { apiRoute } from "~/lib/http/api.server";
import { mergedAuth, sessionAuthOf } from "~/lib/kubernetes/request-auth.server";
import { entityRefSchema, requestAuthSchema } from "~/lib/kubernetes/request-schemas";

// POST /api/kubernetes/resources/workloads/query: the objects of a catalog
// entity the caller may read, named by its ref.
const route = apiRoute({
  POST: {
    body: z.object({ entityRef: entityRefSchema, auth: requestAuthSchema }),
    handler: async ({ app, credentials, request, body }) => {
      const auth = mergedAuth(await sessionAuthOf(app, request.headers.get("cookie")), body.auth);
      return Response.json(await app.kubernetes.workloadsByEntity(credentials, { entityRef: body.entityRef, auth, signal: request.signal }));
    },
  },
});
export const loader = route;
export const action = route;
