import { apiRoute, pathParams } from "~/lib/http/api.server";
import { parameterSchemaOf } from "~/lib/scaffolder/template/template";
import { readTemplate } from "~/lib/scaffolder/template/templates.server";

// GET /api/scaffolder/v2/templates/:namespace/:kind/:name/parameter-schema
// The template is read with the caller's credentials: one they may not read
// is not found, and the parameter steps they may not read are left out.
const route = apiRoute({
  GET: {
    params: pathParams("namespace", "kind", "name"),
    handler: async ({ app, params, credentials }) => {
      const template = await readTemplate(params, { entities: app.catalog.entities, permissions: app.permissions, credentials });
      return Response.json(parameterSchemaOf(template));
    },
  },
});
export const loader = route;
export const action = route;
