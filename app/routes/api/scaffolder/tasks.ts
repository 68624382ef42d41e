import { z } from "zod";
import { InputError } from "~/lib/errors";
import { apiRoute, parsedBy, query } from "~/lib/http/api.server";
import { errorBodyFor } from "~/lib/http/error-response.server";
import { TemplateValuesError } from "~/lib/scaffolder/scaffolder.server";
import { TASK_STATUSES, type ListTasksOrder, type TaskStatus } from "~/lib/scaffolder/tasks/types";

// /api/scaffolder/v2/tasks: GET lists tasks as Backstage's scaffolder router
// does ({tasks, totalTasks}; createdBy, status, limit, offset and
// order=<asc|desc>:<field>); POST creates a task from a template ref, values
// and secrets, answering 201 with its id. Values that fail the template's
// parameter schemas are refused with 400 before anything runs; the error
// body also lists them under `errors`.

const ORDER_FIELDS: Record<string, ListTasksOrder["field"]> = {
  created_at: "createdAt",
  createdAt: "createdAt",
  status: "status",
  created_by: "createdBy",
  createdBy: "createdBy",
  last_heartbeat_at: "lastHeartbeatAt",
  lastHeartbeatAt: "lastHeartbeatAt",
  id: "id",
};

function parseOrder(values: string[]): ListTasksOrder[] {
  return values.map((value) => {
    const match = /^(asc|desc):(.+)$/.exec(value);
    const field = match ? ORDER_FIELDS[match[2]] : undefined;
    if (!match || !field) throw new InputError(`Invalid order parameter "${value}", expected "<asc or desc>:<field name>"`);
    return { order: match[1] as "asc" | "desc", field };
  });
}

function parseStatus(values: string[]): TaskStatus[] {
  for (const value of values) if (!(TASK_STATUSES as readonly string[]).includes(value)) throw new InputError(`Invalid status '${value}', expected one of ${TASK_STATUSES.join(", ")}`);
  return values as TaskStatus[];
}

const jsonObject = (name: string) => z.record(z.string(), z.unknown(), { error: `Malformed request: ${name} must be an object` });

const route = apiRoute({
  GET: {
    query: z.strictObject({
      createdBy: query.list(),
      status: query.list().transform(parsedBy(parseStatus)),
      limit: query.integer("limit", { min: 0, message: "Invalid limit, must be zero or greater" }),
      offset: query.integer("offset", { min: 0, message: "Invalid offset, must be zero or greater" }),
      order: query.list().transform(parsedBy(parseOrder)),
    }),
    handler: async ({ app, query: { createdBy, status, limit, offset, order }, credentials }) =>
      Response.json(await app.scaffolder.listTasks({ createdBy, status, limit, offset, order }, { credentials })),
  },
  POST: {
    body: z.object({
      templateRef: z.string({ error: "Malformed request: templateRef must be a string" }).min(1, { error: "Malformed request: templateRef must not be empty" }),
      values: jsonObject("values"),
      secrets: z.record(z.string(), z.string(), { error: "Malformed request: secrets must be an object of strings" }).optional(),
    }),
    handler: async ({ app, request, body, credentials }) => {
      try {
        const { id } = await app.scaffolder.createTask({ templateRef: body.templateRef, values: body.values as never, secrets: body.secrets }, { credentials });
        return Response.json({ id }, { status: 201 });
      } catch (error) {
        if (!(error instanceof TemplateValuesError)) throw error;
        return Response.json({ ...errorBodyFor(error, request), errors: error.errors }, { status: 400 });
      }
    },
  },
});
export const loader = route;
export const action = route;
