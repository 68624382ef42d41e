import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { RateLimiter } from "../app/lib/auth/rate-limit.server";
import { createTranslator } from "../app/lib/i18n/i18n";

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
    res
      .status(429)
      .set("Retry-After", String(decision.retryAfterSeconds))
      .json({
        error: { name: "TooManyRequestsError", message: t("signIn.tooManyAttempts", { seconds: decision.retryAfterSeconds }) },
        request: { method: req.method, url: req.originalUrl.split("?")[0].slice(0, 512) },
        response: { statusCode: 429 },
      });
  };
}
