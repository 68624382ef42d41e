import { useCallback, useState } from "react";
import { useTranslation } from "~/components/ui/root-data";
import { AUTH_POPUP_SIZE, awaitPopupResponse, openPopup, popupStartUrl } from "~/lib/auth/login-popup";
import { hasScopes } from "~/lib/auth/providers";

// A provider login from a form, enhanced: with JavaScript the form's submit
// opens the provider in a popup instead of leaving the page. Without
// JavaScript the same form posts and the server runs the redirect flow.

export type PopupState = { busy: boolean; error?: string };

export function useProviderPopup(onSuccess: () => void) {
  const t = useTranslation();
  const [state, setState] = useState<PopupState>({ busy: false });
  const start = useCallback(
    (event: React.FormEvent<HTMLFormElement>, startPath: string, name: string, requiredScopes: string[] = []) => {
      event.preventDefault();
      // Opened inside the submit event's task, or popup blockers refuse it.
      const popup = openPopup(popupStartUrl(startPath), name, AUTH_POPUP_SIZE);
      setState({ busy: true });
      awaitPopupResponse<{ providerInfo?: { scopes?: string[] } }>(popup, {
        popupFailed: t("signIn.popupFailed"),
        popupClosed: t("signIn.popupClosed"),
        incorrectOrigin: (origin) => t("signIn.incorrectOrigin", { origin }),
      }).then(
        (response) => {
          // The provider may grant less than was asked (a user unticking a scope); the page would then ask again forever.
          if (!hasScopes(response?.providerInfo?.scopes ?? [], requiredScopes)) {
            setState({ busy: false, error: t("signIn.missingScopes") });
            return;
          }
          setState({ busy: false });
          onSuccess();
        },
        (error: Error) => setState({ busy: false, error: error.message }),
      );
    },
    [onSuccess, t],
  );
  return { ...state, start };
}
