import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { constants } from "node:zlib";
import compression from "compression";
import type { RequestHandler, Response } from "express";
import { acceptedEncodings } from "../app/lib/http/content-encoding.server";

// Responses go out compressed, brotli or gzip as the client's Accept-Encoding
// allows, and as they are when it sends none. Assets under build/client/assets
// are compressed once at build time (vite.config.ts writes a .br and a .gz
// beside each) and served as they are; everything else (pages, route data,
// API answers) is compressed as it is sent.

/**
 * Pages and route data stream (React Router sends the shell first, then what
 * loaders resolve later), so every write goes through the compressor at once
 * (a sync flush: the compressor keeps its dictionary) instead of waiting for
 * it to fill a block. The middleware's own res.flush(), which @react-router/node
 * calls after every chunk, is a full flush that resets gzip's dictionary each
 * time and doubles a gzipped page; with every write flushed already it has
 * nothing left to do. Event streams are left alone: each event must reach
 * the client the moment it is written.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH },
    filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
  });
  return (req, res, next) => {
    compress(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.flush = () => undefined;
      next();
    });
  };
}

function isEventStream(res: Response): boolean {
  return String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");
}

/** The encodings a precompressed asset is kept in, in the order the server prefers them. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/**
 * Serves an asset's .br or .gz file in its place when the client accepts that
 * encoding, with the asset's own content type; the static middleware after it
 * sends the file (length, ETag, caching). Mounted at the assets' URL.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  // The build does not change while the server runs: which files have which variants is read once.
  const variants = new Map<string, Set<string>>();
  if (existsSync(assetsDir)) {
    for (const entry of readdirSync(assetsDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const variant = PRECOMPRESSED.find(({ suffix }) => entry.name.endsWith(suffix));
      if (!variant) continue;
      const relative = path
        .relative(assetsDir, path.join(entry.parentPath, entry.name.slice(0, -variant.suffix.length)))
        .split(path.sep)
        .join("/");
      if (!variants.has(relative)) variants.set(relative, new Set());
      variants.get(relative)!.add(variant.encoding);
    }
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    const available = variants.get(relative);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.get("accept-encoding"));
    const chosen = PRECOMPRESSED.find(({ encoding }) => available.has(encoding) && accepted.has(encoding));
    if (!chosen) return next();
    res.type(path.extname(relative));
    res.setHeader("Content-Encoding", chosen.encoding);
    req.url = `${req.url.split("?")[0]}${chosen.suffix}`;
    next();
  };
}
