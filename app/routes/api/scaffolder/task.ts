import { apiRoute, pathParams } from "~/lib/http/api.server";

// GET /api/scaffolder/v2/tasks/:taskId: the task, never its secrets (404 when the caller may not read it).
const route = apiRoute({
  GET: {
    params: pathParams("taskId"),
    handler: async ({ app, params, credentials }) => Response.json(await app.scaffolder.getTask(params.taskId, { credentials })),
  },
});
export const loader = route;
export const action = route;
