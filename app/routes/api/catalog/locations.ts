import { apiRoute, allowQueryParams, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";

// /api/catalog/locations: GET lists registered locations as [{data}];
// POST registers one (201 {location, entities}), or with dryRun shows what it would register.
const route = apiRoute({
  GET: async ({ app, credentials }) => Response.json((await app.catalog.locations.list({ credentials })).map((data) => ({ data }))),
  POST: async ({ app, request, url, credentials }) => {
    allowQueryParams(url, ["dryRun", "onConflict"]);
    const body = await readJsonObject(request);
    const { type = "url", target, presence } = body as { type?: unknown; target?: unknown; presence?: unknown };
    for (const key of Object.keys(body)) {
      if (!["type", "target", "presence"].includes(key)) throw new InputError(`Malformed request: unrecognized key '${key}'`);
    }
    if (typeof type !== "string" || typeof target !== "string" || !target) throw new InputError("Malformed request: type and target must be strings");
    if (presence !== undefined && presence !== "required" && presence !== "optional") throw new InputError("Malformed request: presence must be 'required' or 'optional'");
    const onConflict = url.searchParams.get("onConflict") ?? "reject";
    if (onConflict !== "reject" && onConflict !== "refresh") throw new InputError("Invalid onConflict parameter, expected 'reject' or 'refresh'");
    const dryRun = /^(true|yes|y|1|on)$/i.test(url.searchParams.get("dryRun") ?? "");
    const result = await app.catalog.locations.add({ type, target }, { dryRun, onConflict }, { credentials });
    return Response.json(result, { status: 201 });
  },
});
export const loader = route;
export const action = route;
