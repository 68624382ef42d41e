import { useCallback } from "react";
import { Form } from "react-router";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { safeRedirectPath } from "~/lib/links";
import { useProviderPopup } from "./use-provider-popup";

// A provider's card on the sign-in page. Without JavaScript the form posts
// to the sign-in action, which sends the browser through the provider and
// back (redirect flow); with JavaScript the provider opens in a popup and
// the page then loads where the visitor was going, now with a session.

export type SignInProvider = { id: string; title: string; startPath: string };

export function ProviderSignInCard({ provider, redirectTo }: { provider: SignInProvider; redirectTo: string }) {
  const t = useTranslation();
  const basePath = useBasePath();
  // A full load, so the shell renders for the new session; the target is re-checked here as on the server.
  const onSuccess = useCallback(() => window.location.assign(`${basePath}${safeRedirectPath(redirectTo, basePath)}`), [basePath, redirectTo]);
  const popup = useProviderPopup(onSuccess);
  const titleId = `sign-in-${provider.id}`;
  return (
    <Form method="post" className="rounded bg-white p-6 shadow dark:bg-slate-900" aria-labelledby={titleId} onSubmit={(event) => popup.start(event, provider.startPath, `${provider.id}-login`)}>
      <h2 id={titleId} className="text-xl font-semibold">
        {t("signIn.provider.title", { provider: provider.title })}
      </h2>
      <p className="mt-2">{provider.id === "oidc" ? t("signIn.provider.oidcSubtitle") : t("signIn.provider.subtitle", { provider: provider.title })}</p>
      <input type="hidden" name="intent" value="provider" />
      <input type="hidden" name="provider" value={provider.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button disabled={popup.busy} className="mt-4 rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
        {popup.busy ? t("signIn.provider.busy") : t("signIn.provider.signIn")}
      </button>
      {popup.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {popup.error}
        </p>
      ) : null}
    </Form>
  );
}
