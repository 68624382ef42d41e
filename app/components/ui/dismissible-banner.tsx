import { useId, useState, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { formReplyOf, replyErrors } from "~/lib/forms/reply";
import { FieldError } from "./field-error";
import { useTranslation } from "./root-data";
import { useHydrated } from "./use-hydrated";
import { panelLook, type PanelSeverity } from "./warning-panel";

/** The action that records a dismissed banner (app/routes/settings/dismiss-banner.ts). */
export const DISMISS_BANNER_PATH = "/settings/banners/dismiss";

/**
 * A banner the user dismisses for good: dismissed ids live in the settings
 * store (bucket 'notifications'), read by the page's loader. The banner
 * stays hidden while that list is not known (`dismissed` undefined), so it
 * never flashes for someone who closed it. Dismissing is a form post, so it
 * works without JavaScript; with it the banner goes at once, and comes
 * back with the refusal beside the button should the server refuse
 * (the form's reply, app/lib/forms/submission.ts).
 */
export function DismissibleBanner({ id, dismissed, variant = "info", children }: { id: string; dismissed: readonly string[] | undefined; variant?: PanelSeverity; children: ReactNode }) {
  const t = useTranslation();
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const [closed, setClosed] = useState(false);
  const hydrated = useHydrated();
  // Its fields are hidden: a refusal brings the banner back with the error beside the button.
  const errors = fetcher.state === "idle" ? replyErrors(formReplyOf(fetcher.data)) : [];
  const errorId = `${useId()}-error`;
  if (!dismissed || dismissed.includes(id) || (closed && errors.length === 0)) return null;
  return (
    <div role="region" aria-label={t("uiKit.banner.region")} data-banner={id} className={`flex items-start justify-between gap-4 ${panelLook(variant)}`}>
      <div>{children}</div>
      <fetcher.Form method="post" action={DISMISS_BANNER_PATH} onSubmit={() => setClosed(true)}>
        {/* With a script the action answers with data instead of redirecting back. */}
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <input type="hidden" name="bannerId" value={id} />
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <button type="submit" aria-label={t("uiKit.banner.dismiss")} aria-describedby={errors.length ? errorId : undefined} className="rounded px-2 text-lg leading-none hover:bg-black/10">
          ×
        </button>
        <FieldError id={errorId} errors={errors} />
      </fetcher.Form>
    </div>
  );
}
