import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/shell/icons";
import { useTranslation } from "~/components/shell/root-data";

/**
 * The favourite star: a form posting to /catalog/star, which works without
 * JavaScript (the server redirects back here). With JavaScript it posts in
 * the background and shows the new state at once.
 */
export function StarButton({ entityRef, starred, title }: { entityRef: string; starred: boolean; title: string }) {
  const t = useTranslation();
  const fetcher = useFetcher<{ starred?: boolean; error?: string }>();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // While a toggle is on its way, show where it is going; afterwards what the server said.
  const shown = fetcher.formData ? !starred : (fetcher.data?.starred ?? starred);
  const label = t(shown ? "catalogCommon.star.remove" : "catalogCommon.star.add", { title });
  return (
    <fetcher.Form method="post" action="/catalog/star" className="inline-flex">
      <input type="hidden" name="entityRef" value={entityRef} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={label}
        title={label}
        className={`rounded p-1 hover:bg-black/10 ${shown ? "text-amber-400" : "text-current"}`}
      >
        <Icon name={shown ? "star" : "starOutline"} className="h-6 w-6" />
      </button>
    </fetcher.Form>
  );
}
