import { z } from "zod";
import { InputError } from "~/lib/errors";
import { apiRoute, pathParams, query } from "~/lib/http/api.server";

// GET /api/scaffolder/v2/tasks/:taskId/eventstream: the task's events as
// server-sent events (`event: log|completion|...`, `id:`, `data:` the event
// as JSON), from `after` (or the Last-Event-ID a reconnecting EventSource
// sends) onwards. The stream ends after the completion unless the task is
// recoverable, as Backstage's does; a comment every HEARTBEAT_MS keeps idle
// proxies from closing it, and it stops when the client goes away. Behind
// nginx (docs/nginx/atrium.conf) buffering is off for the portal's location;
// X-Accel-Buffering says so for any other nginx in front.

export const HEARTBEAT_MS = 15_000;

const route = apiRoute({
  GET: {
    params: pathParams("taskId"),
    query: z.strictObject({ after: query.integer("after", { min: 0, message: "Invalid after, must be zero or greater" }) }),
    handler: async ({ app, request, params, query: { after }, credentials }) => {
      const lastEventId = request.headers.get("last-event-id");
      if (lastEventId !== null && !/^\d+$/.test(lastEventId)) throw new InputError("Invalid Last-Event-ID, not an integer");
      const from = after ?? (lastEventId !== null ? Number(lastEventId) : undefined);
      const done = new AbortController();
      const stop = () => done.abort();
      request.signal.addEventListener("abort", stop, { once: true });
      // Throws NotFoundError before any byte is sent when the caller may not read the task.
      const events = await app.scaffolder.subscribe(params.taskId, { after: from, signal: done.signal }, { credentials });
      const encoder = new TextEncoder();
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (text: string) => {
            if (!done.signal.aborted) controller.enqueue(encoder.encode(text));
          };
          send(": connected\n\n");
          heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
          try {
            for await (const event of events) send(`event: ${event.type}\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
          } catch (error) {
            app.logger.warn({ err: error, taskId: params.taskId }, "Task event stream failed");
          } finally {
            clearInterval(heartbeat);
            request.signal.removeEventListener("abort", stop);
            if (!done.signal.aborted) controller.close();
            done.abort();
          }
        },
        cancel() {
          clearInterval(heartbeat);
          done.abort();
        },
      });
      return new Response(body, {
        headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no" },
      });
    },
  },
});
export const loader = route;
export const action = route;
