import { apiRoute, pathParams } from "~/lib/http/api.server";

// POST /api/scaffolder/v2/tasks/:taskId/cancel: an open task ends at once; a running one has its action aborted. Answers {status}.
const route = apiRoute({
  POST: {
    params: pathParams("taskId"),
    handler: async ({ app, params, credentials }) => Response.json(await app.scaffolder.cancelTask(params.taskId, { credentials })),
  },
});
export const loader = route;
export const action = route;
