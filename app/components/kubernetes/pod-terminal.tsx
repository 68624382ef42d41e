import { useEffect, useRef, useState } from "react";
import { lazyLoadFailure } from "~/components/ui/general-error-boundary";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import { execSocketUrl, type ExecTarget } from "~/lib/kubernetes/exec-frames";
import type { Connection } from "./terminal-session";

/**
 * A shell in a container: xterm over the exec WebSocket through the portal's
 * proxy. It needs scripts, so the server renders the frame and, for readers
 * without JavaScript, says so; once hydrated the frame loads xterm
 * (terminal-session.ts), focuses it and connects, and a status line tells
 * the connection's state. Escape leaves the terminal for its frame (a second
 * one closes the drawer, as elsewhere in it); Ctrl+[ still sends Escape to
 * the shell.
 */
export function PodTerminal({ label, ...target }: ExecTarget & { label: string }) {
  const t = useTranslation();
  const basePath = useBasePath();
  const hydrated = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<Error>();
  if (failure) throw failure;
  const { namespace, pod, container } = target;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    setConnection("connecting");
    import("./terminal-session")
      .then(({ startTerminalSession }) => {
        if (cancelled) return;
        stop = startTerminalSession(element, {
          url: execSocketUrl(window.location.href, basePath, { namespace, pod, container }),
          inputLabel: t("kubernetes.terminal.inputLabel", { container }),
          closedLine: t("kubernetes.terminal.closedLine"),
          onConnection: setConnection,
          onEscape: () => frame.current?.focus(),
        });
      })
      .catch((error: Error) => {
        // To the one error boundary: a chunk that did not load as itself, code that failed to run as LazyLoadError.
        if (!cancelled) setFailure(lazyLoadFailure(error) ? error : Object.assign(new Error(error.message, { cause: error }), { name: "LazyLoadError" }));
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [basePath, namespace, pod, container, t, attempt]);

  const ended = connection === "closed" || connection === "failed";
  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-8 flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {hydrated ? t(`kubernetes.terminal.${connection}`, { pod }) : null}
        </p>
        {ended ? (
          <button
            type="button"
            onClick={() => setAttempt((count) => count + 1)}
            className="rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t("kubernetes.terminal.reconnect")}
          </button>
        ) : null}
      </div>
      <div
        ref={frame}
        role="group"
        aria-label={label}
        tabIndex={-1}
        className="flex h-[min(55rem,60vh)] flex-col rounded bg-slate-950 p-3 text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <noscript>
          <p>{t("kubernetes.terminal.needsJavaScript")}</p>
        </noscript>
        <div ref={host} className="min-h-0 w-full flex-1 overflow-hidden" />
      </div>
      {hydrated ? <p className="text-xs text-slate-600 dark:text-slate-400">{t("kubernetes.terminal.keys")}</p> : null}
    </div>
  );
}
