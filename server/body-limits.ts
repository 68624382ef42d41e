import type { NextFunction, Request, RequestHandler, Response } from "express";
import { formatByteSize } from "../app/lib/config/byte-size";
import { PayloadTooLargeError } from "../app/lib/errors";
import { createTranslator } from "../app/lib/i18n/i18n";
import { readPreferences } from "../app/lib/settings/preferences";
import { sendError } from "./request-guards";

// The bodies posted to pages (React Router's actions, with or without
// JavaScript) are read here, as they arrive, before any action runs: up to
// backend.limits.multipartBody for multipart/form-data, backend.limits.formBody
// for anything else. A body that passes its limit, whether its Content-Length
// says so up front or a chunked stream grows past it, is answered 413 at once
// and never held whole: an HTML page for a browser's form post, Backstage's
// error body otherwise. What was read within the limit is handed to React
// Router by ./react-router-handler.ts.
//
// Not here: /api, whose JSON bodies app/lib/http/api.server.ts reads within
// its own limit, and git's upload-pack protocol, which its route limits.

export type BodyLimits = { formBody: number; multipartBody: number };

/**
 * After a 413 is written, the rest of the body is read and dropped for this
 * long, so the client can read its answer; then the connection is cut. Time,
 * not bytes, as nginx's lingering close: dropping costs no memory, and a
 * byte allowance runs out in milliseconds on a fast link, before a busy
 * client has read the answer (its next write then fails with a reset).
 */
const LINGER_MS = 5000;

const BODY = Symbol("atrium.pageBody");

/** The body ./body-limits.ts read for this request, if it read one. */
export function readBodyOf(res: Response): Buffer | undefined {
  return (res.locals as { [BODY]?: Buffer })[BODY];
}

export function limitPageBodies(limits: BodyLimits, basePath: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (req.path.startsWith(`${basePath}/api/`)) return next();
    const type = req.get("content-type") ?? "";
    if (/^application\/x-git-/i.test(type)) return next();
    const limit = /^multipart\//i.test(type) ? limits.multipartBody : limits.formBody;
    const declared = Number(req.get("content-length"));
    if (declared > limit) return refuse(req, res, limit);

    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      refuse(req, res, limit);
    };
    const onEnd = () => {
      stop();
      (res.locals as { [BODY]?: Buffer })[BODY] = Buffer.concat(chunks, size);
      next();
    };
    // A client that goes away mid-body gets no answer; what it sent is dropped.
    const onAborted = () => {
      stop();
      chunks.length = 0;
    };
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAborted);
      req.off("close", onAborted);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAborted);
    req.on("close", onAborted);
  };
}

function refuse(req: Request, res: Response, limit: number) {
  // Node closes a connection once a response to a request it has not read to
  // the end is finished; the client, still sending, then gets a reset that
  // can discard the 413 before it was read. Kept open, the connection is
  // ours to close after the linger below.
  res.shouldKeepAlive = true;
  const message = `Request body is larger than ${formatByteSize(limit)}`;
  lingerThenClose(req, res);
  // A form posted without JavaScript is a page load: it gets a page that says why.
  if (isDocumentRequest(req)) {
    const t = createTranslator(readPreferences(req.get("cookie") ?? null).language);
    const title = t("errorPage.subtitle", { status: 413, statusMessage: "Payload Too Large" });
    const detail = t("errorPage.bodyTooLarge", { size: formatByteSize(limit) });
    res
      .status(413)
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(detail)}</p><p><a href="${escapeHtml(req.originalUrl.split("?")[0])}">${escapeHtml(t("errorPage.goBack"))}</a></p></main></body></html>`,
      );
    return;
  }
  sendError(req, res, new PayloadTooLargeError(message));
}

/**
 * Drops what still arrives of a refused body, without keeping it, until the
 * client stops or LINGER_MS after the answer went out; then the connection is
 * cut, so a client sending gigabytes is not read to its end. Cutting at once
 * would risk a reset reaching the client before the 413 it has not read yet.
 */
function lingerThenClose(req: Request, res: Response) {
  let timer: NodeJS.Timeout | undefined;
  const cut = () => {
    req.off("data", drop);
    if (!req.complete) req.socket.destroy();
  };
  const drop = () => {};
  res.once("finish", () => {
    if (req.complete) return;
    timer = setTimeout(cut, LINGER_MS);
    timer.unref();
  });
  req.on("data", drop);
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/** A browser navigating (no JavaScript): not React Router's .data fetches, asking for HTML. */
function isDocumentRequest(req: Request): boolean {
  return !req.path.endsWith(".data") && /\btext\/html\b/.test(req.get("accept") ?? "");
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
