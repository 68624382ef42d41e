import type { Credentials } from "../auth/credentials";
import { AuthenticationError, NotFoundError } from "../errors";
import type { Scheduler, TaskApiTask } from "./scheduler.server";

// Backstage's scheduler API, served for every plugin that schedules tasks:
// GET /api/<pluginId>/.backstage/scheduler/v1/tasks and
// POST /api/<pluginId>/.backstage/scheduler/v1/tasks/<id>/trigger. As in
// Backstage, any authenticated caller (a user, the guest, a static token)
// may read the tasks and trigger one: a trigger only runs a task sooner
// (docs/decisions/023-one-scheduler.md).

function pluginScheduler(scheduler: Scheduler, pluginId: string, credentials: Credentials) {
  if (credentials.principal.type === "none") throw new AuthenticationError("The scheduler's tasks need a signed-in user or a service token");
  const plugin = scheduler.plugin(pluginId);
  if (!plugin) throw new NotFoundError(`Plugin ${pluginId} has no scheduled tasks`);
  return plugin;
}

export async function listSchedulerTasks(scheduler: Scheduler, pluginId: string, credentials: Credentials): Promise<{ tasks: TaskApiTask[] }> {
  return { tasks: await pluginScheduler(scheduler, pluginId, credentials).describeTasks() };
}

export async function triggerSchedulerTask(scheduler: Scheduler, pluginId: string, taskId: string, credentials: Credentials): Promise<void> {
  const plugin = pluginScheduler(scheduler, pluginId, credentials);
  if (!plugin.getScheduledTasks().some((task) => task.id === taskId)) throw new NotFoundError(`Task ${taskId} does not exist`);
  await plugin.triggerTask(taskId);
}
