import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

// The Content-Security-Policy's nonce for this page's inline scripts
// (server/browser-headers.ts makes one per request). The server passes it to
// React Router in the load context; app/entry.server.tsx hands it to React's
// renderer, React Router's ServerRouter and, through ScriptNonce, to the
// root layout's <Scripts> and <ScrollRestoration>. In the browser there is
// none: scripts added after hydration come from the same origin.

/** Draws the request's nonce when first called, and gives the same one after: only a page needs one. */
export const scriptNonceContext = createContext<() => string | undefined>(() => undefined);

export const ScriptNonce = createReactContext<string | undefined>(undefined);

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonce);
}
