import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { InputError } from "../app/lib/errors";
import { errorBodyFor, errorHeaders } from "../app/lib/http/error-response.server";
import type { Logger } from "../app/lib/logger.server";
import { decodedPath, PERCENT_ENCODING_PROBLEM } from "../app/lib/http/request-path";

// The first things every request meets: an id and a log line, and a refusal
// of paths no route could mean (a 400 here beats a 500 somewhere deeper).

export const MAX_PATH_LENGTH = 4096;
const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("x-request-id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId,
          method: req.method,
          path: req.originalUrl.split("?")[0].slice(0, 512),
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          remoteAddress: req.ip,
        },
        "request",
      );
    });
    next();
  };
}

/**
 * Refuses a path no route could mean with Backstage's error body, except a
 * page's path that does not decode: a browser gets the HTML error page with
 * the same 400 (the root route's middleware answers it, app/root.tsx), so it
 * passes on marked `res.locals.undecodablePagePath` and skips the static
 * files. API and asset paths always get the JSON body.
 */
export function pathGuard(basePath: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const rawPath = req.originalUrl.split("?")[0];
    const problem = pathProblem(rawPath);
    if (!problem) return next();
    if (problem === PERCENT_ENCODING_PROBLEM && isPagePath(rawPath, basePath) && (req.method === "GET" || req.method === "HEAD")) {
      res.locals.undecodablePagePath = true;
      return next();
    }
    sendError(req, res, new InputError(problem));
  };
}

/** Under the base path, neither the API nor the built assets. */
function isPagePath(rawPath: string, basePath: string): boolean {
  if (basePath && rawPath !== basePath && !rawPath.startsWith(`${basePath}/`)) return false;
  const rest = rawPath.slice(basePath.length);
  return !/^\/(api|assets)(\/|$)/i.test(rest);
}

export function pathProblem(rawPath: string): string | undefined {
  if (rawPath.length > MAX_PATH_LENGTH) return `Request path is longer than ${MAX_PATH_LENGTH} characters`;
  const decoded = decodedPath(rawPath);
  if (decoded === undefined) return PERCENT_ENCODING_PROBLEM;
  if (decoded.includes("\0")) return "Request path contains a NUL character";
  const segments = decoded.split(/[/\\]/);
  if (segments.some((segment) => segment === ".." || segment === ".")) {
    return "Request path may not contain '.' or '..' segments";
  }
  return undefined;
}

/** Answers with Backstage's error body through the API's own mapping (app/lib/http/error-response.server.ts); never a stack. */
export function sendError(req: Request, res: Response, error: unknown) {
  const body = errorBodyFor(error, { method: req.method, url: req.originalUrl });
  res.status(body.response.statusCode).set(errorHeaders(error)).json(body);
}
