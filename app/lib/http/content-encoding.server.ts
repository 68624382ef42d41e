import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { jsonText } from "./api.server";

// Responses are compressed as they are sent (server/compression.ts). A large
// answer that many requests share, cached until the catalog changes (a facet
// of twenty thousand owners is a megabyte of JSON), is compressed once
// instead: the first request that accepts gzip compresses it, on libuv's
// thread pool, and every later one sends the same bytes. The compression
// middleware leaves a response that already has a Content-Encoding alone.

const gzipAsync = promisify(gzip);

/** Below this size compressing as it is sent costs less than keeping a second copy. */
const SHARED_COMPRESSION_MIN_BYTES = 16 * 1024;

/** A JSON answer shared by requests until it is stale, with its gzip once a request asked for it. */
export type SharedJson = { readonly json: string; gzipped?: Promise<Buffer> };

export async function sharedJsonResponse(request: Request, body: SharedJson): Promise<Response> {
  if (body.json.length < SHARED_COMPRESSION_MIN_BYTES || !acceptedEncodings(request.headers.get("accept-encoding")).has("gzip")) return jsonText(body.json);
  body.gzipped ??= gzipAsync(body.json);
  return new Response(new Uint8Array(await body.gzipped), { headers: { "Content-Type": "application/json", "Content-Encoding": "gzip", Vary: "Accept-Encoding" } });
}

/** The codings of an Accept-Encoding header with a quality above zero, `*` standing for gzip and br unless they are refused. */
export function acceptedEncodings(header: string | null | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let anyOther = false;
  for (const part of (header ?? "").split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (!coding) continue;
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const allowed = quality === undefined || Number(quality) > 0;
    if (coding === "*") anyOther = allowed;
    else (allowed ? accepted : refused).add(coding);
  }
  if (anyOther) for (const encoding of ["br", "gzip"]) if (!refused.has(encoding)) accepted.add(encoding);
  return accepted;
}
