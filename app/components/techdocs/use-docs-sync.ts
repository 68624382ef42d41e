import { useEffect, useRef } from "react";
import { useHref } from "react-router";
import { parseEntityRef } from "~/lib/catalog/entity-ref";

// The reader's sync, as Backstage's reader does it: once the page is shown,
// GET /api/techdocs/sync/{namespace}/{kind}/{name} as an event stream
// (app/routes/api/techdocs/sync.ts) checks the sources and builds when they
// changed, joining a build already running; `log` lines while it works, then
// `finish` {updated} or `error` {message}. Without JavaScript nothing of this
// runs: the building state refreshes itself (reader-states.tsx) and the next
// read after techdocs.build.throttle checks again.

export type DocsSyncHandlers = {
  onLog?: (line: string) => void;
  /** The sync ended: a new site was published (`updated`), or not, or it failed (`error`). */
  onDone: (result: { updated: boolean; error?: string }) => void;
  /** The stream could not be opened or broke off: the caller falls back to asking its loader again. */
  onUnavailable?: () => void;
};

export function useDocsSync(entityRef: string, enabled: boolean, handlers: DocsSyncHandlers) {
  const compound = parseEntityRef(entityRef);
  const href = useHref(`/api/techdocs/sync/${encodeURIComponent(compound.namespace)}/${encodeURIComponent(compound.kind)}/${encodeURIComponent(compound.name)}`);
  // The latest handlers, without restarting the stream when the caller renders again.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(href);
    let ended = false;
    const end = () => {
      ended = true;
      source.close();
    };
    source.addEventListener("log", (event) => latest.current.onLog?.(String(JSON.parse((event as MessageEvent<string>).data))));
    source.addEventListener("finish", (event) => {
      end();
      const body = JSON.parse((event as MessageEvent<string>).data) as { updated?: boolean };
      latest.current.onDone({ updated: body.updated === true });
    });
    source.addEventListener("error", (event) => {
      if (ended) return;
      end();
      // The server's `event: error` carries its message; a bare error event is the connection's.
      if (event instanceof MessageEvent && typeof event.data === "string") latest.current.onDone({ updated: false, error: String(JSON.parse(event.data)) });
      else latest.current.onUnavailable?.();
    });
    return end;
  }, [href, enabled]);
}
