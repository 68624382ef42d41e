import { useCallback, useState } from "react";
import { useTranslation } from "~/components/shell/root-data";
import { AUTH_POPUP_SIZE, awaitPopupResponse, openPopup, popupStartUrl } from "~/lib/auth/login-popup";

// A provider login from a form, enhanced: with JavaScript the form's submit
// opens the provider in a popup instead of leaving the page. Without
// JavaScript the same form posts and the server runs the redirect flow.

export type PopupState = { busy: boolean; error?: string };

export function useProviderPopup(onSuccess: () => void) {
  const t = useTranslation();
  const [state, setState] = useState<PopupState>({ busy: false });
  const start = useCallback(
    (event: React.FormEvent<HTMLFormElement>, startPath: string, name: string) => {
      event.preventDefault();
      // Opened inside the submit event's task, or popup blockers refuse it.
      const popup = openPopup(popupStartUrl(startPath), name, AUTH_POPUP_SIZE);
      setState({ busy: true });
      awaitPopupResponse(popup, {
        popupFailed: t("signIn.popupFailed"),
        popupClosed: t("signIn.popupClosed"),
        incorrectOrigin: (origin) => t("signIn.incorrectOrigin", { origin }),
      }).then(
        () => {
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
