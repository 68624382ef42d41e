import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/techdocs/metadata/entity/{namespace}/{kind}/{name}: the entity and
// where its docs come from ({...entity, locationMetadata: {type, target}});
// 404 "Unable to get metadata for '<ref>'" when it is not readable or has no
// techdocs-ref, as in Backstage.
const route = apiRoute({
  GET: {
    params: pathParams("namespace", "kind", "name"),
    handler: async ({ app, credentials, params }) => Response.json(await app.techdocs.entityMetadata(credentials, params)),
  },
});
export const loader = route;
export const action = route;
