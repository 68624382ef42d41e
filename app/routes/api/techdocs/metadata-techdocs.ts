import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/techdocs/metadata/techdocs/{namespace}/{kind}/{name}: the
// published site's techdocs_metadata.json; 404 "Unable to get metadata for
// '<ref>'" when the entity is not readable or nothing is published, as in Backstage.
const route = apiRoute({
  GET: {
    params: pathParams("namespace", "kind", "name"),
    handler: async ({ app, credentials, params }) => Response.json(await app.techdocs.techdocsMetadata(credentials, params)),
  },
});
export const loader = route;
export const action = route;
