import { apiRoute, pathParams } from "~/lib/http/api.server";
import { listSchedulerTasks } from "~/lib/scheduler/tasks-api.server";

// GET /api/:pluginId/.backstage/scheduler/v1/tasks: the plugin's background tasks and their state.
const route = apiRoute({
  GET: { params: pathParams("pluginId"), handler: async ({ app, params, credentials }) => Response.json(await listSchedulerTasks(app.scheduler, params.pluginId, credentials)) },
});
export const loader = route;
export const action = route;
