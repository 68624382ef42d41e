import { createHash } from "node:crypto";

// The page the provider's callback answers with in a popup: it posts the
// result to the window that opened it and closes, as Backstage's
// sendWebMessageResponse does. Data goes in percent-encoded (quotes too), so
// nothing in it can break out of the script; a CSP hash allows only this script.

export type WebMessage = { type: "authorization_response"; response: unknown } | { type: "authorization_response"; error: { name: string; message: string } };

function safelyEncodeURIComponent(value: string): string {
  return encodeURIComponent(value).replace(/'/g, "%27");
}

export function webMessageResponse(appOrigin: string, message: WebMessage, headers: Headers = new Headers()): Response {
  const data = safelyEncodeURIComponent(JSON.stringify(message));
  const origin = safelyEncodeURIComponent(appOrigin);
  // The first message tells the opener which origin the second is addressed to: a
  // message to a wrong origin is dropped silently, and the opener can then say why.
  const script = `
    var authResponse = decodeURIComponent('${data}');
    var origin = decodeURIComponent('${origin}');
    var originInfo = {'type': 'config_info', 'targetOrigin': origin};
    (window.opener || window.parent).postMessage(originInfo, '*');
    (window.opener || window.parent).postMessage(JSON.parse(authResponse), origin);
    setTimeout(function () { window.close(); }, 100);
  `;
  const hash = createHash("sha256").update(script).digest("base64");
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("X-Frame-Options", "sameorigin");
  headers.set("Content-Security-Policy", `script-src 'sha256-${hash}'`);
  headers.set("Cache-Control", "no-store");
  return new Response(`<!doctype html><html><body><script>${script}</script></body></html>`, { status: 200, headers });
}
