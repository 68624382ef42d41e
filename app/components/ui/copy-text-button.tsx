import { useEffect, useRef, useState } from "react";
import { useTranslation } from "./root-data";
import { useAlerts } from "./use-alerts";
import { Tooltip, TOOLTIP_DELAY } from "./tooltip";
import { useHydrated } from "./use-hydrated";

/**
 * Copies `text` to the clipboard. Copying needs a script, so without
 * JavaScript the button is not offered (the text itself stays selectable
 * beside it). After a copy 'Text copied to clipboard' shows for the copy
 * tooltip delay (1000 ms); a failure is posted to the alert display.
 */
export function CopyTextButton({ text, label }: { text: string; label?: string }) {
  const t = useTranslation();
  const alerts = useAlerts();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!hydrated) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), TOOLTIP_DELAY.copy);
    } catch (error) {
      alerts.post({ message: t("uiKit.copy.failed", { error: error instanceof Error ? error.message : String(error) }), severity: "error", display: "transient" });
    }
  };
  return (
    <span className="relative inline-flex">
      <Tooltip text={label ?? t("uiKit.copy.copy")} delay={TOOLTIP_DELAY.copy}>
        <button type="button" onClick={copy} aria-label={label ?? t("uiKit.copy.copy")} className="grid h-8 w-8 place-items-center rounded hover:bg-black/10 dark:hover:bg-white/10">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
            <path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
          </svg>
        </button>
      </Tooltip>
      {copied ? (
        <span role="status" className="absolute top-full left-0 z-50 mt-1 rounded bg-slate-800 px-2 py-1 text-xs whitespace-nowrap text-white shadow-lg">
          {t("uiKit.copy.copied")}
        </span>
      ) : null}
    </span>
  );
}
