import { useEffect, useState } from "react";
import { useAlerts } from "~/components/ui/use-alerts";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/components/ui/root-data";

/** How long the "Copied" tooltip stays (spec: copy tooltip delay 1000 ms). */
export const COPY_TOOLTIP_MS = 1000;

/**
 * A button that copies `text` to the clipboard, then says "Copied" for a
 * moment; a failure goes to the alert display. It exists only with
 * JavaScript: without it the value beside it is plain, selectable text.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslation();
  const alerts = useAlerts();
  const mounted = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!mounted) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      alerts.post({ message: t("entityDialogs.inspector.copy.failed", { message: error instanceof Error ? error.message : String(error) }), severity: "error", display: "permanent" });
    }
  };

  return (
    <span className="relative inline-flex">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={t("entityDialogs.inspector.copy.label", { label })}
        title={t("entityDialogs.inspector.copy.label", { label })}
        className="rounded px-1.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      </button>
      {copied ? (
        <span role="status" className="absolute -top-7 left-1/2 -translate-x-1/2 rounded bg-slate-800 px-2 py-0.5 text-xs whitespace-nowrap text-white">
          {t("entityDialogs.inspector.copy.copied")}
        </span>
      ) : null}
    </span>
  );
}
