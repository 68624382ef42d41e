import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/shell/icons";
import { useTranslation } from "~/components/ui/root-data";
import { FieldError } from "~/components/ui/field-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formReplyOf, replyErrors } from "~/lib/forms/reply";

/**
 * The favourite star: a form posting to /catalog/star, which works without
 * JavaScript (the server redirects back here). With JavaScript it posts in
 * the background and shows the new state at once.
 */
export function StarButton({ entityRef, starred, title }: { entityRef: string; starred: boolean; title: string }) {
  const t = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  // While a toggle is on its way, show where it is going; afterwards what the server said.
  const answer = fetcher.data as { starred?: boolean } | undefined;
  const shown = fetcher.formData ? !starred : (answer?.starred ?? starred);
  const label = t(shown ? "catalogCommon.star.remove" : "catalogCommon.star.add", { title });
  // Its fields are hidden: a refusal shows beside the button.
  const errors = fetcher.state === "idle" ? replyErrors(formReplyOf(fetcher.data)) : [];
  const errorId = `${useId()}-error`;
  return (
    <fetcher.Form method="post" action="/catalog/star" className="inline-flex items-center gap-1">
      <input type="hidden" name="entityRef" value={entityRef} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={label}
        aria-describedby={errors.length ? errorId : undefined}
        title={label}
        className={`rounded p-1 hover:bg-black/10 ${shown ? "text-amber-400" : "text-current"}`}
      >
        <Icon name={shown ? "star" : "starOutline"} className="h-6 w-6" />
      </button>
      <FieldError id={errorId} errors={errors} className="" />
    </fetcher.Form>
  );
}
