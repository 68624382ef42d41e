import { apiRoute } from "~/lib/http/api.server";
import { templatingExtensions } from "~/lib/scaffolder/templating/extensions";

// GET /api/scaffolder/v2/templating-extensions: the filters and globals
// templates can use, in Backstage's shape.
const route = apiRoute({
  GET: { handler: () => Response.json(templatingExtensions) },
});
export const loader = route;
export const action = route;
