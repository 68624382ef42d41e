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
// scripts do (app/entry.server.tsx, app/root.tsx); nothing else inline runs,
// and no other site may frame a page. Styles allow 'unsafe-inline': React's
// style attributes (the docs' text size, highlighted code) need it. Images
// and media may come from anywhere, as TechDocs pages and catalog profiles
// link them. Vite's development server injects scripts and a socket of its
// own, so in development the policy keeps to what cannot break it.

const NONCE = Symbol("atrium.scriptNonce");

/** This request's CSP nonce for inline scripts. */
export function scriptNonceOf(res: Response): string | undefined {
  return (res.locals as { [NONCE]?: string })[NONCE];
}

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  const always = ["frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'"];
  if (development) return always.join("; ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
    const nonce = randomBytes(16).toString("base64");
    (res.locals as { [NONCE]?: string })[NONCE] = nonce;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const defaults: Record<string, string> = {
        "Content-Security-Policy": contentSecurityPolicy(nonce, options.development),
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
