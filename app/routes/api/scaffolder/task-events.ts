import { z } from "zod";
import { apiRoute, pathParams, query } from "~/lib/http/api.server";

// GET /api/scaffolder/v2/tasks/:taskId/events?after=: the task's events after
// the given id, the completion always among them (Backstage's polling).
const route = apiRoute({
  GET: {
    params: pathParams("taskId"),
    query: z.strictObject({ after: query.integer("after", { min: 0, message: "Invalid after, must be zero or greater" }) }),
    handler: async ({ app, params, query: { after }, credentials }) => Response.json(await app.scaffolder.listEvents(params.taskId, { after }, { credentials })),
  },
});
export const loader = route;
export const action = route;
