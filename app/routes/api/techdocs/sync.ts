import { stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { apiRoute, pathParams } from "~/lib/http/api.server";
import type { SyncEvent } from "~/lib/techdocs/techdocs.server";

// GET /api/techdocs/sync/{namespace}/{kind}/{name}: builds the entity's docs
// when their sources changed. To a client accepting text/event-stream, as
// Backstage's router answers: `event: log` with each line, then `event:
// finish` with {"updated": true|false} or `event: error` with the message,
// and the stream ends. To any other client, Backstage's legacy answer: 201
// {"message": "Docs updated or did not need updating"} after a build, 304
// when nothing changed, and the error otherwise. A missing or unreadable
// entity is a 404 before anything is streamed.

const route = apiRoute({
  GET: {
    params: pathParams("namespace", "kind", "name"),
    handler: async ({ app, credentials, params, request }) => {
      const ref = stringifyEntityRef(params);
      const wantsStream = (request.headers.get("accept") ?? "").includes("text/event-stream");
      const queue: SyncEvent[] = [];
      let wake: (() => void) | undefined;
      const run = app.techdocs.sync(credentials, ref, (event) => {
        queue.push(event);
        wake?.();
      });
      if (!wantsStream) {
        await run;
        const last = queue.at(-1);
        // A failed build is the server's error, with its message, as Backstage answers it.
        if (last?.type === "error") {
          return Response.json(
            { error: { name: "Error", message: last.message }, request: { method: request.method, url: new URL(request.url).pathname }, response: { statusCode: 500 } },
            { status: 500 },
          );
        }
        if (last?.type === "finish" && !last.updated) return new Response(null, { status: 304 });
        return Response.json({ message: "Docs updated or did not need updating" }, { status: 201 });
      }
      // The entity's checks throw before the first event: a 404 is answered as such, not streamed.
      await Promise.race([run, new Promise<void>((resolve) => (wake = resolve))]);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const closed = () => request.signal.aborted;
          for (;;) {
            while (queue.length) {
              const event = queue.shift()!;
              if (closed()) return;
              const data = event.type === "log" ? event.line : event.type === "finish" ? { updated: event.updated } : event.message;
              controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`));
              if (event.type !== "log") {
                controller.close();
                return;
              }
            }
            await new Promise<void>((resolve) => {
              wake = resolve;
              request.signal.addEventListener("abort", () => resolve(), { once: true });
            });
            if (closed()) return;
          }
        },
      });
      run.catch((error: unknown) => {
        queue.push({ type: "error", message: error instanceof Error ? error.message : String(error) });
        wake?.();
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive", "X-Accel-Buffering": "no" } });
    },
  },
});
export const loader = route;
export const action = route;
