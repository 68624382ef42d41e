import { apiRoute } from "~/lib/http/api.server";

// GET /api/scaffolder/v2/actions: every installed action with its description, examples and input and output
// schemas, as Backstage's scaffolder router lists them.
const route = apiRoute({
  GET: { handler: ({ app }) => Response.json(app.scaffolderActions.describe()) },
});
export const loader = route;
export const action = route;
