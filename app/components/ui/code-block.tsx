import { useEffect, useRef, useState } from "react";
import { useAlerts } from "./use-alerts";
import { useHydrated } from "./use-hydrated";
import { useTranslation } from "./root-data";
import { Tooltip, TOOLTIP_DELAY } from "./tooltip";

/** The code's highlighted HTML as highlightCode (app/lib/highlight) made it on the server. */
export type CodeBlockProps = { html: string; language: string; label: string; className?: string };

/**
 * Server-highlighted code: the browser gets finished HTML (shiki never ships
 * to it) whose colours follow the light and dark theme through CSS
 * variables (app.css). With JavaScript a copy button copies the text as
 * shown; without it the text is plain and selectable.
 */
export function CodeBlock({ html, language, label, className = "" }: CodeBlockProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <figure aria-label={label} data-language={language} className={`code-block relative rounded border border-slate-200 text-sm dark:border-slate-800 ${className}`}>
      <div className="absolute top-1 right-1 z-10">
        <CopyCodeButton read={() => content.current?.querySelector("pre")?.textContent ?? ""} />
      </div>
      {/* Focusable, so a keyboard can scroll wide code (axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1) */}
      <div ref={content} tabIndex={0} className="overflow-auto [&_pre]:min-w-fit [&_pre]:p-3 [&_pre]:font-mono [&_pre]:text-xs [&_pre]:leading-5" dangerouslySetInnerHTML={{ __html: html }} />
    </figure>
  );
}

/** Copies the block's text; says so for a moment, and posts a failure to the alert display. */
function CopyCodeButton({ read }: { read: () => string }) {
  const t = useTranslation();
  const alerts = useAlerts();
  const mounted = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TOOLTIP_DELAY.copy);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!mounted) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(read());
      setCopied(true);
    } catch (error) {
      alerts.post({ message: t("apiDefinitions.copy.failed", { message: error instanceof Error ? error.message : String(error) }), severity: "error", display: "transient" });
    }
  };
  return (
    <span className="relative inline-flex">
      <Tooltip text={t("apiDefinitions.copy.label")} delay={TOOLTIP_DELAY.copy}>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t("apiDefinitions.copy.label")}
          className="rounded bg-white/80 p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:bg-slate-900/80 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="9" y="9" width="11" height="11" rx="2" />
            <path d="M5 15V5a2 2 0 0 1 2-2h10" />
          </svg>
        </button>
      </Tooltip>
      {copied ? (
        <span role="status" className="absolute top-full right-0 mt-1 rounded bg-slate-800 px-2 py-0.5 text-xs whitespace-nowrap text-white">
          {t("apiDefinitions.copy.copied")}
        </span>
      ) : null}
    </span>
  );
}
