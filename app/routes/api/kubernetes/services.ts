import { z } from "zod";
import { apiRoute, pathParams } from "~/lib/http/api.server";
import { mergedAuth, sessionAuthOf } from "~/lib/kubernetes/request-auth.server";
import { requestAuthSchema } from "~/lib/kubernetes/request-schemas";

// POST /api/kubernetes/services/{entityName}: the objects of the entity in
// the body on every cluster, as Backstage's (deprecated, still used) route.
const body = z.object({
  entity: z.object(
    { metadata: z.looseObject({ name: z.string().min(1, { error: "entity.metadata.name is required" }), annotations: z.record(z.string(), z.string()).optional() }) },
    { error: "entity is a required field" },
  ),
  auth: requestAuthSchema,
});

const route = apiRoute({
  POST: {
    params: pathParams("entityName"),
    body,
    handler: async ({ app, credentials, request, body }) => {
      const auth = mergedAuth(await sessionAuthOf(app, request.headers.get("cookie")), body.auth);
      return Response.json(await app.kubernetes.objectsByEntity(credentials, { entity: body.entity, auth, signal: request.signal }));
    },
  },
});
export const loader = route;
export const action = route;
