import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { InputError } from "../app/lib/errors";
import { errorBodyFor, errorHeaders } from "../app/lib/http/error-response.server";
import type { Logger } from "../app/lib/logger.server";

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

export function pathGuard(req: Request, res: Response, next: NextFunction) {
  const rawPath = req.originalUrl.split("?")[0];
  const problem = pathProblem(rawPath);
  if (!problem) return next();
  sendError(req, res, new InputError(problem));
}

export function pathProblem(rawPath: string): string | undefined {
  if (rawPath.length > MAX_PATH_LENGTH) return `Request path is longer than ${MAX_PATH_LENGTH} characters`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "Request path is not valid percent-encoding";
  }
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
