import { createParser } from "eventsource-parser";
import { useEffect, useRef, useState } from "react";
import { foldEvents, type TaskEventView, type TaskProgress } from "./task-progress";

/** How long the polling fallback waits after a response that is not OK (and between empty polls). */
export const EVENT_POLL_RETRY_MS = 1000;

/**
 * The task's events as they happen, folded into what the server rendered.
 * The event stream is read over fetch with eventsource-parser, not
 * EventSource, so the request carries the session cookie and goes under the
 * base path like every other call of the page; when the stream cannot be
 * read, GET .../events?after= is polled, retried after 1000 ms when not OK
 * (Backstage's ScaffolderClient does the same). It stops on the completion
 * event, and does nothing for a task that already ended. A new server
 * render (after Retry) is a new starting point: the page keys the component
 * using this by the render, so it starts afresh.
 */
export function useTaskStream({ taskId, basePath, initial, enabled }: { taskId: string; basePath: string; initial: TaskProgress; enabled: boolean }) {
  const [progress, setProgress] = useState(initial);
  const [connection, setConnection] = useState<"idle" | "live" | "polling">("idle");
  const latest = useRef(progress);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const base = `${basePath}/api/scaffolder/v2/tasks/${encodeURIComponent(taskId)}`;
    const apply = (events: TaskEventView[]) => {
      latest.current = foldEvents(latest.current, events);
      setProgress(latest.current);
      return latest.current.completed;
    };
    const afterQuery = () => (latest.current.lastEventId !== undefined ? `?after=${latest.current.lastEventId}` : "");
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    async function stream(): Promise<boolean> {
      const response = await fetch(`${base}/eventstream${afterQuery()}`, { credentials: "same-origin", headers: { accept: "text/event-stream" }, signal: controller.signal });
      if (!response.ok || !response.body) return false;
      setConnection("live");
      let done = false;
      const parser = createParser({
        onEvent(message) {
          if (message.event !== "log" && message.event !== "completion" && message.event !== "cancelled" && message.event !== "recovered") return;
          try {
            if (apply([JSON.parse(message.data) as TaskEventView])) done = true;
          } catch {
            // A line that is not an event of ours is skipped; the stream goes on.
          }
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      while (!done) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        parser.feed(value);
      }
      await reader.cancel().catch(() => undefined);
      return done || latest.current.completed;
    }

    async function poll() {
      setConnection("polling");
      while (!controller.signal.aborted && !latest.current.completed) {
        try {
          const response = await fetch(`${base}/events${afterQuery()}`, { credentials: "same-origin", signal: controller.signal });
          if (!response.ok) {
            await wait(EVENT_POLL_RETRY_MS);
            continue;
          }
          const events = (await response.json()) as TaskEventView[];
          if (apply(events)) return;
          if (events.length === 0) await wait(EVENT_POLL_RETRY_MS);
        } catch {
          if (controller.signal.aborted) return;
          await wait(EVENT_POLL_RETRY_MS);
        }
      }
    }

    async function run() {
      try {
        if (await stream()) return;
      } catch {
        if (controller.signal.aborted) return;
      }
      // The stream ended early (a proxy cut it, the task was recovered) or could not be read: poll.
      await poll();
    }
    void run().finally(() => setConnection("idle"));
    return () => controller.abort();
  }, [taskId, basePath, enabled]);

  return { progress, connection };
}
