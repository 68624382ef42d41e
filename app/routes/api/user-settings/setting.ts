import { z } from "zod";
import { settingsOwnerOf } from "~/lib/auth/identity";
import type { RequestContext } from "~/lib/context.server";
import { AuthenticationError, NotAllowedError } from "~/lib/errors";
import { apiRoute, pathParams } from "~/lib/http/api.server";
import { MAX_SETTING_VALUE_BYTES } from "~/lib/settings/user-settings.server";

// Backstage's user-settings API: GET, PUT {value} and DELETE
// /api/user-settings/buckets/{bucket}/keys/{key}, for the signed-in user only.

/** Room for the {"value": …} wrapper around the largest value allowed. */
const MAX_BODY_BYTES = MAX_SETTING_VALUE_BYTES + 1024;

const params = pathParams("bucket", "key");

function address(app: RequestContext, { bucket, key }: { bucket: string; key: string }) {
  // Settings belong to users; a static token is a service (Backstage allows only user credentials here).
  if (app.auth.service) throw new NotAllowedError("This endpoint does not allow 'service' credentials");
  // Reached without a user only when backend.auth.dangerouslyDisableDefaultAuthPolicy opens the API.
  // A guest browser has settings of its own (settingsOwnerOf), not the shared user:default/guest's.
  const userEntityRef = app.auth.identity && settingsOwnerOf(app.auth.identity);
  if (!userEntityRef) throw new AuthenticationError("Missing token in 'authorization' header");
  return { userEntityRef, bucket, key };
}

const route = apiRoute({
  GET: { params, handler: async ({ app, params }) => Response.json(await app.userSettings.get(address(app, params))) },
  PUT: {
    params,
    // A missing value is the service's to refuse, with Backstage's message.
    body: z.object({ value: z.unknown().optional() }),
    maxBodyBytes: MAX_BODY_BYTES,
    handler: async ({ app, params, body }) => Response.json(await app.userSettings.set({ ...address(app, params), value: body.value })),
  },
  DELETE: {
    params,
    handler: async ({ app, params }) => {
      await app.userSettings.delete(address(app, params));
      return new Response(null, { status: 204 });
    },
  },
});
export const loader = route;
export const action = route;
