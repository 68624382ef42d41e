import type { RequestContext } from "~/lib/context.server";
import { AuthenticationError, NotAllowedError } from "~/lib/errors";
import { apiRoute, readJsonObject } from "~/lib/http/api.server";
import { MAX_SETTING_VALUE_BYTES } from "~/lib/settings/user-settings.server";

// Backstage's user-settings API: GET, PUT {value} and DELETE
// /api/user-settings/buckets/{bucket}/keys/{key}, for the signed-in user only.

/** Room for the {"value": …} wrapper around the largest value allowed. */
const MAX_BODY_BYTES = MAX_SETTING_VALUE_BYTES + 1024;

function address(app: RequestContext, params: Record<string, string | undefined>) {
  // Settings belong to users; a static token is a service (Backstage allows only user credentials here).
  if (app.auth.service) throw new NotAllowedError("This endpoint does not allow 'service' credentials");
  const userEntityRef = app.auth.identity?.userEntityRef;
  if (!userEntityRef) throw new AuthenticationError("Missing token in 'authorization' header");
  return { userEntityRef, bucket: params.bucket ?? "", key: params.key ?? "" };
}

const route = apiRoute({
  GET: async ({ app, params }) => Response.json(await app.userSettings.get(address(app, params))),
  PUT: async ({ app, params, request }) => {
    const where = address(app, params);
    const body = await readJsonObject(request, MAX_BODY_BYTES);
    return Response.json(await app.userSettings.set({ ...where, value: body.value }));
  },
  DELETE: async ({ app, params }) => {
    await app.userSettings.delete(address(app, params));
    return new Response(null, { status: 204 });
  },
});
export const loader = route;
export const action = route;
