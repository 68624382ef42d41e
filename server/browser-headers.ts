import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";

// Headers every response carries for the browser's sake: pages, API answers,
// static files and error pages alike. A response that brings its own policy
// keeps it (the OAuth popup's page allows its one script by hash,
// app/lib/auth/web-message.server.ts): the defaults are set only where a
// header is still missing when the response starts.
//
// The page policy allows scripts from this origin and inline scripts that
// carry this request's nonce, which React Router's and React's inline
// scripts do (app/entry.server.tsx, app/root.tsx); nothing else inline runs.
// A response that drew no nonce (an API answer, a file) allows no inline
// script at all. No other site may frame a page. Styles allow 'unsafe-inline': React's
// style attributes (the docs' text size, highlighted code) need it. Images
// and media may come from anywhere, as TechDocs pages and catalog profiles
// link them. Vite's development server injects scripts and a socket of its
// own, so in development the policy keeps to what cannot break it.

const NONCE = Symbol("atrium.scriptNonce");
type Locals = { [NONCE]?: { value?: string } };

/**
 * This request's CSP nonce for inline scripts, drawn when first asked for:
 * only a page rendered by React Router asks, so API answers and static
 * files draw no random bytes and their policy allows no inline script at all.
 */
export function scriptNonceOf(res: Response): string {
  const slot = ((res.locals as Locals)[NONCE] ??= {});
  return (slot.value ??= randomBytes(16).toString("base64"));
}

export function contentSecurityPolicy(nonce: string | undefined, development: boolean): string {
  const always = ["frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'"];
  if (development) return always.join("; ");
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src * data: blob:",
    "media-src * data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ...always,
  ].join("; ");
}

export function browserHeaders(options: { development: boolean }): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const slot: { value?: string } = {};
    (res.locals as Locals)[NONCE] = slot;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const defaults: Record<string, string> = {
        "Content-Security-Policy": contentSecurityPolicy(slot.value, options.development),
        "X-Frame-Options": "SAMEORIGIN",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
      };
      for (const [name, value] of Object.entries(defaults)) if (!this.hasHeader(name)) this.setHeader(name, value);
      return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
