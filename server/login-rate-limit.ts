import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { RateLimiter } from "../app/lib/auth/rate-limit.server";
import { TooManyRequestsError } from "../app/lib/errors";
import { createTranslator } from "../app/lib/i18n/i18n";
import { sendError } from "./request-guards";

// Login attempts are counted per client address (req.ip, which honours
// backend.trustProxy): sign-in and login-request form posts, and the start
// and refresh endpoints of every provider. Beyond the limit: 429 in
// Backstage's error shape with Retry-After.

/** Whether a request is a login attempt; `.data` is the same action posted by React Router with JavaScript on. */
export function isLoginAttempt(method: string, path: string, basePath: string): boolean {
  if (!path.startsWith(`${basePath}/`)) return false;
  const local = path.slice(basePath.length);
  if (method === "POST") return /^\/(?:sign-in|auth\/login-request)(?:\.data)?$/.test(local);
  if (method === "GET" || method === "HEAD") return /^\/api\/auth\/[^/]+\/(?:start|refresh)$/.test(local);
  return false;
}

export function loginRateLimit(limiter: () => RateLimiter | undefined, basePath: string): RequestHandler {
  const t = createTranslator();
  return (req: Request, res: Response, next: NextFunction) => {
    const rateLimiter = limiter();
    if (!rateLimiter || !isLoginAttempt(req.method, req.path, basePath)) return next();
    const decision = rateLimiter.attempt(req.ip ?? req.socket.remoteAddress ?? "unknown");
    if (decision.allowed) return next();
    const message = t("signIn.tooManyAttempts", { seconds: decision.retryAfterSeconds });
    res.status(429).set("Retry-After", String(decision.retryAfterSeconds));
    // A form posted without JavaScript is a page load: it gets a page that says why, not JSON.
    if (isDocumentRequest(req)) {
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message)}</title></head><body><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(req.originalUrl.split("?")[0])}">${escapeHtml(t("signIn.title"))}</a></p></body></html>`,
        );
      return;
    }
    sendError(req, res, new TooManyRequestsError(message));
  };
}

/** A browser navigating (no JavaScript): a page path, not the API or React Router's .data fetches, asking for HTML. */
function isDocumentRequest(req: Request): boolean {
  return req.method === "POST" && !req.path.endsWith(".data") && /\btext\/html\b/.test(req.get("accept") ?? "");
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
