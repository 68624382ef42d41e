import { useCallback, useEffect, useState } from "react";
import { Form, useNavigate, useSubmit } from "react-router";
import { ModalDialog } from "~/components/ui/dialog";
import { useTranslation } from "~/components/ui/root-data";
import type { PendingLoginRequest } from "~/lib/auth/login-requests";
import { hasScopes } from "~/lib/auth/providers";
import { useProviderPopup } from "./use-provider-popup";

// The login-request dialog, as Backstage's: open while a page has pending
// provider login requests, one "Log in" per request, a busy state, an
// inline error and "Reject All". Rendered on the server; its forms post to
// /auth/login-request, which runs the redirect flow without JavaScript. The
// kit's ModalDialog holds it: with JavaScript, focus stays inside it.
// A page gets `requests` from pendingLoginRequests() in its loader.

export function LoginRequestDialog({ requests, returnTo }: { requests: PendingLoginRequest[]; returnTo: string }) {
  const t = useTranslation();
  const submit = useSubmit();
  if (requests.length === 0) return null;
  // Closing it (Escape, a click outside) rejects every request, as Backstage's dialog does.
  const rejectAll = () => void submit({ intent: "reject", returnTo }, { method: "post", action: "/auth/login-request" });
  return (
    <ModalDialog title={t("loginRequest.title")} onClose={rejectAll} size="narrow" testId="login-request-dialog">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("loginRequest.description")}</p>
      <ul className="mt-4 space-y-3">
        {requests.map((request) => (
          <LoginRequestRow key={request.provider} request={request} returnTo={returnTo} />
        ))}
      </ul>
      <Form method="post" action="/auth/login-request" className="mt-6 flex justify-end">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button className="rounded border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">{t("loginRequest.rejectAll")}</button>
      </Form>
    </ModalDialog>
  );
}

function LoginRequestRow({ request, returnTo }: { request: PendingLoginRequest; returnTo: string }) {
  const t = useTranslation();
  const navigate = useNavigate();
  // Back to the page without its requests; its loader sees the new provider session.
  const onSuccess = useCallback(() => navigate(returnTo, { replace: true }), [navigate, returnTo]);
  const popup = useProviderPopup(onSuccess);
  const refreshError = useSilentRefresh(request, onSuccess);
  const error = popup.error ?? refreshError;
  const errorId = `login-request-error-${request.provider}`;
  return (
    <li className="rounded border border-slate-200 p-3 dark:border-slate-700">
      <Form
        method="post"
        action="/auth/login-request"
        className="flex items-center justify-between gap-4"
        onSubmit={(event) => popup.start(event, request.startPath, `${request.provider}-login`, request.scopes)}
      >
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="provider" value={request.provider} />
        <input type="hidden" name="scope" value={request.scopes.join(" ")} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div>
          <p className="font-medium">{request.title}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t("loginRequest.scopes", { scopes: request.scopes.join(", ") })}</p>
        </div>
        <button disabled={popup.busy} aria-describedby={error ? errorId : undefined} className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
          {popup.busy ? t("loginRequest.busy") : t("loginRequest.login")}
        </button>
      </Form>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * With JavaScript, a request may need no click at all: the provider's
 * refresh cookie (sent only to /api/auth/{provider}) can renew the session,
 * and the server then keeps the new token. As Backstage does, the refresh
 * is tried first and the popup is the fallback. A 401 only means there is no
 * provider session to renew; anything else is worth saying.
 */
function useSilentRefresh(request: PendingLoginRequest, onSuccess: () => void): string | undefined {
  const t = useTranslation();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    fetch(request.startPath.replace(/\/start\?/, "/refresh?"), { headers: { "x-requested-with": "XMLHttpRequest" }, credentials: "same-origin", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) {
          if (response.status !== 401) setError(t("signIn.refreshFailed", { statusText: response.statusText }));
          return;
        }
        const session = (await response.json()) as { providerInfo?: { scopes?: string[] } };
        if (hasScopes(session.providerInfo?.scopes ?? [], request.scopes)) onSuccess();
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [request.startPath, request.scopes, onSuccess, t]);
  return error;
}
