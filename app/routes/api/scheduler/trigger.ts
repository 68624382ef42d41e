import { apiRoute, pathParams } from "~/lib/http/api.server";
import { triggerSchedulerTask } from "~/lib/scheduler/tasks-api.server";

// POST /api/:pluginId/.backstage/scheduler/v1/tasks/:id/trigger: runs the task now (404 unknown, 409 running).
const route = apiRoute({
  POST: {
    params: pathParams("pluginId", "id"),
    handler: async ({ app, params, credentials }) => {
      await triggerSchedulerTask(app.scheduler, params.pluginId, params.id, credentials);
      return new Response(null, { status: 200 });
    },
  },
});
export const loader = route;
export const action = route;
