// The provider popup, with JavaScript on: Backstage's openLoginPopup. The
// popup must be opened in the click's own task or browsers block it, so the
// caller opens it synchronously and this waits for its answer.

/** Backstage's sizes of the auth provider popup and of the generic popup (openLoginPopup's default), and how often a closed popup is checked for. */
export const AUTH_POPUP_SIZE = { width: 450, height: 730 };
export const GENERIC_POPUP_SIZE = { width: 500, height: 700 };
export const POPUP_CLOSED_CHECK_MS = 100;

export type PopupMessages = { popupFailed: string; popupClosed: string; incorrectOrigin: (origin: string) => string };

export class PopupError extends Error {
  constructor(
    override readonly name: "PopupRejectedError" | "PopupClosedError" | string,
    message: string,
  ) {
    super(message);
  }
}

/** Opens a centred popup; undefined when the browser refused (a popup blocker). */
export function openPopup(url: string, name: string, size = GENERIC_POPUP_SIZE): Window | undefined {
  const left = window.screen.width / 2 - size.width / 2;
  const top = window.screen.height / 2 - size.height / 2;
  const popup = window.open(url, name, `menubar=no,location=no,resizable=no,scrollbars=no,status=no,width=${size.width},height=${size.height},top=${top},left=${left}`);
  if (!popup || typeof popup.closed === "undefined" || popup.closed) return undefined;
  return popup;
}

/**
 * The provider's answer, posted by /handler/frame as
 * { type: 'authorization_response', response | error }. A popup closed
 * without an answer fails with 'Login failed, popup was closed', or names
 * the origin the answer went to when it was not ours.
 */
export function awaitPopupResponse<T>(popup: Window | undefined, messages: PopupMessages): Promise<T> {
  return new Promise((resolve, reject) => {
    if (!popup) {
      reject(new PopupError("PopupRejectedError", messages.popupFailed));
      return;
    }
    let targetOrigin = "";
    const done = () => {
      window.removeEventListener("message", onMessage);
      clearInterval(closedCheck);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup) return;
      const data = event.data as { type?: string; targetOrigin?: string; response?: T; error?: { name: string; message: string } };
      if (data?.type === "config_info") {
        targetOrigin = String(data.targetOrigin ?? "");
        return;
      }
      if (event.origin !== window.location.origin || data?.type !== "authorization_response") return;
      done();
      if (data.error) reject(new PopupError(data.error.name, data.error.message));
      else resolve(data.response as T);
    };
    window.addEventListener("message", onMessage);
    const closedCheck = setInterval(() => {
      if (!popup.closed) return;
      done();
      const wrongOrigin = targetOrigin && targetOrigin !== window.location.origin;
      reject(new PopupError("PopupClosedError", wrongOrigin ? `Login failed, ${messages.incorrectOrigin(targetOrigin)}` : messages.popupClosed));
    }, POPUP_CLOSED_CHECK_MS);
  });
}

/** The start URL for the popup flow: the provider answers this window by postMessage. */
export function popupStartUrl(startPath: string): string {
  return `${startPath}${startPath.includes("?") ? "&" : "?"}${new URLSearchParams({ flow: "popup", origin: window.location.origin })}`;
}
