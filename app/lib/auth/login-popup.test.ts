import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { awaitPopupResponse, POPUP_CLOSED_CHECK_MS } from "./login-popup";

// The opener's side of the popup protocol, with a stand-in for the browser's
// window (message events and a popup whose `closed` flips), since these
// tests run in Node.

const MESSAGES = { popupFailed: "Failed to open auth popup.", popupClosed: "Login failed, popup was closed", incorrectOrigin: (origin: string) => `Incorrect app origin, expected ${origin}` };
const APP_ORIGIN = "https://corp.example";

let listeners: Array<(event: MessageEvent) => void>;
beforeEach(() => {
  listeners = [];
  (globalThis as { window?: unknown }).window = {
    location: { origin: APP_ORIGIN },
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => (listeners = listeners.filter((item) => item !== listener)),
  };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const post = (source: unknown, data: unknown, origin = APP_ORIGIN) => listeners.forEach((listener) => listener({ source, data, origin } as MessageEvent));

describe("awaitPopupResponse", () => {
  it("resolves with the authorization response the popup posts, ignoring other windows and origins", async () => {
    const popup = { closed: false } as Window;
    const result = awaitPopupResponse(popup, MESSAGES);
    post({}, { type: "authorization_response", response: { from: "elsewhere" } });
    post(popup, { type: "authorization_response", response: { from: "evil" } }, "https://evil.example");
    post(popup, { type: "authorization_response", response: { profile: { email: "ada@example.com" } } });
    await expect(result).resolves.toEqual({ profile: { email: "ada@example.com" } });
    expect(listeners).toHaveLength(0);
  });

  it("rejects with the error the popup posts", async () => {
    const popup = { closed: false } as Window;
    const result = awaitPopupResponse(popup, MESSAGES);
    post(popup, { type: "authorization_response", error: { name: "NotAllowedError", message: "Invalid nonce" } });
    await expect(result).rejects.toMatchObject({ name: "NotAllowedError", message: "Invalid nonce" });
  });

  it("says the popup was closed, or that its answer went to another origin", async () => {
    const closedPopup = { closed: false };
    const closed = awaitPopupResponse(closedPopup as Window, MESSAGES);
    closedPopup.closed = true;
    await expect(closed).rejects.toMatchObject({ name: "PopupClosedError", message: "Login failed, popup was closed" });

    const misconfigured = { closed: false };
    const wrongOrigin = awaitPopupResponse(misconfigured as Window, MESSAGES);
    post(misconfigured, { type: "config_info", targetOrigin: "https://portal.internal" });
    const started = Date.now();
    misconfigured.closed = true;
    await expect(wrongOrigin).rejects.toMatchObject({ message: "Login failed, Incorrect app origin, expected https://portal.internal" });
    expect(Date.now() - started).toBeLessThan(POPUP_CLOSED_CHECK_MS * 3);
  });

  it("fails at once when the browser refused to open the popup", async () => {
    await expect(awaitPopupResponse(undefined, MESSAGES)).rejects.toMatchObject({ name: "PopupRejectedError", message: "Failed to open auth popup." });
  });
});
