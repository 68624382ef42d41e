import { z } from "zod";
import { InputError } from "~/lib/errors";
import { apiRoute, pathParams, readJsonObject } from "~/lib/http/api.server";

// POST /api/scaffolder/v2/tasks/:taskId/retry: runs a failed or cancelled task
// again from its failed step (201 with its id, 409 for a task that has not
// failed). The body may be empty, as Backstage's client sends it, or carry
// fresh `secrets`: a task's secrets are gone once it has ended.

const body = z.object({ secrets: z.record(z.string(), z.string()).optional() });

const route = apiRoute({
  POST: {
    params: pathParams("taskId"),
    handler: async ({ app, request, params, credentials }) => {
      const hasBody = request.headers.get("content-type") !== null && request.headers.get("content-length") !== "0";
      const parsed = body.safeParse(hasBody ? await readJsonObject(request) : {});
      if (!parsed.success) throw new InputError("Malformed request: secrets must be an object of strings");
      return Response.json(await app.scaffolder.retryTask(params.taskId, { secrets: parsed.data.secrets }, { credentials }), { status: 201 });
    },
  },
});
export const loader = route;
export const action = route;
