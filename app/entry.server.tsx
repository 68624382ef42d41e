import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";

type HandleErrorFunctionArgs = Parameters<HandleErrorFunction>[1];
import { ScriptNonce, scriptNonceContext } from "./lib/http/script-nonce";

// React Router's default server entry (@react-router/dev's entry.server.node.tsx),
// with two additions: every inline script it and React write carries the
// request's CSP nonce (server/browser-headers.ts), so the page hydrates under
// a script-src that allows no other inline script; and a page whose loader
// met an unavailable database answers 503, as the API does (decision 039), so
// a proxy or a monitor sees a passing outage, not a server fault.

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = loadContext.get(scriptNonceContext)();
  if (responseStatusCode === 500 && metUnavailableDatabase.has(request)) responseStatusCode = 503;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Abort the rendering stream after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ScriptNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptNonce.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so its closure is not retained.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell after it rendered; shell errors reject and are logged by handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Requests whose loaders or actions met an unavailable database; the errors the page renders are sanitised by then, so they are marked here. */
const metUnavailableDatabase = new WeakSet<Request>();

/** React Router's default (log what was not aborted), and the mark for handleRequest. */
export function handleError(error: unknown, { request }: HandleErrorFunctionArgs) {
  if (error instanceof Error && error.name === "ServiceUnavailableError") metUnavailableDatabase.add(request);
  if (!request.signal.aborted) console.error(error);
}
